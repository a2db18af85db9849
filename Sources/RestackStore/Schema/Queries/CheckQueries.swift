import Foundation
import GRDB
import Restack

/// The SQL of `check()` (``SnapshotStore/check()``), each a read that finds one kind of problem;
/// the format's own judgements are ``SnapshotFormat/problems(_:)``.
enum CheckQueries {
    /// SQLite's integrity check: `ok`, or what it found.
    static func integrity(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "PRAGMA integrity_check")
    }

    /// For each of `columns` (all of one table), whether a value of a wrong class is there: one
    /// pass over the table.
    static func haveWrongClasses(_ db: Database, _ columns: [StoredColumn]) throws -> [Bool] {
        guard let table = columns.first?.table else { return [] }
        let row = try Row.fetchOne(db, sql: "SELECT \(columns.map { "TOTAL(\($0.wrongClassCondition))" }.joined(separator: ", ")) FROM \(table)")
        return row.map { row in columns.indices.map { (Double.fromDatabaseValue(row[$0] as DatabaseValue) ?? 0) > 0 } } ?? []
    }

    /// Rows of `table` that match `condition`: how many, and the first few, each named as a
    /// message names it ("snapshot 7", "a record of snapshot 7") with the value of `expression`.
    static func rows(_ db: Database, of table: String, where condition: String, showing expression: String) throws -> FoundRows {
        let name = switch table {
        case "restack_session": "'session ' || id"
        case "restack_snapshot": "'snapshot ' || id"
        case "restack_value": "'value ' || id"
        case "restack_meta": "'the entry ' || quote(key)"
        case "restack_outcome": "CASE typeof(id) WHEN 'integer' THEN 'outcome ' || id ELSE 'an outcome with a damaged id' END"
        case "restack_outcome_drop":
            "CASE typeof(outcome_id) WHEN 'integer' THEN 'a drop count of outcome ' || outcome_id ELSE 'a drop count with a damaged outcome_id' END"
        default: "'a row'"
        }
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(condition)") ?? 0
        let rows = try Row.fetchAll(db, sql: "SELECT \(name), \(expression) FROM \(table) WHERE \(condition) LIMIT 3")
            .map { row in (String.fromDatabaseValue(row[0] as DatabaseValue) ?? "a row", String.fromDatabaseValue(row[1] as DatabaseValue) ?? "") }
        return FoundRows(count: count, rows: rows)
    }

    /// The tables of the rows that refer to a missing row (SQLite's foreign key check), one
    /// entry a row.
    static func orphans(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT \"table\" FROM pragma_foreign_key_check")
    }

    /// How many migration identifiers are not text.
    static func migrationIdentifiersNotText(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations WHERE typeof(identifier) != 'text'") ?? 0
    }

    /// The migrations applied, in the order they were.
    static func appliedMigrations(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }

    /// How many rows `table` has.
    static func count(_ db: Database, _ table: String) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
    }

    /// How many records the snapshots hold, by their counts.
    static func recordCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(record_count), 0) FROM restack_snapshot WHERE typeof(record_count) = 'integer'") ?? 0
    }

    /// The ids a query of ``snapshotChecks`` or `OutcomeQueries.checks` finds.
    static func ids(_ db: Database, _ sql: String) throws -> [Int64] {
        try Int64.fetchAll(db, sql: sql)
    }

    /// Restack's invariants of the snapshot rows that SQL sees, each a query for the ids of the
    /// snapshots that break it (values of the wrong class are reported by the column scan, and
    /// left out here); the trees are judged by ``SnapshotFormat/problems(_:)``.
    static let snapshotChecks: [(String, String)] = [
        // Enumerated columns: text of the right class that names none of their values.
        ("restack_snapshot.shape: a shape that is neither \(RestorationTree.Form.allCases.map(\.rawValue).joined(separator: " nor "))", """
            SELECT id FROM restack_snapshot WHERE typeof(shape) = 'text' AND shape NOT IN (\(RestorationTree.Form.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
            """),
        ("restack_snapshot.provisional_for: a pending provisional save of a snapshot that does not exist", """
            SELECT s.id FROM restack_snapshot s
            WHERE typeof(s.provisional_for) = 'integer' AND s.quarantined_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM restack_snapshot p WHERE p.id = s.provisional_for)
            """),
        // Rows of an older store that no tree could hold (migration 9 kept them as they were),
        // and rows of no snapshot.
        ("restack_legacy_record: records kept from before migration 9 that no tree holds", """
            SELECT DISTINCT snapshot_id FROM restack_legacy_record
            """),
        ("restack_legacy_container: containers kept from before migration 9 that no tree holds", """
            SELECT DISTINCT snapshot_id FROM restack_legacy_container
            """),
        ("restack_legacy_setting: settings kept from before migration 9 that no tree holds", """
            SELECT DISTINCT snapshot_id FROM restack_legacy_setting
            """),
    ]
}

/// Rows that ``CheckQueries/rows(_:of:where:showing:)`` found: how many, and the first few.
struct FoundRows {
    var count: Int
    /// Each row's name and the value shown for it.
    var rows: [(row: String, value: String)]

    /// The problems of the first rows, and how many rows more have one.
    func describe(_ problem: (String, String) -> String) -> String {
        let first = rows.map { problem($0.row, $0.value) }.joined(separator: "; ")
        return count > rows.count ? "\(first); and \(count - rows.count) more such rows" : first
    }
}
