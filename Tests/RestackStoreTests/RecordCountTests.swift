import Foundation
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// A snapshot's record count (`restack_snapshot.record_count`, which history lists without
/// decoding its tree) is checked against its tree (review of m009, item 10): a count that is not
/// the tree's is damage, reported by `check` and by a read, and a begun restore quarantines the
/// snapshot (kept) and falls back, as for any damaged snapshot.
@Suite("Record counts")
struct RecordCountTests {
    static func tree(_ count: Int) -> RestorationTree {
        .drillDown(left: (0..<count).map { RestorationRecord(identifier: "r\($0)", className: "R") })
    }

    @Test(arguments: [5, 0, -1])
    func aCountThatIsNotTheTreesIsDamage(_ count: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SnapshotStore(path: path)
        let older = try store.save(Self.tree(2), session: "s")
        let newer = try store.save(Self.tree(3), session: "s")
        try OutcomeCountDamageTests.edit(path, "UPDATE restack_snapshot SET record_count = \(count) WHERE id = \(newer.id)")
        let detail = "restack_snapshot.record_count of snapshot \(newer.id): \(count), but its tree holds 3 records"

        #expect(try store.snapshots(session: "s").map(\.recordCount) == [2, count], "history lists the counts as stored")
        #expect(try store.check().problems == [detail])
        #expect(throws: StoreError.corrupt(path: path, detail: detail)) { try store.snapshot(id: newer.id) }
        #expect(throws: StoreError.corrupt(path: path, detail: detail)) { try store.restore(session: "s") }
        #expect(throws: StoreError.corrupt(path: path, detail: detail)) { try store.latestSnapshot(session: "s") }

        // A begun restore falls back to the older snapshot; the damaged one is kept, quarantined.
        guard case .restore(let restoration) = try store.beginRestore(session: "s") else {
            Issue.record("nothing restored")
            return
        }
        #expect(restoration.snapshot.info.id == older.id)
        #expect(restoration.snapshot.tree == Self.tree(2))
        #expect(try store.snapshots(session: "s").map(\.id) == [older.id, newer.id])
        #expect(try store.snapshots(session: "s").last?.quarantinedAt != nil)
    }

    @Test func theCountsOfAHealthyStoreAreTheTrees() throws {
        let store = try SnapshotStore.inMemory()
        for count in [0, 1, 4] {
            let info = try store.save(Self.tree(count), session: "s")
            #expect(try store.snapshot(id: info.id).info.recordCount == count)
        }
        #expect(try store.check().isHealthy)
    }
}
