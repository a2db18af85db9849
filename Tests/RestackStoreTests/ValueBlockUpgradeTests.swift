import Foundation
import GRDB
import Restack
import RestackMigrations
@testable import RestackStore
import RestackTestSupport
import Testing

/// Migration 10 from a store of every earlier migration: every row kept, `value_blocks_from` the
/// first multiple of 16 above every value id given, the snapshots read as before, and an id given
/// before it never succeeded (its successor may have been given).
@Suite("Upgrading to blocks of value ids (migration 10)")
struct ValueBlockUpgradeTests {
    static let first = RestorationTree.drillDown(left: [record("a", "C"), record("b", "C")])
    static let second = RestorationTree.drillDown(left: [record("a", "C"), record("b", "C"), record("c", "C")])

    /// Session "s" with the two snapshots above, as the rows of a store of the first `count`
    /// migrations.
    static func rows(_ count: Int) throws -> String {
        let sessions = "INSERT INTO restack_session (id, name, created_at) VALUES (1, 's', 0);"
        let snapshots = "INSERT INTO restack_snapshot (id, session_id, format_version, app_version, saved_at) VALUES (1, 1, 1, NULL, 1000), (2, 1, 1, NULL, 2000);"
        let names = [(1, ["a", "b"]), (2, ["a", "b", "c"])]
        switch count {
        case 1...3:
            return sessions + snapshots + "INSERT INTO restack_record (snapshot_id, slot, position, identifier, class_name) VALUES "
                + names.flatMap { snapshot, left in left.enumerated().map { "(\(snapshot), 'left', \($0.offset), '\($0.element)', 'C')" } }
                    .joined(separator: ", ") + ";"
        case 4...8:
            return sessions + snapshots + "INSERT INTO restack_record (snapshot_id, path, parent, slot, position, identifier, class_name) VALUES "
                + names.flatMap { snapshot, left in left.enumerated().map { "(\(snapshot), 'left[\($0.offset)]', '', 'left', \($0.offset), '\($0.element)', 'C')" } }
                    .joined(separator: ", ") + ";"
        default:
            // Migration 9's layout: values 1 to 5 (no sharing among rows a migration made).
            var id: Int64 = 0
            let trees = names.map { snapshot, left in
                let tree = TreeBlob(records: left.indices.map { index in
                    id += 1
                    return TreeBlob.Record(owner: 0, slot: "left", position: index, valueID: id)
                }, containers: [])
                return "(\(snapshot), 1, 1, NULL, \(snapshot * 1000), 'drillDown', \(left.count), X'\(tree.encoded.map { String(format: "%02X", $0) }.joined())')"
            }
            return sessions
                + "INSERT INTO restack_snapshot (id, session_id, format_version, app_version, saved_at, shape, record_count, tree) VALUES "
                + trees.joined(separator: ", ") + ";"
                + "INSERT INTO restack_value (id, identifier, class_name) VALUES "
                + names.flatMap { $0.1 }.enumerated().map { "(\($0.offset + 1), '\($0.element)', 'C')" }.joined(separator: ", ") + ";"
        }
    }

    @Test(arguments: 1...9)
    func aStoreOfAnEarlierMigration(_ count: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("m\(count).sqlite")
        let old = try storeMadeByMigrations(count, at: path)
        try old.write { try $0.execute(sql: Self.rows(count)) }
        try old.close()

        let store = try SnapshotStore(path: path, options: .init(retention: .init(keepLast: 1)))
        #expect(try store.check().appliedMigrations == SnapshotStore.knownMigrations)
        #expect(try store.snapshot(id: 1).tree == Self.first)
        #expect(try store.snapshot(id: 2).tree == Self.second)
        #expect(try store.database.read { try Int64.fetchAll($0, sql: "SELECT id FROM restack_value ORDER BY id") } == [1, 2, 3, 4, 5])
        let blocksFrom = try store.database.read { try Int64.fetchOne($0, sql: "SELECT value FROM restack_meta WHERE key = 'value_blocks_from'") }
        #expect(blocksFrom == ValueIDs.blockSize, "the first multiple of 16 above the values 1 to 5")
        #expect(try store.check().isHealthy)

        // A save that releases values given before migration 10 (b and c of snapshot 2, a and b
        // of snapshot 1) gives its new record a block: the id after b or c may have been given.
        let pushed = try store.save(.drillDown(left: [record("a", "C"), record("x", "C")]), session: "s")
        #expect(try store.database.read { try treeValueIDs($0, snapshot: pushed.id) } == [3, ValueIDs.blockSize])
        // A value of a block is succeeded.
        let again = try store.save(.drillDown(left: [record("a", "C"), record("y", "C")]), session: "s")
        #expect(try store.database.read { try treeValueIDs($0, snapshot: again.id) } == [3, ValueIDs.blockSize + 1])
        #expect(try store.database.read { try Int64.fetchAll($0, sql: "SELECT id FROM restack_value ORDER BY id") } == [3, ValueIDs.blockSize + 1])
        #expect(try store.check().isHealthy)
    }

    /// Migration 10 on a store of migration 9 adds one row and changes no other.
    @Test func everyRowIsKept() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("m9.sqlite")
        let old = try storeMadeByMigrations(9, at: path)
        try old.write { try $0.execute(sql: Self.rows(9) + "INSERT INTO restack_meta (key, value) VALUES ('value_high_water', 40);") }
        try old.close()
        let before = try HighWaterMarkTests.dump(path)
        // Migration 10 alone (the store's opening would apply migration 11 too, which gives
        // sessions an owner column: OwnerTests).
        try storeMadeByMigrations(10, at: path).close()
        let after = try HighWaterMarkTests.dump(path)
        let store = try SnapshotStore(path: path)
        #expect(after.filter { !$0.contains("'value_blocks_from'") } == before)
        #expect(after.count == before.count + 1)
        #expect(try store.database.read { try Int64.fetchOne($0, sql: "SELECT value FROM restack_meta WHERE key = 'value_blocks_from'") } == 48,
                "above the mark (40), not only the largest present (5)")
    }
}
