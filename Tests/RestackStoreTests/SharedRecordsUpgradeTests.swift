import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Migration 9 (shared records, trees as blobs) keeps every row of a store of migration 8:
/// each record row a value byte for byte and class for class, each snapshot's structure in its
/// tree, damaged rows still reported (in the tree, or kept as they were), the largest id ever
/// given kept; and an older store is read without being written.
@Suite("Upgrading to shared records (migration 9)")
struct SharedRecordsUpgradeTests {
    /// A store of migration 8: session "s" with two drill-downs (hostile values: a NUL, an empty
    /// payload, an identifier stored as a blob, a payload stored as a real), session "t" with a
    /// tree (a split holding a tab bar, its settings as rows), session "gap" whose stack has a
    /// gap (a damage a tree holds), session "lost" whose record names a parent that is no record
    /// and session "odd" whose slot is no kind's (damages a tree cannot hold), and snapshot 9
    /// given up (deleted) above the newest.
    static let m008Rows = """
        INSERT INTO restack_session (id, name, created_at) VALUES (1, 's', 0), (2, 't', 0), (3, 'gap', 0), (4, 'lost', 0), (5, 'odd', 0);
        INSERT INTO restack_snapshot (id, session_id, format_version, app_version, saved_at, shape) VALUES
            (1, 1, 1, '1.0', 1000, 'drillDown'), (2, 1, 1, '1.1', 2000, 'drillDown'), (3, 2, 2, NULL, 3000, 'tree'),
            (4, 3, 1, NULL, 4000, 'drillDown'), (5, 4, 2, NULL, 5000, 'tree'), (6, 5, 1, NULL, 6000, 'drillDown'),
            (9, 1, 1, NULL, 9000, 'drillDown');
        DELETE FROM restack_snapshot WHERE id = 9;
        INSERT INTO restack_record (snapshot_id, path, parent, slot, position, identifier, class_name, payload) VALUES
            (1, 'left[0]', '', 'left', 0, 'a', 'A', NULL),
            (2, 'left[0]', '', 'left', 0, 'a', 'A', NULL),
            (2, 'left[1]', '', 'left', 1, CAST('b' || char(0) || 'é' AS TEXT), 'B', X''),
            (2, 'right', '', 'right', 0, X'00FF', 'R', 1.5),
            (3, 'primary[0]', '', 'primary', 0, 'nav', 'Nav', X'01'),
            (3, 'primary[0]/tabs[0]', 'primary[0]', 'tabs', 0, 'inbox', 'Box', NULL),
            (3, 'primary[0]/tabs[1]', 'primary[0]', 'tabs', 1, 'sent', 'Box', NULL),
            (3, 'detail[0]', '', 'detail', 0, 'message', 'Msg', X'2A'),
            (4, 'left[0]', '', 'left', 0, 'x', 'X', NULL),
            (4, 'left[2]', '', 'left', 2, 'y', 'Y', NULL),
            (5, 'records[0]', 'nowhere', 'records', 0, 'z', 'Z', NULL),
            (6, 'left[0]', '', 'middle', 0, 'w', 'W', NULL);
        INSERT INTO restack_container (snapshot_id, owner, kind) VALUES (3, '', 'split'), (3, 'primary[0]', 'tabs'), (5, '', 'stack');
        INSERT INTO restack_setting (snapshot_id, owner, name, value) VALUES
            (3, '', 'focus', 'detail'), (3, '', 'compact', 'omitDetail'), (3, 'primary[0]', 'selected', 1);
        """

    static let recordColumns = "hex(identifier), typeof(identifier), hex(class_name), typeof(class_name), hex(payload), typeof(payload)"

    static func rows(_ db: Database, _ sql: String) throws -> [[String]] {
        try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map(\.description) }
    }

    /// The trees the readable snapshots are.
    static let expected: [Int64: RestorationTree] = [
        1: .drillDown(left: [RestorationRecord(identifier: "a", className: "A")]),
        3: RestorationTree(formatVersion: 2, root: .split(SplitContainer(
            primary: [RestorationRecord(identifier: "nav", className: "Nav", payload: Data([1]), container: .tabs(TabsContainer(tabs: [
                RestorationRecord(identifier: "inbox", className: "Box"), RestorationRecord(identifier: "sent", className: "Box"),
            ], selected: 1)))],
            detail: [RestorationRecord(identifier: "message", className: "Msg", payload: Data([42]))],
            focus: .detail, compact: .omitDetail))),
    ]

    @Test func everyRowIsKeptAndEveryDamageStillReported() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("m008.sqlite")
        let old = try storeMadeByMigrations(8, at: file)
        let recordsBefore = try old.write { db in
            try db.execute(sql: Self.m008Rows)
            return try Self.rows(db, "SELECT \(Self.recordColumns) FROM restack_record WHERE snapshot_id IN (1, 2, 3, 4) ORDER BY snapshot_id, path")
        }
        try old.close()

        func expectReads(_ store: SnapshotStore) throws {
            for (id, tree) in Self.expected {
                let stored = try store.snapshot(id: id).tree
                #expect(stored == tree, "snapshot \(id)")
                #expect(StateFile.encode(stored) == StateFile.encode(tree), "export of \(id) byte for byte")
            }
            // Damaged values are still damaged, and named.
            #expect(throws: StoreError.self) { try store.snapshot(id: 2) }
            let damages: [(Int64, String)] = [
                (2, "restack_value.identifier of value 4 (the record at \"right\" of snapshot 2): expected text or NULL, found a blob"),
                (4, "restack_snapshot.tree of snapshot 4: a gap in a stack of the container at \"\": left position 2"),
                (5, "restack_snapshot.tree of snapshot 5: its rows from before migration 9 do not fit a tree (the parent \"nowhere\" of \"records[0]\" is no record)"),
                (6, "restack_snapshot.tree of snapshot 6: its rows from before migration 9 do not fit a tree (the slot \"middle\" of \"left[0]\" is no kind's)"),
            ]
            for (id, detail) in damages {
                let error = #expect(throws: StoreError.self) { try store.snapshot(id: id) }
                guard case .corrupt(_, let found)? = error else {
                    Issue.record("snapshot \(id): \(String(describing: error))")
                    continue
                }
                #expect(found.hasPrefix(detail), "\(found)")
            }
            let problems = try store.check().problems.joined(separator: "\n")
            for fragment in ["restack_value.identifier of value 4", "restack_value.payload of value 4", "snapshot 4: a gap",
                             "snapshot 5: its rows", "snapshot 6: its rows", "restack_legacy_record: records kept from before migration 9 that no tree holds: snapshots 5, 6",
                             "restack_legacy_container: containers kept from before migration 9 that no tree holds: snapshot 5"] {
                #expect(problems.contains(fragment), "\(fragment): \(problems)")
            }
        }

        // Read without writing: a copy migrated in memory.
        let before = FileFingerprint(file)
        try expectReads(try SnapshotStore(readingAt: file))
        #expect(FileFingerprint(file) == before, "a read-only opening leaves the file byte for byte")

        let store = try SnapshotStore(path: file)
        try expectReads(store)
        let queue = try DatabaseQueue(path: file)
        let (recordsAfter, legacy, highWater, tables) = try queue.read { db in
            (try Self.rows(db, "SELECT \(Self.recordColumns) FROM restack_value ORDER BY id"),
             try Self.rows(db, "SELECT snapshot_id, path, parent, slot, position, identifier FROM restack_legacy_record ORDER BY snapshot_id"),
             try Int64.fetchOne(db, sql: "SELECT value FROM restack_meta WHERE key = 'snapshot_high_water'"),
             try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'restack%' ORDER BY name"))
        }
        try queue.close()
        // Every record of a tree a value, byte for byte and class for class, in the order of
        // the old key; the rows no tree could hold kept as they were.
        #expect(recordsAfter == recordsBefore)
        #expect(legacy == [["5", "\"records[0]\"", "\"nowhere\"", "\"records\"", "0", "\"z\""],
                           ["6", "\"left[0]\"", "\"\"", "\"middle\"", "0", "\"w\""]])
        #expect(highWater == 9)
        #expect(!tables.contains("restack_record") && !tables.contains("restack_container") && !tables.contains("restack_setting"))
        // The id given up before the migration is not given again.
        #expect(try store.save(.drillDown(left: []), session: "s").id == 10)
        // History counts the records without reading trees.
        #expect(try store.snapshots(session: "s").map(\.recordCount) == [1, 3, 0])
    }

    /// A damaged store of migration 8 whose rows refer to a missing snapshot or session opened
    /// before migration 9, and `check` reported them: it still opens, read-only and for writing,
    /// its rows of no snapshot kept as they were.
    @Test func rowsOfNoSnapshotAreKeptAndReported() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("m008.sqlite")
        let old = try storeMadeByMigrations(8, at: file)
        try old.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: """
                INSERT INTO restack_session (id, name, created_at) VALUES (1, 's', 0);
                INSERT INTO restack_snapshot (id, session_id, format_version, saved_at, shape) VALUES (1, 1, 1, 1000, 'drillDown'), (2, 99, 1, 2000, 'drillDown');
                INSERT INTO restack_record (snapshot_id, path, parent, slot, position, identifier, class_name) VALUES
                    (1, 'left[0]', '', 'left', 0, 'a', 'A'), (77, 'left[0]', '', 'left', 0, 'orphan', 'O');
                INSERT INTO restack_container (snapshot_id, owner, kind) VALUES (77, '', 'stack');
                INSERT INTO restack_setting (snapshot_id, owner, name, value) VALUES (77, '', 'afterDrop', 'truncate');
                """)
        }
        try old.close()
        func expectReads(_ store: SnapshotStore) throws {
            #expect(try store.snapshot(id: 1).tree == .drillDown(left: [RestorationRecord(identifier: "a", className: "A")]))
            let problems = try store.check().problems.joined(separator: "\n")
            for fragment in ["restack_legacy_record: records kept from before migration 9 that no tree holds: snapshot 77",
                             "restack_legacy_container: containers kept from before migration 9 that no tree holds: snapshot 77",
                             "restack_legacy_setting: settings kept from before migration 9 that no tree holds: snapshot 77",
                             "refer to a missing session or snapshot"] {
                #expect(problems.contains(fragment), "\(fragment): \(problems)")
            }
        }
        let before = FileFingerprint(file)
        try expectReads(try SnapshotStore(readingAt: file))
        #expect(FileFingerprint(file) == before, "a read-only opening leaves the file byte for byte")
        try expectReads(try SnapshotStore(path: file))
        let queue = try DatabaseQueue(path: file)
        let kept = try queue.read { db in
            try Self.rows(db, """
                SELECT snapshot_id, identifier FROM restack_legacy_record
                UNION ALL SELECT snapshot_id, kind FROM restack_legacy_container
                UNION ALL SELECT snapshot_id, value FROM restack_legacy_setting
                UNION ALL SELECT id, session_id FROM restack_snapshot WHERE id = 2
                """)
        }
        try queue.close()
        #expect(kept == [["77", "\"orphan\""], ["77", "\"stack\""], ["77", "\"truncate\""], ["2", "99"]])
    }
}
