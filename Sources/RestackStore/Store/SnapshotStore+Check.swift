import GRDB

extension SnapshotStore {
    /// Examines the store without changing it: SQLite's integrity check, the applied
    /// migrations, Restack's own invariants, and counts.
    ///
    /// A damaged file is reported, not thrown, as long as its schema can be read.
    public func check() throws(StoreError) -> StoreCheckReport {
        try read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            var problems: [String] = []
            let orphans = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
            if !orphans.isEmpty {
                problems.append("\(orphans.count) rows refer to a missing session or snapshot")
            }
            let gaps = try Int64.fetchAll(db, sql: """
                SELECT snapshot_id FROM restack_record WHERE slot = 'left'
                GROUP BY snapshot_id HAVING MAX(position) + 1 != COUNT(*)
                """)
            if !gaps.isEmpty {
                problems.append("snapshots with a gap in their left stack: \(gaps.map(String.init).joined(separator: ", "))")
            }
            let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
                .filter { $0.hasPrefix(StoreSchema.migrationPrefix) }
            return StoreCheckReport(
                path: path,
                appliedMigrations: applied,
                knownMigrations: StoreSchema.knownMigrations,
                integrity: integrity,
                problems: problems,
                sessionCount: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM restack_session") ?? 0,
                snapshotCount: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM restack_snapshot") ?? 0,
                recordCount: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM restack_record") ?? 0
            )
        }
    }
}
