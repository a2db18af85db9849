import Foundation
import GRDBSQLite
import RestackMigrations
import RestackStore

/// The raw baseline's schema: Restack's own.
extension RawSQLite {
    /// Creates the schema of a new, empty database (schema creation is not measured): Restack
    /// makes it, as it makes a new store (1 KB pages, every migration, migration 9's with the
    /// tree encoder it registers on its connection), so that the raw subject's file is laid out
    /// as Restack's.
    func createSchema(path: String) throws {
        guard RestackMigrations.all.contains(where: { $0.identifier == "restack.m009_shared_records" }) else {
            try execute("PRAGMA page_size = 1024")
            for migration in RestackMigrations.all {
                try execute(migration.sql)
            }
            try execute(Self.sharedRecordsLayout)
            return
        }
        _ = try SnapshotStore(path: path)
    }

    /// Migration 9's layout on an empty store, as its design states it (Performance.md, "A layout
    /// that writes less"), until the migration itself is among Restack's: a record's content in
    /// `restack_value`, a snapshot's structure in its `tree` blob, ids without `AUTOINCREMENT`
    /// above the high-water mark `restack_meta` keeps.
    static let sharedRecordsLayout = """
        CREATE TABLE restack_value (
            id INTEGER PRIMARY KEY,
            identifier TEXT,
            class_name TEXT,
            payload BLOB
        );
        CREATE TABLE restack_snapshot_v9 (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES restack_session(id) ON DELETE CASCADE,
            format_version INTEGER NOT NULL,
            app_version TEXT,
            saved_at INTEGER NOT NULL,
            unconfirmed_restores INTEGER NOT NULL DEFAULT 0,
            confirmed_at INTEGER,
            quarantined_at INTEGER,
            provisional_for INTEGER,
            shape TEXT NOT NULL DEFAULT 'drillDown',
            record_count INTEGER NOT NULL,
            tree BLOB NOT NULL
        );
        CREATE TABLE restack_meta (key TEXT PRIMARY KEY, value INTEGER) WITHOUT ROWID;
        DROP TABLE restack_setting;
        DROP TABLE restack_container;
        DROP TABLE restack_record;
        DROP TABLE restack_snapshot;
        ALTER TABLE restack_snapshot_v9 RENAME TO restack_snapshot;
        CREATE INDEX restack_snapshot_by_session ON restack_snapshot(session_id, id);
        """
}
