import Foundation
import GRDB
import Restack

extension SnapshotStore {
    /// Examines the store without changing it: SQLite's integrity check, the applied
    /// migrations, Restack's own invariants (every stored value of the storage class its column
    /// must hold, every tree as a restore reads it, restore outcomes' results, layouts, reasons
    /// and counts), and counts.
    ///
    /// Damage is reported, not thrown: each part of the check runs in its own read, and one
    /// that cannot read the file adds a problem to the report and leaves its count `nil`.
    package func check() throws(StoreError) -> StoreCheckReport {
        var problems: [String] = []
        func attempt<T>(_ what: String, _ body: (Database) throws -> T) -> T? {
            do {
                return try read(body)
            } catch {
                problems.append("\(what): \(error)")
                return nil
            }
        }
        let integrity = attempt("integrity check", CheckQueries.integrity) ?? ["integrity check could not run"]
        // One pass over each table counts the values of a wrong class in every column; only a
        // column that has some is read again, for the rows to name.
        let tables = StoredColumn.all.reduce(into: [String]()) { if !$0.contains($1.table) { $0.append($1.table) } }
        let damagedColumns = tables.flatMap { table in
            let columns = StoredColumn.all.filter { $0.table == table }
            let found = attempt("checking the values of \(table)") { try CheckQueries.haveWrongClasses($0, columns) }
            return zip(columns, found ?? []).filter(\.1).map(\.0)
        }
        for column in damagedColumns {
            let found = attempt("checking \(column.table).\(column.name)") {
                try CheckQueries.rows($0, of: column.table, where: column.wrongClassCondition, showing: "typeof(\(column.name))")
            }
            if let found, !found.rows.isEmpty {
                problems.append(found.describe { row, found in
                    column.problem(in: row, "expected \(column.expectation), found \(StorageClass(rawValue: found)?.phrase ?? found)")
                })
            }
        }
        if let orphans = attempt("foreign key check", CheckQueries.orphans), !orphans.isEmpty {
            let tables = Set(orphans).sorted().joined(separator: ", ")
            problems.append("\(orphans.count) rows (of \(tables)) refer to a missing session or snapshot")
        }
        // Through the connection: a descriptor of the file opened and closed beside it would let
        // go of its locks (POSIX's are the process's), and other processes would then delete and
        // remake the log and its index under it (issue 38: `check` saw a "malformed" file).
        if path != ":memory:", !path.isEmpty, let problem = attempt("checking the file's length", { StoreFileHeader.lengthProblem($0, path: path) }) ?? nil {
            problems.append(problem)
        }
        if let count = attempt("checking grdb_migrations", CheckQueries.migrationIdentifiersNotText), count > 0 {
            problems.append("grdb_migrations.identifier: \(count) value\(count == 1 ? "" : "s") that \(count == 1 ? "is" : "are") not text")
        }
        problems += attempt("reading the trees", SnapshotFormat.problems) ?? []
        for (what, sql) in CheckQueries.snapshotChecks {
            if let found = attempt(what, { try CheckQueries.ids($0, sql) }), !found.isEmpty {
                problems.append("\(what): \(Self.listed(found, "snapshot"))")
            }
        }
        for table in StoredIDs.tables {
            // A mark of the wrong class is also a problem of its column, reported above.
            if let problem = attempt("checking the ids of \(table)", { try StoredIDs.problem($0, table) }) ?? nil,
               !problems.contains(where: { $0.contains(problem) }) {
                problems.append(problem)
            }
        }
        for (what, sql) in OutcomeQueries.checks {
            if let found = attempt(what, { try CheckQueries.ids($0, sql) }), !found.isEmpty {
                problems.append("\(what): \(Self.listed(found, "outcome"))")
            }
        }
        let applied = (attempt("applied migrations", CheckQueries.appliedMigrations) ?? [])
            .filter { $0.hasPrefix(StoreSchema.migrationPrefix) }
        return StoreCheckReport(
            path: path,
            appliedMigrations: applied,
            knownMigrations: StoreSchema.knownMigrations,
            integrity: integrity,
            problems: problems,
            sessionCount: attempt("counting restack_session") { try CheckQueries.count($0, "restack_session") },
            snapshotCount: attempt("counting restack_snapshot") { try CheckQueries.count($0, "restack_snapshot") },
            recordCount: attempt("counting records", CheckQueries.recordCount)
        )
    }

    /// `snapshots 3, 4 and 7 more`: the first ten ids found, and how many more.
    private static func listed(_ ids: [Int64], _ noun: String) -> String {
        let first = ids.prefix(10).map(String.init).joined(separator: ", ")
        return "\(noun)\(ids.count == 1 ? "" : "s") \(first)\(ids.count > 10 ? " and \(ids.count - 10) more" : "")"
    }
}
