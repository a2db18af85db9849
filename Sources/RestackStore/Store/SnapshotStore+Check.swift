import GRDB

extension SnapshotStore {
    /// Examines the store without changing it: SQLite's integrity check, the applied
    /// migrations, Restack's own invariants (every stored value of the storage class its column
    /// must hold, slots and positions that make a stack), and counts.
    ///
    /// Damage is reported, not thrown: each part of the check runs in its own read, and one
    /// that cannot read the file adds a problem to the report and leaves its count `nil`.
    public func check() throws(StoreError) -> StoreCheckReport {
        var problems: [String] = []
        func attempt<T>(_ what: String, _ body: (Database) throws -> T) -> T? {
            do {
                return try read(body)
            } catch {
                problems.append("\(what): \(error)")
                return nil
            }
        }
        let integrity = attempt("integrity check") {
            try String.fetchAll($0, sql: "PRAGMA integrity_check")
        } ?? ["integrity check could not run"]
        // One pass over each table counts the values of a wrong class in every column; only a
        // column that has some is read again, for the rows to name.
        let tables = StoredColumn.all.reduce(into: [String]()) { if !$0.contains($1.table) { $0.append($1.table) } }
        let damagedColumns = tables.flatMap { table in
            let columns = StoredColumn.all.filter { $0.table == table }
            let counts = attempt("checking the values of \(table)") { db in
                try Row.fetchOne(db, sql: "SELECT \(columns.map { "TOTAL(\($0.wrongClassCondition))" }.joined(separator: ", ")) FROM \(table)")
                    .map { row in columns.indices.map { (Double.fromDatabaseValue(row[$0] as DatabaseValue) ?? 0) > 0 } }
            }
            return zip(columns, (counts ?? nil) ?? []).filter(\.1).map(\.0)
        }
        for column in damagedColumns {
            let found = attempt("checking \(column.table).\(column.name)") {
                try Self.rows(in: $0, of: column.table, where: column.wrongClassCondition, showing: "typeof(\(column.name))")
            }
            if let found, !found.rows.isEmpty {
                problems.append(found.describe { row, found in
                    column.problem(in: row, "expected \(column.expectation), found \(StorageClass(rawValue: found)?.phrase ?? found)")
                })
            }
        }
        if let orphans = attempt("foreign key check", { try String.fetchAll($0, sql: "SELECT \"table\" FROM pragma_foreign_key_check") }), !orphans.isEmpty {
            let tables = Set(orphans).sorted().joined(separator: ", ")
            problems.append("\(orphans.count) rows (of \(tables)) refer to a missing session or snapshot")
        }
        let gaps = attempt("left stack check") {
            try Int64.fetchAll($0, sql: """
                SELECT snapshot_id FROM restack_record
                WHERE slot = 'left' AND typeof(position) = 'integer' AND typeof(snapshot_id) = 'integer'
                GROUP BY snapshot_id HAVING MIN(position) != 0 OR MAX(position) + 1 != COUNT(*)
                """)
        } ?? []
        if !gaps.isEmpty {
            problems.append("restack_record.position: snapshots with a gap in their left stack: \(gaps.map(String.init).joined(separator: ", "))")
        }
        let badSlots = attempt("slot check") {
            try Self.rows(in: $0, of: "restack_record", where: "typeof(slot) = 'text' AND slot NOT IN ('left', 'right')", showing: "''")
        }
        if let badSlots, !badSlots.rows.isEmpty {
            problems.append(badSlots.describe { row, _ in StoredColumn.slot.problem(in: row, "expected 'left' or 'right'") })
        }
        let badRights = attempt("right record check") {
            try Self.rows(in: $0, of: "restack_record", where: "slot = 'right' AND position IS NOT 0", showing: "''")
        }
        if let badRights, !badRights.rows.isEmpty {
            problems.append(badRights.describe { row, _ in StoredColumn.position.problem(in: row, "a right record must be at position 0") })
        }
        let applied = attempt("applied migrations") {
            try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
                .filter { $0.hasPrefix(StoreSchema.migrationPrefix) }
        } ?? []
        func count(_ table: String) -> Int? {
            attempt("counting \(table)") { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
        }
        return StoreCheckReport(
            path: path,
            appliedMigrations: applied,
            knownMigrations: StoreSchema.knownMigrations,
            integrity: integrity,
            problems: problems,
            sessionCount: count("restack_session"),
            snapshotCount: count("restack_snapshot"),
            recordCount: count("restack_record")
        )
    }

    /// Rows of `table` that match `condition`: how many, and the first few, each named as a
    /// message names it ("snapshot 7", "a record of snapshot 7") with the value of `expression`.
    private static func rows(in db: Database, of table: String, where condition: String, showing expression: String) throws -> FoundRows {
        let name = switch table {
        case "restack_session": "'session ' || id"
        case "restack_snapshot": "'snapshot ' || id"
        default: "CASE typeof(snapshot_id) WHEN 'integer' THEN 'a record of snapshot ' || snapshot_id ELSE 'a record with a damaged snapshot_id' END"
        }
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(condition)") ?? 0
        let rows = try Row.fetchAll(db, sql: "SELECT \(name), \(expression) FROM \(table) WHERE \(condition) LIMIT 3")
            .map { row in (String.fromDatabaseValue(row[0] as DatabaseValue) ?? "a row", String.fromDatabaseValue(row[1] as DatabaseValue) ?? "") }
        return FoundRows(count: count, rows: rows)
    }
}

/// Rows that ``SnapshotStore/check()`` found wrong: how many, and the first few.
private struct FoundRows {
    var count: Int
    /// Each row's name and the value shown for it.
    var rows: [(row: String, value: String)]

    /// The problems of the first rows, and how many rows more have one.
    func describe(_ problem: (String, String) -> String) -> String {
        let first = rows.map { problem($0.row, $0.value) }.joined(separator: "; ")
        return count > rows.count ? "\(first); and \(count - rows.count) more such rows" : first
    }
}
