import Foundation
import RestackTestSupport
import GRDB
import Restack
@testable import RestackStore
import Testing

/// Damaged, read-only and full stores: typed errors, no crash, the file left as it was, and
/// earlier snapshots intact where the file still holds them.
@Suite("Malformed stores")
struct MalformedStoreTests {
    /// A closed store of 120 snapshots with 1 KiB payloads (about 200 KiB).
    static func makeStore(_ path: String) throws {
        let store = try SnapshotStore(path: path, options: .init(retention: .init(keepLast: 1000)))
        for index in 0..<120 {
            try store.save(RestorationTree.drillDown(left: [RestorationRecord(identifier: "r\(index)", payload: Data(repeating: UInt8(index), count: 1024))]),
                           session: "s\(index % 4)")
        }
    }

    /// Opens the store and reads everything in it: what an app and `restore-inspect` do.
    static func readEverything(_ path: String) throws(StoreError) -> StoreCheckReport {
        let store = try SnapshotStore(path: path)
        for session in try store.sessions() {
            for snapshot in try store.snapshots(session: session.name) {
                _ = try store.snapshot(id: snapshot.id)
            }
        }
        return try store.check()
    }

    @Test func aTruncatedStoreIsATypedErrorAndStaysAsItWas() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("t.sqlite")
        try Self.makeStore(path)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        let before = FileFingerprint(path)
        do {
            let report = try Self.readEverything(path)
            Issue.record("a truncated store read back as \(report)")
        } catch {
            switch error {
            case .corrupt, .notADatabase: break
            default: Issue.record("unexpected error \(error)")
            }
            print("truncated store: \(error)")
        }
        #expect(FileFingerprint(path) == before)
    }

    @Test func aDamagedPageInTheRecordsTableIsATypedErrorAndCheckReportsIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("d.sqlite")
        try Self.makeStore(path)
        let (rootPage, pageSize) = try DatabaseQueue(path: path).read { db in
            (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'restack_value'")!,
             try Int.fetchOne(db, sql: "PRAGMA page_size")!)
        }
        var bytes = try #require(FileManager.default.contents(atPath: path))
        let start = (rootPage - 1) * pageSize
        bytes.replaceSubrange(start + 8..<start + 200, with: Data(repeating: 0xA5, count: 192))
        try bytes.write(to: URL(fileURLWithPath: path))
        let before = FileFingerprint(path)

        let inspection = try SnapshotStore(readingAt: path)
        let report = try inspection.check()
        #expect(!report.isHealthy)
        #expect(report.integrity != ["ok"])
        print("damaged page: integrity_check says \(report.integrity.joined().prefix(120))...")
        #expect(throws: StoreError.self) { try Self.readEverything(path) }
        do {
            _ = try Self.readEverything(path)
        } catch {
            guard case .corrupt = error else { Issue.record("expected .corrupt, got \(error)"); return }
        }
        #expect(FileFingerprint(path).bytes == before.bytes)
    }

    @Test func aReadOnlyFileCanBeReadAndRefusesSaves() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("ro.sqlite")
        try SnapshotStore(path: path).save(mailState, session: "s")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        let before = FileFingerprint(path)
        let store = try SnapshotStore(path: path)
        #expect(store.isReadOnly)
        #expect(try store.restore(session: "s").restored.snapshot.tree == mailState)
        #expect(throws: StoreError.readOnly(path: path)) { try store.save(mailState, session: "s") }
        #expect(throws: StoreError.readOnly(path: path)) { try store.deleteSession("s") }
        #expect(FileFingerprint(path).bytes == before.bytes)
    }

    @Test func aFullDiskFailsTheSaveAndKeepsEarlierSnapshotsRestorable() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("full.sqlite")
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // A disk that fills up: the database may not grow past 40 pages.
            try db.execute(sql: "PRAGMA max_page_count = 40")
        }
        let store = try SnapshotStore(database: DatabasePool(path: path, configuration: configuration),
                                      options: .init(retention: .init(keepLast: 1000)))
        var saved: [(SnapshotInfo, RestorationTree)] = []
        var failure: StoreError?
        for index in 0..<200 {
            let state = RestorationTree.drillDown(left: [RestorationRecord(identifier: "n\(index)", payload: Data(repeating: 7, count: 2000))])
            do {
                saved.append((try store.save(state, session: "s"), state))
            } catch {
                failure = error
                break
            }
        }
        #expect(failure == .diskFull(path: path))
        #expect(!saved.isEmpty)
        print("full disk: \(saved.count) saves fit, then \(failure.map(String.init(describing:)) ?? "no failure")")
        for (info, state) in saved {
            #expect(try store.snapshot(id: info.id).tree == state)
        }
        #expect(try store.restore(session: "s").restored.snapshot.info.id == saved.last?.0.id)
        #expect(try store.check().snapshotCount == saved.count, "the failed save left no snapshot behind")
        #expect(try store.check().isHealthy)
    }

    /// A file with Restack's table names but no record of Restack's migrations: refused before
    /// anything is written (no migration retried as a lost race, no WAL switch, no
    /// `grdb_migrations` added), named damaged or another application's, never advised to be
    /// opened for writing.
    @Test(arguments: [
        (["CREATE TABLE restack_session (id INTEGER PRIMARY KEY, name TEXT)"], "damaged"),
        (["CREATE TABLE restack_session (id INTEGER PRIMARY KEY)", "CREATE TABLE contacts (id INTEGER PRIMARY KEY)"], "another application"),
        (["DROP TABLE grdb_migrations"], "damaged"),
        (["DELETE FROM grdb_migrations"], "damaged"),
    ])
    func restackTablesWithoutTheirMigrationRecordAreRefusedByteForByte(_ statements: [String], _ verdict: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("u.sqlite")
        if statements[0].hasPrefix("CREATE") {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in for sql in statements { try db.execute(sql: sql) } }
            try queue.close()
        } else {
            try SnapshotStore(path: path).save(mailState, session: "s")
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                for sql in statements { try db.execute(sql: sql) }
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
            try queue.close()
        }
        let before = FileFingerprint(path)
        let opens: [() throws -> Void] = [
            { _ = try SnapshotStore(path: path) },
            { _ = try SnapshotStore(readingAt: path) },
        ]
        for open in opens {
            do {
                try open()
                Issue.record("\(statements) opened")
            } catch {
                let message = "\(error)"
                #expect(message.contains(verdict == "damaged" ? "is damaged" : "belongs to another application"), "\(message)")
                #expect(!message.contains("open it for writing"), "\(message)")
            }
            #expect(FileFingerprint(path) == before, "\(statements): the file and its folder are as they were")
        }
    }

    /// A file that lost its tail reads without SQLite noticing: `check` compares its length
    /// with its page size and its header.
    @Test(arguments: [1, 4096, 8192])
    func checkFindsAFileThatLostItsTail(_ bytesCut: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("t.sqlite")
        try Self.makeStore(path)
        #expect(try SnapshotStore(readingAt: path).check().isHealthy)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        try bytes.dropLast(bytesCut).write(to: URL(fileURLWithPath: path))
        // A whole page cut may be found by SQLite on opening (damaged); a part of one only by
        // the length check.
        do {
            let report = try SnapshotStore(readingAt: path).check()
            #expect(!report.isHealthy, "\(bytesCut) bytes cut")
            #expect(report.problems.contains { $0.contains("truncated") }, "\(report.problems)")
        } catch {
            guard case .corrupt = error, bytesCut % 4096 == 0 else {
                Issue.record("\(bytesCut) bytes cut: \(error)")
                return
            }
        }
    }

    @Test func checkFindsAMigrationIdentifierThatIsNotText() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("m.sqlite")
        try SnapshotStore(path: path).save(mailState, session: "s")
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (x'72657374')") }
        try queue.close()
        let report = try SnapshotStore(readingAt: path).check()
        #expect(!report.isHealthy)
        #expect(report.problems.contains { $0.contains("grdb_migrations.identifier") }, "\(report.problems)")
    }
}
