import Foundation
import RestackTestSupport
import GRDB
import Restack
import RestackMigrations
@testable import RestackStore
import Testing

@Suite("Migrations")
struct MigrationTests {
    @Test func openingAMissingFileCreatesAndMigratesIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("new.sqlite")
        let store = try SnapshotStore(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        let report = try store.check()
        #expect(report.appliedMigrations == SnapshotStore.knownMigrations)
        #expect(report.isHealthy)
        #expect(report.sessionCount == 0)
    }

    @Test func anEmptyFileIsMigrated() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("empty.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let store = try SnapshotStore(path: path)
        #expect(try store.check().appliedMigrations == SnapshotStore.knownMigrations)
    }

    @Test func openingTwiceAppliesNothingTwice() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("twice.sqlite")
        try SnapshotStore(path: path).save(mailState, session: "s")
        let store = try SnapshotStore(path: path)
        #expect(try store.check().appliedMigrations == SnapshotStore.knownMigrations)
        #expect(try store.latestSnapshot(session: "s").tree == mailState)
    }

    @Test func storesUseWALAndForeignKeys() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("wal.sqlite")
        let store = try SnapshotStore(path: path)
        let (journal, foreignKeys) = try store.database.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"))
        }
        #expect(journal == "wal")
        #expect(foreignKeys == true)
    }

    /// Every .sql file in Migrations/ is embedded and registered, in file-name order, so a file
    /// cannot be added and forgotten.
    @Test func everyMigrationFileIsRegisteredInOrder() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Migrations")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(RestackMigrations.all.map(\.fileName) == files)
        for migration in RestackMigrations.all {
            let onDisk = try String(contentsOf: folder.appendingPathComponent(migration.fileName), encoding: .utf8)
            #expect(migration.sql == onDisk)
            #expect(migration.identifier == "restack." + migration.fileName.dropLast(4))
        }
    }

    /// A store written by the first release (migration m001 only) with data in it: a
    /// read-only opening refuses it and leaves every byte as it was; a writable opening applies
    /// m002, keeps every record, and gives the new columns their defaults.
    @Test func anM001StoreIsMigratedWithItsDataKept() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("m001.sqlite")
        var migrator = DatabaseMigrator()
        let m001 = try #require(RestackMigrations.all.first)
        #expect(m001.identifier == "restack.m001_initial")
        migrator.registerMigration(m001.identifier) { db in try db.execute(sql: m001.sql) }
        let pool = try DatabasePool(path: path)
        try migrator.migrate(pool)
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO restack_session (id, name, created_at) VALUES (1, 'mail', 1000);
                INSERT INTO restack_snapshot (id, session_id, format_version, app_version, saved_at) VALUES (1, 1, 1, '1.0', 2000), (2, 1, 1, NULL, 3000);
                INSERT INTO restack_record (snapshot_id, slot, position, identifier, class_name, payload) VALUES
                    (1, 'left', 0, 'mailboxes', 'MailboxesController', NULL),
                    (2, 'left', 0, 'mailboxes', 'MailboxesController', X'01'),
                    (2, 'left', 1, NULL, 'ComposeController', X''),
                    (2, 'right', 0, 'message-42', 'MessageController', X'2A00');
                """)
        }
        try pool.close()
        let expected = RestorationTree.drillDown(
            left: [RestorationRecord(identifier: "mailboxes", className: "MailboxesController", payload: Data([1])),
                   RestorationRecord(identifier: nil, className: "ComposeController", payload: Data())],
            right: RestorationRecord(identifier: "message-42", className: "MessageController", payload: Data([42, 0]))
        )

        let before = FileFingerprint(path)
        do {
            // Read as it is, unmigrated, through temporary views.
            let old = try SnapshotStore(readingAt: path)
            #expect(try old.snapshot(id: 2).tree == expected)
            #expect(try old.snapshots(session: "mail").map(\.unconfirmedRestores) == [0, 0])
            #expect(try old.restore(session: "mail").restored.snapshot.info.id == 2)
            #expect(try old.check().appliedMigrations == ["restack.m001_initial"])
        }
        #expect(FileFingerprint(path) == before, "a read-only opening leaves the file byte for byte")

        let store = try SnapshotStore(path: path)
        let report = try store.check()
        #expect(report.appliedMigrations == SnapshotStore.knownMigrations)
        #expect(report.isHealthy, "\(report.problems)")
        #expect(report.snapshotCount == 2 && report.recordCount == 4)
        let history = try store.snapshots(session: "mail")
        #expect(history.map(\.id) == [1, 2])
        #expect(history.map(\.appVersion) == ["1.0", nil])
        #expect(history.map(\.savedAt) == [Date(timeIntervalSince1970: 2), Date(timeIntervalSince1970: 3)])
        #expect(history.allSatisfy { $0.unconfirmedRestores == 0 && $0.quarantinedAt == nil && !$0.isProvisional })
        #expect(try store.snapshot(id: 2).tree == expected)
        let confirmed = try store.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM restack_snapshot WHERE confirmed_at IS NULL") }
        #expect(confirmed == 2)
        // The guard works on the migrated columns.
        let restoration = try store.beginRestore(session: "mail").restored
        #expect(restoration.snapshot.tree == expected)
        #expect(try store.snapshots(session: "mail").last?.unconfirmedRestores == 1)
        try store.confirmRestore(restoration)
        #expect(try store.snapshots(session: "mail").last?.unconfirmedRestores == 0)
    }
}
