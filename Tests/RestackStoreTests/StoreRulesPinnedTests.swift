import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Issue 38, "the rules no test pins", for the store: each test fails when its rule is broken
/// (a bug of the sample that the whole suite let through).
@Suite("Store rules, pinned")
struct StoreRulesPinnedTests {
    static func values(_ store: SnapshotStore) throws -> [Int64] {
        try store.database.read { try Int64.fetchAll($0, sql: "SELECT id FROM restack_value ORDER BY id") }
    }

    static func state(_ names: String...) -> RestorationTree {
        .drillDown(left: names.map { RestorationRecord(identifier: $0, className: "C") })
    }

    // MARK: Retention

    /// A snapshot saved exactly `maxAge` before a save is kept; a millisecond older, pruned.
    @Test func aSnapshotExactlyMaxAgeOldIsKept() throws {
        let store = try SnapshotStore.inMemory(options: .init(retention: .init(keepLast: 10, maxAge: 3600)))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try store.save(Self.state("a"), session: "s", savedAt: start)
        try store.save(Self.state("b"), session: "s", savedAt: start.addingTimeInterval(3600))
        #expect(try store.snapshots(session: "s").map(\.id).contains(first.id), "exactly maxAge old: kept")
        try store.save(Self.state("c"), session: "s", savedAt: start.addingTimeInterval(3600.001))
        #expect(try !store.snapshots(session: "s").map(\.id).contains(first.id), "a millisecond older: pruned")
    }

    /// While a restore is pending, the saves it makes are provisional, and retention prunes no
    /// ordinary snapshot: with `keepLast` 2, the one before the restored one is still there for
    /// the guard to fall back to when the restored one crashes the app.
    @Test func aPendingRestoreKeepsTheOrdinarySnapshotsTheGuardFallsBackTo() throws {
        let store = try SnapshotStore.inMemory(options: .init(retention: .init(keepLast: 2), crashLoopThreshold: 1))
        try store.save(Self.state("a"), session: "s")
        let fallback = try store.save(Self.state("b"), session: "s")
        let crashing = try store.save(Self.state("c"), session: "s")
        #expect(try store.beginRestore(session: "s").restored.snapshot.info.id == crashing.id)
        for name in ["d", "e", "f"] {
            #expect(try store.save(Self.state(name), session: "s").isProvisional)
        }
        #expect(try store.snapshots(session: "s").filter { !$0.isProvisional }.map(\.id) == [fallback.id, crashing.id])
        // The app crashed while rebuilding: the next launch falls back to the one before.
        let next = try store.beginRestore(session: "s").restored
        #expect(next.snapshot.info.id == fallback.id && next.skippedQuarantined == [crashing.id])
    }

    // MARK: Value ids

    /// A deletion of more than 32 values (a statement deletes 32 at most) keeps the largest id
    /// it deleted as `value_high_water`, so that no id is given twice: a deep session deleted,
    /// and a long stack pruned.
    @Test(arguments: [true, false])
    func aDeletionOfManyValuesKeepsTheLargestIdDeleted(deleting: Bool) throws {
        let store = try SnapshotStore.inMemory()
        try store.save(Self.state("kept"), session: "kept")
        let deep = RestorationTree.drillDown(left: (0..<(RecordValues.idsPerStatement + 8)).map { RestorationRecord(identifier: "r\($0)", className: "C") })
        try store.save(deep, session: "deep")
        let largest = try #require(try Self.values(store).last)
        #expect(largest == 41)
        if deleting {
            try store.deleteSession("deep")
        } else {
            // Popped back to the first record: its value shared, the 39 above it pruned.
            try store.save(Self.state("r0"), session: "deep")
            try store.pruneHistory(session: "deep", keepingLast: 1)
        }
        #expect(try store.database.read { try Int64.fetchOne($0, sql: "SELECT value FROM restack_meta WHERE key = 'value_high_water'") } == largest)
        try store.save(Self.state("new"), session: "kept")
        #expect(try Self.values(store).last == largest + 1, "the next id is past every one deleted")
    }

    // MARK: Legacy snapshots and trees that do not decode

    /// A session that still holds a snapshot of an older store kept as it was (its tree the byte
    /// 0 and the reason; its rows in `restack_legacy_*`) keeps releasing the values of what is
    /// pruned or deleted: such a tree names no value, it is not one that may name any.
    @Test func aSessionHoldingALegacySnapshotKeepsReleasingValues() throws {
        let store = try SnapshotStore.inMemory(options: .init(retention: .init(keepLast: 1)))
        let legacy = try store.save(Self.state("old"), session: "s")
        let other = try store.save(Self.state("o1"), session: "t")
        try store.database.write { db in
            for id in [legacy.id, other.id] {
                try db.execute(sql: "UPDATE restack_snapshot SET tree = CAST(X'00' || 'the position of \"left[0]\" is not a whole number from 0' AS BLOB), quarantined_at = 1 WHERE id = ?", arguments: [id])
            }
            try db.execute(sql: "DELETE FROM restack_value")
        }
        for name in ["a", "b", "c"] {
            try store.save(Self.state(name), session: "s")
        }
        #expect(try Self.values(store).count == 1, "each save's prune released the value before it")
        try store.save(Self.state("d", "e"), session: "s")
        try store.deleteSession("s")
        #expect(try Self.values(store).isEmpty, "deleting the session released its values, t's legacy tree naming none")
        #expect(try store.snapshots(session: "t").map(\.id) == [other.id])
    }

    /// `check` reports no value as unreferenced while a tree does not decode (it may name any),
    /// and reports them again once every tree decodes.
    @Test func checkCallsNoValueUnreferencedWhileATreeDoesNotDecode() throws {
        let store = try SnapshotStore.inMemory()
        let info = try store.save(Self.state("a", "b"), session: "s")
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO restack_value (id, identifier) VALUES (100, 'stray')")
            try db.execute(sql: "UPDATE restack_snapshot SET tree = CAST(X'02' || substr(tree, 2) AS BLOB) WHERE id = ?", arguments: [info.id])
        }
        let problems = try store.check().problems
        #expect(problems.contains { $0.hasPrefix("restack_snapshot.tree of snapshot \(info.id)") }, "\(problems)")
        #expect(!problems.contains { $0.contains("no snapshot's tree references") }, "\(problems)")
        try store.database.write { try $0.execute(sql: "UPDATE restack_snapshot SET tree = CAST(X'01' || substr(tree, 2) AS BLOB) WHERE id = ?", arguments: [info.id]) }
        let healed = try store.check().problems
        #expect(healed == ["restack_value: value that no snapshot's tree references: 100"], "\(healed)")
    }

    /// Migration 9 keeps a record row whose position is negative as it was (a legacy snapshot,
    /// reported), even when its path reads as position 0: never a healthy record at 0.
    @Test func migrationNineKeepsANegativePositionAsLegacy() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("m8.sqlite")
        let old = try storeMadeByMigrations(8, at: file)
        try old.writeWithoutTransaction { db in
            // Migration 4's CHECK refuses it: damage, written as an editor would.
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: """
                INSERT INTO restack_session (id, name, created_at) VALUES (1, 's', 0);
                INSERT INTO restack_snapshot (id, session_id, format_version, saved_at, shape) VALUES (1, 1, 1, 1000, 'drillDown');
                INSERT INTO restack_record (snapshot_id, path, parent, slot, position, identifier, class_name) VALUES
                    (1, 'left[0]', '', 'left', -1, 'a', 'A');
                """)
        }
        try old.close()
        let store = try SnapshotStore(path: file)
        let (tree, legacyRows) = try store.database.read { db in
            (try Data.fetchOne(db, sql: "SELECT tree FROM restack_snapshot WHERE id = 1") ?? Data(),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM restack_legacy_record WHERE snapshot_id = 1 AND position = -1") ?? 0)
        }
        #expect(tree.first == MigratedTree.legacyFormat)
        #expect(legacyRows == 1)
        #expect(throws: StoreError.self) { try store.snapshot(id: 1) }
        #expect(try store.check().problems.contains { $0.hasPrefix("restack_legacy_record") })
    }
}
