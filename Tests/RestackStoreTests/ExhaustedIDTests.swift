import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Issue 31, defect 3: an `AUTOINCREMENT` table whose ids have run out is damage, not a full disk.
@Suite("Ids that have run out")
struct ExhaustedIDTests {
    /// The SQL that marks `table`'s largest id ever given as `id`: its `sqlite_sequence` row,
    /// or for snapshots (migration 9) `restack_meta`'s high-water mark.
    static func exhausting(_ table: String, at id: Int64) -> String {
        table == "restack_snapshot"
            ? "INSERT OR REPLACE INTO restack_meta (key, value) VALUES ('snapshot_high_water', \(id))"
            : "UPDATE sqlite_sequence SET seq = \(id) WHERE name = '\(table)'"
    }

    @Test(arguments: ["restack_snapshot", "restack_session"])
    func aSequenceAtTheLargestIdIsDamageNotAFullDisk(_ table: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SnapshotStore(path: path)
        try store.save(.drillDown(left: [record("a")]), session: "s")
        let before = try store.snapshots(session: "s")
        try OutcomeCountDamageTests.edit(path, Self.exhausting(table, at: 9223372036854775807))
        let mark = table == "restack_snapshot" ? "snapshot_high_water" : "sqlite_sequence"
        let detail = "\(table).id: the ids have reached 9223372036854775807, the largest (\(mark)), so no row can be added; ids grow by one a save and never get there"
        // A new session needs a session row; an existing one only a snapshot row.
        let session = table == "restack_session" ? "new" : "s"
        #expect(throws: StoreError.corrupt(path: path, detail: detail)) {
            try store.save(.drillDown(left: [record("b")]), session: session)
        }
        #expect(try store.snapshots(session: "s") == before, "nothing was written")
        #expect(try store.check().problems == [detail])
    }

    @Test func aFullSequenceOfAnotherTableIsNotBlamed() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SnapshotStore(path: path)
        try store.save(.drillDown(left: [record("a")]), session: "s")
        try OutcomeCountDamageTests.edit(path, Self.exhausting("restack_snapshot", at: 9223372036854775806))
        #expect(try store.check().isHealthy, "one id is left")
        let last = try store.save(.drillDown(left: [record("b")]), session: "s")
        #expect(last.id == .max)
        #expect(try store.check().problems.count == 1, "now none is left")
    }

    /// Value ids (migration 9) have their own high-water mark: a new record then cannot get one.
    @Test func valueIdsThatHaveRunOutAreDamage() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SnapshotStore(path: path)
        try store.save(.drillDown(left: [record("a")]), session: "s")
        let before = try store.snapshots(session: "s")
        try OutcomeCountDamageTests.edit(path, "INSERT INTO restack_meta (key, value) VALUES ('value_high_water', 9223372036854775807)")
        #expect(throws: StoreError.corrupt(path: path, detail: StoredIDs.valueProblem)) {
            try store.save(.drillDown(left: [record("b")]), session: "s")
        }
        #expect(try store.snapshots(session: "s") == before, "nothing was written")
        #expect(try store.check().problems == [StoredIDs.valueProblem])
    }

    /// One block of value ids left (the mark just below it): a new record takes its first id,
    /// and a save that needs two blocks is the typed damage, never a trap on counting past the
    /// largest.
    @Test func theLastValueBlockIsGivenAndNoneAfterIt() throws {
        let lastBlock = Int64.max - (ValueIDs.blockSize - 1)
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SnapshotStore(path: path)
        try store.save(.drillDown(left: [record("a")]), session: "s")
        try OutcomeCountDamageTests.edit(path, "INSERT INTO restack_meta (key, value) VALUES ('value_high_water', \(lastBlock - 1))")
        try store.save(.drillDown(left: [record("a"), record("b")]), session: "s")
        let largest = try store.database.read { try Int64.fetchOne($0, sql: "SELECT MAX(id) FROM restack_value") }
        #expect(largest == lastBlock, "the one block left was given")

        let again = try TemporaryFolder()
        let other = again.path("s.sqlite")
        let second = try SnapshotStore(path: other)
        try second.save(.drillDown(left: [record("a")]), session: "s")
        try OutcomeCountDamageTests.edit(other, "INSERT INTO restack_meta (key, value) VALUES ('value_high_water', \(lastBlock - 1))")
        let before = try HighWaterMarkTests.dump(other)
        #expect(throws: StoreError.corrupt(path: other, detail: StoredIDs.valueProblem)) {
            try second.save(.drillDown(left: [record("a"), record("b"), record("c")]), session: "s")
        }
        #expect(try HighWaterMarkTests.dump(other) == before, "nothing was written")
        #expect(try second.latestSnapshot(session: "s").tree == .drillDown(left: [record("a")]), "the previous snapshot is intact")
    }
}
