import Foundation
import RestackTestSupport
import Restack
@testable import RestackStore
import Testing

/// Caps: a save over one fails with a typed error naming the cap and the size, and writes nothing.
@Suite("Limits")
struct LimitTests {
    func store(_ folder: TemporaryFolder, _ limits: SnapshotStore.Limits) throws -> SnapshotStore {
        try SnapshotStore(path: folder.path("l.sqlite"), options: .init(limits: limits))
    }

    @Test func payloadOverTheCapFailsNamingTheRecordAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        let store = try store(folder, .init(maxPayloadBytes: 100))
        try store.save(mailState, session: "s")
        let before = try store.check()
        let big = RestorationTree.drillDown(left: [record("a"), RestorationRecord(identifier: "b", payload: Data(count: 101))])
        #expect(throws: StoreError.limitExceeded(.payloadBytes(RecordPath([.left(1)])), size: 101, limit: 100)) {
            try store.save(big, session: "s")
        }
        #expect(throws: StoreError.limitExceeded(.payloadBytes(RecordPath([.left(1)])), size: 101, limit: 100)) {
            try store.save(big, session: "new session")
        }
        #expect(try store.check() == before, "no session, snapshot or record was written")
        let exactly = RestorationTree.drillDown(left: [RestorationRecord(identifier: "b", payload: Data(count: 100))])
        #expect(throws: Never.self) { try store.save(exactly, session: "s") }
    }

    @Test func snapshotBytesAndRecordCountAreCapped() throws {
        let folder = try TemporaryFolder()
        let store = try store(folder, .init(maxPayloadBytes: 1000, maxSnapshotBytes: 1500, maxRecordCount: 3))
        let heavy = RestorationTree.drillDown(left: [RestorationRecord(identifier: "aa", payload: Data(count: 900)),
                                          RestorationRecord(identifier: "bb", payload: Data(count: 900))])
        #expect(throws: StoreError.limitExceeded(.snapshotBytes, size: 1804, limit: 1500)) {
            try store.save(heavy, session: "s")
        }
        let many = RestorationTree.drillDown(left: [record("a"), record("b"), record("c")], right: record("d"))
        #expect(throws: StoreError.limitExceeded(.recordCount, size: 4, limit: 3)) {
            try store.save(many, session: "s")
        }
        #expect(try store.sessions().isEmpty)
        let message = StoreError.limitExceeded(.recordCount, size: 4, limit: 3).description
        #expect(message.contains("records per snapshot") && message.contains("4") && message.contains("3"))
    }

    /// Identifiers and class names: any Unicode, 64 KiB and more, quotes and SQL-looking text.
    @Test(arguments: [
        String(repeating: "é", count: 40_000),            // 80,000 UTF-8 bytes
        String(repeating: "x", count: 64 * 1024 + 1),
        "Robert'); DROP TABLE restack_record;--",
        "\"quoted\" 'single' `back` \\ % _ * ?",
        "🏳️‍🌈 ZWJ, RTL \u{202E}txet, combining e\u{301}, NUL \u{0} end",
    ])
    func hostileTextIsStoredAndReturnedExactly(_ text: String) throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("t.sqlite"))
        let state = RestorationTree.drillDown(left: [RestorationRecord(identifier: text, className: text)], right: RestorationRecord(identifier: text))
        try store.save(state, session: text)
        let loaded = try store.latestSnapshot(session: text)
        #expect(loaded.tree == state)
        try #require(loaded.tree.left.isEmpty == false)
        #expect(loaded.tree.left[0].identifier.map { Array($0.utf8) } == Array(text.utf8))
        #expect(try store.sessions().map { Array($0.name.utf8) } == [Array(text.utf8)])
        #expect(try store.check().isHealthy)
        print("hostile text of \(text.utf8.count) UTF-8 bytes round-tripped exactly")
    }
}
