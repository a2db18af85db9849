import GRDB

extension SnapshotStore {
    /// Examines the store without changing it: SQLite's integrity check, the applied
    /// migrations, Restack's own invariants, and counts.
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
        if let orphans = attempt("foreign key check", { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check") }), !orphans.isEmpty {
            problems.append("\(orphans.count) rows refer to a missing session or snapshot")
        }
        let gaps = attempt("left stack check") {
            try Int64.fetchAll($0, sql: """
                SELECT snapshot_id FROM restack_record WHERE slot = 'left'
                GROUP BY snapshot_id HAVING MAX(position) + 1 != COUNT(*)
                """)
        } ?? []
        if !gaps.isEmpty {
            problems.append("snapshots with a gap in their left stack: \(gaps.map(String.init).joined(separator: ", "))")
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
}
