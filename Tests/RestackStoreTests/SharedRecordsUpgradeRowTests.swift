import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Migration 9 keeps every row of every table of migration 8, every column, value for value and
/// class for class (review of m009, item 7): each record, container and setting of a snapshot a
/// tree holds is in its tree (the records' contents in `restack_value`), and every other one is
/// in `restack_legacy_*` as it was; sessions and snapshots keep every column.
@Suite("Upgrading to shared records: every row, every column")
struct SharedRecordsUpgradeRowTests {
    /// Rows of migration 8 beyond ``SharedRecordsUpgradeTests/m008Rows``: session "hostile"'s
    /// tree (snapshot 7) with settings of every class and of no kind (a real, a blob, NULL, the
    /// largest and a negative integer, text holding a NUL, an unknown name), snapshot 8 whose
    /// setting is text that is not UTF-8 (no tree can hold it), and records, containers and
    /// settings of snapshot 77, which does not exist.
    static let hostileRows = """
        INSERT INTO restack_session (id, name, created_at) VALUES (6, 'hostile', 7);
        INSERT INTO restack_snapshot (id, session_id, format_version, app_version, saved_at, unconfirmed_restores,
                                      confirmed_at, quarantined_at, provisional_for, shape) VALUES
            (7, 6, 2, '2.0', 7000, 2, 7100, 7200, 3, 'tree'), (8, 6, 2, NULL, 8000, 0, NULL, NULL, NULL, 'tree');
        INSERT INTO restack_record (snapshot_id, path, parent, slot, position, identifier, class_name, payload) VALUES
            (7, 'tabs[0]', '', 'tabs', 0, 'nav', 'Nav', X'00'),
            (7, 'tabs[0]/records[0]', 'tabs[0]', 'records', 0, 'top', NULL, 2.5),
            (7, 'tabs[1]', '', 'tabs', 1, NULL, 'Other', 42),
            (8, 'primary[0]', '', 'primary', 0, 'p', 'P', NULL),
            (77, 'left[0]', '', 'left', 0, 'orphan', 'O', 1.25);
        INSERT INTO restack_container (snapshot_id, owner, kind) VALUES
            (7, '', 'tabs'), (7, 'tabs[0]', 'stack'), (8, '', 'split'), (77, '', 'drillDown');
        INSERT INTO restack_setting (snapshot_id, owner, name, value) VALUES
            (7, '', 'selected', 1.5), (7, '', 'compact', 9223372036854775807), (7, '', 'focus', -5),
            (7, '', 'zoom', CAST('a' || char(0) || 'b' AS TEXT)),
            (7, 'tabs[0]', 'afterDrop', X'00FF'), (7, 'tabs[0]', 'focus', NULL),
            (8, '', 'focus', CAST(X'FFFE' AS TEXT)), (8, '', 'compact', 0.5),
            (77, '', 'selected', X'');
        """

    /// A cell as its class and exact value: `text:6100` (UTF-8 bytes in hex), `real:3ff8000000000000`
    /// (the bit pattern), `integer:-5`, `blob:00ff`, `null:`.
    static func cell(_ type: String, _ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "null:"
        case .int64(let number): "integer:\(number)"
        case .double(let number): "real:" + String(number.bitPattern, radix: 16)
        case .blob(let bytes): "\(type):" + hex(bytes)
        case .string(let text): "unread text:\(text)"
        }
    }

    static func cell(_ value: TreeBlob.Value) -> String {
        switch value {
        case .null: "null:"
        case .integer(let number): "integer:\(number)"
        case .real(let number): "real:" + String(number.bitPattern, radix: 16)
        case .text(let text): "text:" + hex(Data(text.utf8))
        case .blob(let bytes): "blob:" + hex(bytes)
        }
    }

    static func text(_ string: String) -> String {
        cell(.text(string))
    }

    static func hex(_ bytes: Data) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// The columns of `table`, and every row, each a column-to-cell dictionary.
    static func rows(_ db: Database, _ table: String, columns wanted: [String]? = nil) throws -> (columns: [String], rows: [[String: String]]) {
        let columns = try wanted ?? String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
        let select = columns.map { "typeof(\($0)), CASE typeof(\($0)) WHEN 'text' THEN CAST(\($0) AS BLOB) ELSE \($0) END" }
        let rows = try Row.fetchAll(db, sql: "SELECT \(select.joined(separator: ", ")) FROM \(table)").map { row in
            Dictionary(uniqueKeysWithValues: columns.enumerated().map { index, column in
                (column, cell(String.fromDatabaseValue(row[2 * index] as DatabaseValue) ?? "?", row[2 * index + 1] as DatabaseValue))
            })
        }
        return (columns, rows)
    }

    /// Rows as sorted lines, for a comparison that names what differs.
    static func lines(_ rows: [[String: String]], _ columns: [String]) -> [String] {
        rows.map { row in columns.map { "\($0)=\(row[$0] ?? "absent")" }.joined(separator: " ") }.sorted()
    }

    /// The rows of migration 8's tables that the trees of migration 9 hold, made back from the
    /// trees and values.
    static func rowsOfTrees(_ db: Database) throws -> (ids: Set<String>, records: [[String: String]], containers: [[String: String]], settings: [[String: String]]) {
        let values = Dictionary(uniqueKeysWithValues: try rows(db, "restack_value").rows.map { ($0["id"] ?? "", $0) })
        var ids = Set<String>(), records: [[String: String]] = [], containers: [[String: String]] = [], settings: [[String: String]] = []
        for row in try Row.fetchAll(db, sql: "SELECT id, tree FROM restack_snapshot WHERE substr(tree, 1, 1) = X'01'") {
            let id = cell("integer", row[0] as DatabaseValue)
            ids.insert(id)
            let blob = try TreeBlob(decoding: row[1])
            let paths = TreeReader.paths(blob)
            for (index, record) in blob.records.enumerated() {
                let value = values["integer:\(record.valueID)"] ?? [:]
                records.append(["snapshot_id": id, "path": text(paths[index + 1]), "parent": text(paths[record.owner]),
                                "slot": text(record.slot), "position": "integer:\(record.position)",
                                "identifier": value["identifier"] ?? "no value", "class_name": value["class_name"] ?? "no value",
                                "payload": value["payload"] ?? "no value"])
            }
            for container in blob.containers {
                containers.append(["snapshot_id": id, "owner": text(paths[container.owner]), "kind": text(container.kind)])
                for setting in container.settings {
                    settings.append(["snapshot_id": id, "owner": text(paths[container.owner]), "name": text(setting.name),
                                     "value": cell(setting.value)])
                }
            }
        }
        return (ids, records, containers, settings)
    }

    @Test func everyRowOfEveryTableIsKeptColumnForColumn() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("m008.sqlite")
        let old = try storeMadeByMigrations(8, at: file)
        let tables = ["restack_record", "restack_container", "restack_setting"]
        let (before, snapshotsBefore, sessionsBefore) = try old.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.inTransaction {
                try db.execute(sql: SharedRecordsUpgradeTests.m008Rows)
                try db.execute(sql: Self.hostileRows)
                return .commit
            }
            return (try tables.map { try Self.rows(db, $0) }, try Self.rows(db, "restack_snapshot"), try Self.rows(db, "restack_session"))
        }
        try old.close()
        #expect(before.map(\.rows.count) == [17, 7, 12])

        _ = try SnapshotStore(path: file)
        let queue = try DatabaseQueue(path: file)
        defer { try? queue.close() }
        try queue.read { db in
            let trees = try Self.rowsOfTrees(db)
            #expect(trees.ids == ["integer:1", "integer:2", "integer:3", "integer:4", "integer:7"], "snapshots 5, 6 and 8 fit no tree")
            for (index, table) in tables.enumerated() {
                let (columns, rows) = before[index]
                let legacy = try Self.rows(db, table.replacingOccurrences(of: "restack_", with: "restack_legacy_"))
                #expect(legacy.columns == columns, "\(table): every column kept")
                #expect(Self.lines(legacy.rows, columns) == Self.lines(rows.filter { !trees.ids.contains($0["snapshot_id"] ?? "") }, columns),
                        "\(table): the rows no tree holds, as they were")
                let inTrees = [trees.records, trees.containers, trees.settings][index]
                #expect(Self.lines(inTrees, columns) == Self.lines(rows.filter { trees.ids.contains($0["snapshot_id"] ?? "") }, columns),
                        "\(table): the rows the trees hold, value for value and class for class")
            }
            let snapshotsAfter = try Self.rows(db, "restack_snapshot", columns: snapshotsBefore.columns)
            #expect(Self.lines(snapshotsAfter.rows, snapshotsBefore.columns) == Self.lines(snapshotsBefore.rows, snapshotsBefore.columns))
            // Migration 11 adds the owner column, '' (the default owner) in every row.
            let sessionsAfter = try Self.rows(db, "restack_session", columns: sessionsBefore.columns)
            #expect(try Self.rows(db, "restack_session").columns == ["id", "owner"] + sessionsBefore.columns.dropFirst())
            #expect(Self.lines(sessionsAfter.rows, sessionsBefore.columns) == Self.lines(sessionsBefore.rows, sessionsBefore.columns))
            #expect(try String.fetchAll(db, sql: "SELECT DISTINCT quote(owner) FROM restack_session") == ["''"])
        }
    }
}
