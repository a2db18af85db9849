import Foundation
import RestackTestSupport
import Restack
@testable import RestackStore
import Testing

@Suite("Saving and loading")
struct SaveLoadTests {
    @Test func saveThenLoadGivesTheStateExactlyWithItsInformation() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("s.sqlite"), options: .init(appVersion: "2.3 (45)"))
        let savedAt = Date(timeIntervalSince1970: 1_800_000_000.123)
        let info = try store.save(mailState, session: "scene-1", savedAt: savedAt)
        let loaded = try store.latestSnapshot(session: "scene-1")
        #expect(loaded.tree == mailState)
        #expect(loaded.info == info)
        #expect(info.recordCount == 4)
        #expect(info.appVersion == "2.3 (45)")
        #expect(abs(loaded.info.savedAt.timeIntervalSince(savedAt)) < 0.001)
    }

    @Test func recordsKeepTheirSlotsEvenWhenInvalid() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("s.sqlite"))
        let state = RestorationTree.drillDown(left: [record(nil), record(""), record("x")], right: record(nil, nil))
        try store.save(state, session: "s")
        #expect(try store.latestSnapshot(session: "s").tree == state)
    }

    @Test func aNewerFormatIsStoredAsGivenAndRestoresNothing() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("s.sqlite"))
        let state = RestorationTree.drillDown(formatVersion: 7, left: [record("a")], right: record("b"))
        try store.save(state, session: "s")
        let restoration = try store.restore(session: "s").restored
        #expect(restoration.snapshot.tree == state)
        #expect(restoration.plan.dropped.map(\.reason) == [.unsupportedFormat, .unsupportedFormat])
        #expect(try store.latestSnapshot(session: "s").tree == state, "restoring never modifies stored data")
    }

    @Test func emptyPayloadsAndNULCharactersSurvive() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("s.sqlite"))
        let tricky = RestorationRecord(identifier: "a\u{0}b", className: "C\u{0}", payload: Data())
        let session = "scene\u{0}with NUL"
        try store.save(RestorationTree.drillDown(left: [tricky]), session: session)
        let loaded = try store.latestSnapshot(session: session)
        #expect(loaded.tree.left == [tricky])
        try #require(loaded.tree.left.isEmpty == false)
        #expect(loaded.tree.left[0].payload == Data())
        #expect(try store.sessions().map(\.name) == [session])
    }

    /// The launch read (`restore` and `beginRestore`) selects text columns as they are and
    /// must still give back every byte after a NUL, which GRDB's C-string reading would cut.
    @Test func theLaunchReadKeepsNULCharactersToo() throws {
        let store = try SnapshotStore.inMemory(options: .init(appVersion: "2\u{0}.3"))
        let tricky = RestorationRecord(identifier: "a\u{0}b", className: "C\u{0}lass", payload: Data([0]))
        let session = "scene\u{0}with NUL"
        try store.save(RestorationTree.drillDown(left: [tricky], right: tricky), session: session)
        let restored = try store.restore(session: session).restored
        #expect(restored.snapshot.tree.left == [tricky])
        #expect(restored.snapshot.tree.right == tricky)
        #expect(restored.snapshot.info.appVersion == "2\u{0}.3")
        let begun = try store.beginRestore(session: session).restored
        #expect(begun.snapshot.tree.left == [tricky])
        #expect(begun.snapshot.info.unconfirmedRestores == 1)
    }

    @Test func restoreUsesTheLatestSnapshotAndTheResolver() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("s.sqlite"))
        try store.save(RestorationTree.drillDown(left: [record("old")]), session: "s")
        let latest = try store.save(mailState, session: "s")
        let restoration = try store.restore(session: "s", resolver: .knownClasses(["mailboxesController", "InboxController"])).restored
        #expect(restoration.snapshot.info.id == latest.id)
        #expect(restoration.plan.left.map(\.record.identifier) == ["mailboxes", "inbox"])
        #expect(restoration.plan.right == nil)
        #expect(restoration.plan.dropped.map(\.reason) == [.missingIdentifier, .unresolvedClass])
    }

    @Test func unknownSessionsAndSnapshotsAreTypedErrors() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("s.sqlite"))
        let info = try store.save(mailState, session: "a")
        try store.save(mailState, session: "b")
        #expect(throws: StoreError.sessionNotFound("nope")) { try store.latestSnapshot(session: "nope") }
        #expect(try store.restore(session: "nope") == .nothingSaved, "a session never saved is an answer, not an error")
        #expect(throws: StoreError.snapshotNotFound(9999, session: nil)) { try store.snapshot(id: 9999) }
        #expect(throws: StoreError.snapshotNotFound(info.id, session: "b")) { try store.snapshot(id: info.id, session: "b") }
        #expect(try store.snapshot(id: info.id, session: "a").tree == mailState)
    }
}
