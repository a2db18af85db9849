import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// The launch connection (``LaunchConnection``) on files changed behind its back or left in odd
/// states: each case failed on the code that first introduced the launch connection.
@Suite("Launch connection on files changed behind it")
struct LaunchConnectionEdgeTests {
    /// A store file with one session, closed.
    static func storeFile(_ folder: TemporaryFolder) throws -> String {
        let path = folder.path("edge.sqlite")
        try SnapshotStore(path: path).save(mailState, session: "a")
        return path
    }

    /// A file that a newer Restack migrated after the store opened is refused by GRDB's
    /// connection when it opens (a save says `newerSchema`); a restore begun through the launch
    /// connection (synchronous or asynchronous) must not write the crash-loop guard's count into it
    /// either.
    @Test func aRestoreBegunAfterANewerRestackMigratedTheFileWritesNothingToIt() async throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeFile(folder)
        let store = try SnapshotStore(path: path)
        _ = try await store.restore(session: "a")
        #expect(store.connections.launch != nil && !store.connections.isWriterOpen)
        let newer = try DatabaseQueue(path: path)
        try await newer.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('restack.m999_from_the_future')")
        }
        let refusal = StoreError.newerSchema(path: path, unknownMigrations: ["restack.m999_from_the_future"])
        #expect(throws: refusal) { try store.save(mailState, session: "a") }
        #expect(throws: refusal) { _ = try store.beginRestore(session: "a") }
        await #expect(throws: refusal) { _ = try await store.beginRestore(session: "a") }
        let counts = try await newer.read { db in try Int.fetchAll(db, sql: "SELECT unconfirmed_restores FROM restack_snapshot") }
        let pending = try await newer.read { db in try Int64.fetchAll(db, sql: "SELECT restoring_snapshot_id FROM restack_session WHERE restoring_snapshot_id IS NOT NULL") }
        #expect(counts == [0], "the refused file was written")
        #expect(pending.isEmpty, "the refused file was written")
        try newer.close()
    }

    /// A refused file left with an empty write-ahead log and no index (a process in exclusive
    /// locking mode, killed; a copy without its `-shm`) is examined without creating the index:
    /// SQLite's read-only connections create a missing `-shm`, and nothing would remove it.
    @Test func aForeignFileWithOnlyAnEmptyLogIsRefusedWithoutCreatingAnIndex() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("other.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT)")
        }
        try queue.close()
        #expect(FileManager.default.createFile(atPath: path + "-wal", contents: Data()))
        let before = FileFingerprint(path)
        #expect(throws: StoreError.foreignDatabase(path: path, tables: ["contacts"])) { try SnapshotStore(path: path) }
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"), "an index was created beside a refused file")
        #expect(FileFingerprint(path) == before)
    }

    /// The same for a current store: it opens, restores and saves as usual, and leaves no side
    /// file once released.
    @Test func aStoreWithOnlyAnEmptyLogOpensAsUsual() throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeFile(folder)
        #expect(FileManager.default.createFile(atPath: path + "-wal", contents: Data()))
        var store: SnapshotStore? = try SnapshotStore(path: path)
        #expect(try store?.beginRestore(session: "a").restored.snapshot.tree == mailState)
        try store?.save(mailState, session: "b")
        store = nil
        #expect(!FileManager.default.fileExists(atPath: path + "-wal") && !FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(try SnapshotStore(readingAt: path).sessions().map(\.name).sorted() == ["a", "b"])
    }
}
