import Foundation
import RestackTestSupport
import GRDB
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
        #expect(try store.latestSnapshot(session: "s").state == mailState)
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
}
