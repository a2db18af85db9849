import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Read-only media, full disks, a hot journal, a lock held by another connection: the store
/// reads what it can, refuses writes with a typed error, and leaves no side file behind.
@Suite("Hostile media", .serialized, .enabled(if: TmpfsMount.isAvailable))
struct HostileMediaTests {
    @Test(arguments: RestoreForm.allCases)
    func aStoreOnReadOnlyMediaIsReadInPlaceAndSavesFailWithReadOnly(_ form: RestoreForm) async throws {
        let mount = try TmpfsMount(kibibytes: 1024)
        let path = mount.path("s.sqlite")
        let saved = try await SnapshotStore(path: path).save(mailState, session: "s")
        let bytes = FileManager.default.contents(atPath: path)
        mount.remount(readOnly: true)

        let store = try SnapshotStore(path: path)
        #expect(store.isReadOnly)
        #expect(try await form.peek(store, session: "s").restored.snapshot.info.id == saved.id)
        #expect(throws: StoreError.readOnly(path: path)) { try Self.saveSynchronously(mailState, in: store) }
        await #expect(throws: StoreError.readOnly(path: path)) { try await store.save(mailState, session: "s") }
        #expect(try SnapshotStore(readingAt: path).snapshot(id: saved.id).tree == mailState)
        #expect(throws: StoreError.readOnly(path: mount.path("new.sqlite"))) { try SnapshotStore(path: mount.path("new.sqlite")) }
        #expect(mount.files == ["s.sqlite"], "no side file")
        #expect(FileManager.default.contents(atPath: path) == bytes)
    }

    /// The synchronous `save`, which an `async` test would not choose over the asynchronous one.
    private static func saveSynchronously(_ tree: RestorationTree, in store: SnapshotStore) throws {
        _ = try store.save(tree, session: "s")
    }

    @Test func aStoreOnAFullDiskIsReadAndSavesFailWithDiskFullLeavingNoSideFile() throws {
        let mount = try TmpfsMount(kibibytes: 1024)
        let path = mount.path("s.sqlite")
        let saved = try SnapshotStore(path: path).save(mailState, session: "s")
        let bytes = FileManager.default.contents(atPath: path)
        let filler = mount.fill()

        let store = try SnapshotStore(path: path)
        #expect(try store.restore(session: "s").restored.snapshot.tree == mailState)
        #expect(throws: StoreError.diskFull(path: path)) { try store.save(mailState, session: "s") }
        _ = try SnapshotStore(readingAt: path).check()
        #expect(throws: StoreError.diskFull(path: mount.path("new.sqlite"))) { try SnapshotStore(path: mount.path("new.sqlite")) }
        #expect(mount.files == ["filler", "s.sqlite"], "no side file")
        #expect(FileManager.default.contents(atPath: path) == bytes)

        // Room again: the same file takes saves.
        try FileManager.default.removeItem(atPath: filler)
        let next = try SnapshotStore(path: path).save(mailState, session: "s")
        #expect(next.id > saved.id)
    }

    @Test func aDiskThatFillsWhileTheStoreIsOpenFailsTheSaveAndKeepsEverySnapshot() throws {
        let mount = try TmpfsMount(kibibytes: 1024)
        let path = mount.path("s.sqlite")
        let store = try SnapshotStore(path: path)
        let saved = try store.save(mailState, session: "s")
        mount.fill()
        let big = RestorationTree.drillDown(left: (0..<200).map { RestorationRecord(identifier: "r\($0)", className: "C", payload: Data(count: 4000)) })
        #expect(throws: StoreError.diskFull(path: path)) { try store.save(big, session: "s") }
        #expect(try store.snapshots(session: "s").map(\.id) == [saved.id])
        #expect(try store.restore(session: "s").restored.snapshot.tree == mailState)
    }
}

/// A leftover hot journal, and a lock held by another connection.
@Suite("Journals and locks")
struct JournalAndLockTests {
    @Test func aHotJournalIsRolledBackByTheWritableOpeningNotAReasonToStayReadOnly() throws {
        let folder = try TemporaryFolder()
        let original = folder.path("original.sqlite")
        let saved = try SnapshotStore(path: original).save(mailState, session: "s")
        // The copy has a hot journal, as after a crash.
        let copy = folder.path("copy.sqlite")
        try HotJournal.copy(original, to: copy)
        let store = try SnapshotStore(path: copy)
        #expect(!store.isReadOnly)
        #expect(try store.restore(session: "s").restored.snapshot.info.id == saved.id, "the journal was rolled back")
        try store.save(mailState, session: "s")
        #expect(try store.check().isHealthy)
    }

    @Test func inspectionOfAStoreLockedByAnotherConnectionFailsWithLockedWithinItsTimeout() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        try SnapshotStore(path: path).save(mailState, session: "s")
        var configuration = Configuration()
        configuration.prepareDatabase { try $0.execute(sql: "PRAGMA locking_mode = EXCLUSIVE") }
        let holder = try DatabaseQueue(path: path, configuration: configuration)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            let start = Date()
            // Another connection (SQLite's locks are per file descriptor within the process too).
            #expect(throws: StoreError.locked(path: path)) {
                let store = try SnapshotStore(readingAt: path, options: .init(busyTimeout: 0.5))
                _ = try store.sessions()
            }
            #expect(Date().timeIntervalSince(start) < 5)
            try db.execute(sql: "ROLLBACK")
        }
    }

    /// The copy of a store with a hot journal, as a crashed writer in rollback-journal mode
    /// leaves it; returns the copy's path and the id of the snapshot saved before.
    static func storeWithAHotJournal(in folder: TemporaryFolder) throws -> (path: String, saved: Int64) {
        let original = folder.path("original.sqlite")
        let saved = try SnapshotStore(path: original).save(mailState, session: "s")
        let copy = folder.path("copy.sqlite")
        try HotJournal.copy(original, to: copy)
        return (copy, saved.id)
    }

    /// Reading only, a hot journal is not "read-only": it is an interrupted write that the next
    /// writer rolls back; the read writes nothing, and the writable opening then reads it all.
    @Test func aHotJournalIsAnInterruptedWriteToAReadOnlyOpening() throws {
        let folder = try TemporaryFolder()
        let (path, saved) = try Self.storeWithAHotJournal(in: folder)
        let journal = FileManager.default.contents(atPath: path + "-journal")
        let bytes = FileManager.default.contents(atPath: path)
        #expect(throws: StoreError.interruptedWrite(path: path)) { _ = try SnapshotStore(readingAt: path).sessions() }
        #expect(FileManager.default.contents(atPath: path) == bytes)
        #expect(FileManager.default.contents(atPath: path + "-journal") == journal)
        #expect(try SnapshotStore(path: path).restore(session: "s").restored.snapshot.info.id == saved)
        #expect(try SnapshotStore(readingAt: path).check().isHealthy)
    }

    /// A write-ahead log without its index: reading it would create the index, so a read-only
    /// opening refuses with a typed error and creates nothing; an empty log is read in place.
    @Test func aWriteAheadLogWithoutItsIndexCreatesNoSideFile() throws {
        let folder = try TemporaryFolder()
        let original = folder.path("original.sqlite")
        let store = try SnapshotStore(path: original)
        try store.save(mailState, session: "s")
        let holder = try DatabaseQueue(path: original)
        try holder.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try store.save(mailState, session: "t")
        let path = folder.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: original, toPath: path)
        try FileManager.default.copyItem(atPath: original + "-wal", toPath: path + "-wal")
        let before = FileFingerprint(path)
        #expect(throws: StoreError.interruptedWrite(path: path)) { _ = try SnapshotStore(readingAt: path).sessions() }
        #expect(FileFingerprint(path) == before, "no -shm created")
        // An empty log: nothing to recover, read in place.
        try Data().write(to: URL(fileURLWithPath: path + "-wal"))
        let empty = FileFingerprint(path)
        #expect(try SnapshotStore(readingAt: path).sessions().map(\.name) == ["s"])
        #expect(FileFingerprint(path) == empty, "no -shm created")
        try holder.close()
    }

    /// In rollback-journal mode too, a lock held by another connection fails an opening for
    /// writing, and a read, once the busy timeout has passed, not after several timeouts.
    @Test func aLockInRollbackJournalModeFailsWithinItsTimeout() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        try SnapshotStore(path: path).save(mailState, session: "s")
        var configuration = Configuration()
        configuration.prepareDatabase { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
        let holder = try DatabaseQueue(path: path, configuration: configuration)
        let timeout = 0.5
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            try db.execute(sql: "DELETE FROM restack_value")
            let opens: [() throws -> Void] = [
                { _ = try SnapshotStore(path: path, options: .init(busyTimeout: timeout)) },
                { _ = try SnapshotStore(readingAt: path, options: .init(busyTimeout: timeout)).sessions() },
            ]
            for open in opens {
                let start = Date()
                #expect(throws: StoreError.locked(path: path)) { try open() }
                let waited = Date().timeIntervalSince(start)
                #expect(waited < 2.5 * timeout, "waited \(waited) s for a \(timeout) s timeout")
            }
            try db.execute(sql: "ROLLBACK")
        }
    }
}
