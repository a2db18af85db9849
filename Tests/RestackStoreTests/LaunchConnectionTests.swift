import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// The lean launch connection: the launch read never opens GRDB's connection, gives the answer
/// the general path gives, and hands everything else, failures included, to GRDB's connection,
/// which examines the file again when it opens.
@Suite("Launch connection")
struct LaunchConnectionTests {
    static let second = RestorationTree.drillDown(left: [RestorationRecord(identifier: "inbox", className: "Inbox")])

    /// A store file with two sessions, closed.
    static func storeFile(_ folder: TemporaryFolder) throws -> String {
        let path = folder.path("launch.sqlite")
        let store = try SnapshotStore(path: path)
        try store.save(mailState, session: "a")
        try store.save(Self.second, session: "b")
        return path
    }

    @Test(arguments: RestoreForm.allCases)
    func theLaunchReadOpensNoGRDBConnectionAndAnswersAsTheGeneralPath(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeFile(folder)
        let store = try SnapshotStore(path: path)
        #expect(store.connections.launch != nil)
        #expect(!store.connections.isWriterOpen)
        let lean = try await form.peek(store, session: "a", layout: .compact)
        #expect(!store.connections.isWriterOpen, "the usual restore went through GRDB's connection")
        // The general path, through GRDB's connection, on the same file.
        let general = try await form.peek(SnapshotStore(readingAt: path), session: "a", layout: .compact)
        #expect(lean == general)
        #expect(try lean.restored.snapshot.tree == mailState)
        try await store.save(Self.second, session: "a")
        #expect(store.connections.isWriterOpen)
    }

    @Test(arguments: RestoreForm.allCases)
    func restoresSeeWhatTheStoreAndOtherStoresWrote(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeFile(folder)
        let store = try SnapshotStore(path: path)
        #expect(try await form.peek(store, session: "a").restored.snapshot.tree == mailState)
        let saved = try await store.save(Self.second, session: "a")
        #expect(try await form.peek(store, session: "a").restored.snapshot.info.id == saved.id)
        let other = try SnapshotStore(path: path)
        let third = try await other.save(mailState, session: "a")
        #expect(try await form.peek(store, session: "a").restored.snapshot.info.id == third.id)
    }

    @Test func gRDBsConnectionExaminesTheFileAgainWhenItOpens() throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeFile(folder)
        let store = try SnapshotStore(path: path)
        _ = try store.restore(session: "a")
        // A newer Restack migrates the file between the launch read and the first save.
        let newer = try DatabaseQueue(path: path)
        try newer.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('restack.m999_from_the_future')")
        }
        try newer.close()
        #expect(throws: StoreError.newerSchema(path: path, unknownMigrations: ["restack.m999_from_the_future"])) {
            try store.save(Self.second, session: "a")
        }
    }

    @Test(arguments: RestoreForm.allCases)
    func aRestoreBegunAtLaunchCountsTheAttemptWithoutGRDB(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeFile(folder)
        let store = try SnapshotStore(path: path)
        let restoration = try await form.begin(store, session: "a").restored
        #expect(!store.connections.isWriterOpen, "the usual begun restore went through GRDB's connection")
        #expect(restoration.snapshot.info.unconfirmedRestores == 1)
        let counted = try SnapshotStore(readingAt: path).snapshots(session: "a")
        #expect(counted.map(\.unconfirmedRestores) == [1])
        try await form.confirm(store, restoration)
        #expect(try SnapshotStore(readingAt: path).snapshots(session: "a").map(\.unconfirmedRestores) == [0])
    }

    @Test(arguments: RestoreForm.allCases)
    func launchesThatCrashWhileRebuildingFallBackOnTheThird(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeFile(folder)
        try await SnapshotStore(path: path).save(Self.second, session: "a")
        for launch in 1...2 {
            let store = try SnapshotStore(path: path)
            let restoration = try await form.begin(store, session: "a").restored
            #expect(restoration.snapshot.tree == Self.second && !restoration.fellBack, "launch \(launch)")
            try await store.save(mailState, session: "a")   // provisional: quarantined at the next launch
        }
        let third = try await form.begin(SnapshotStore(path: path), session: "a").restored
        #expect(third.fellBack)
        #expect(third.snapshot.tree == mailState)
    }

    @Test(arguments: [(SnapshotStore.Durability.full, Int64(2)), (.normal, 1)])
    func theLaunchConnectionWritesWithTheStoresDurability(_ durability: SnapshotStore.Durability, synchronous: Int64) throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeFile(folder)
        let store = try SnapshotStore(path: path, options: .init(durability: durability))
        let launch = try #require(store.connections.launch)
        let setting = try launch.read { db in
            var value: Int64?
            try db.forEachRow("PRAGMA synchronous", binding: []) { step in
                if case .int64(let setting) = DatabaseValue(sqliteStatement: step, index: 0).storage {
                    value = setting
                }
                return false
            }
            return value
        }
        #expect(setting == synchronous, "0 OFF, 1 NORMAL, 2 FULL")
    }

    @Test func theAsynchronousLaunchGoesThroughTheLaunchConnectionToo() async throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeFile(folder)
        let store = try SnapshotStore(path: path)
        guard case .restore(let peeked) = try await store.restore(session: "b") else {
            Issue.record("session b was not restored")
            return
        }
        #expect(peeked.snapshot.tree == Self.second)
        guard case .restore(let begun) = try await store.beginRestore(session: "a") else {
            Issue.record("session a was not restored")
            return
        }
        #expect(begun.snapshot.info.unconfirmedRestores == 1)
        #expect(!store.connections.isWriterOpen, "the asynchronous launch went through GRDB's connection")
        #expect(try await store.beginRestore(session: "never saved") == .nothingSaved)
        #expect(try SnapshotStore(readingAt: path).snapshots(session: "a").map(\.unconfirmedRestores) == [1])
    }

    @Test func aFailingLaunchConnectionHandsTheRestoreToGRDB() throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeFile(folder)
        let store = try SnapshotStore(path: path)
        store.connections.launch?.close()
        #expect(try store.restore(session: "b").restored.snapshot.tree == Self.second)
        #expect(store.connections.isWriterOpen)
    }

    @Test func theLastConnectionToCloseCheckpointsTheLog() throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeFile(folder)
        var holder: SnapshotStore? = try SnapshotStore(path: path)
        try holder?.save(Self.second, session: "c")   // another connection keeps side files in place
        var store: SnapshotStore? = try SnapshotStore(path: path)
        _ = try store?.restore(session: "a")
        try store?.save(Self.second, session: "d")
        holder = nil
        store = nil
        // GRDB's connection closed last and checkpointed the log into the file, which now holds
        // every session on its own.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try SnapshotStore(readingAt: path).sessions().map(\.name).sorted() == ["a", "b", "c", "d"])
    }

    @Test func aForeignFileLeftWithItsLogIsRefusedWithoutCheckpointingIt() throws {
        let folder = try TemporaryFolder()
        let source = folder.path("source.sqlite"), path = folder.path("other.sqlite")
        let queue = try DatabaseQueue(path: source)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO contacts (name) VALUES ('Ada')")
        }
        // The file and its side files as a killed process leaves them: the log holds pages that
        // are not in the file yet.
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: path + suffix)
        }
        try queue.close()
        let before = FileFingerprint(path)
        #expect(throws: StoreError.foreignDatabase(path: path, tables: ["contacts"])) {
            try SnapshotStore(path: path)
        }
        #expect(FileFingerprint(path).bytes == before.bytes)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    }
}
