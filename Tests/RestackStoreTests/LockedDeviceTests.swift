import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// The device locks under a live store (an SQLite VFS refuses the store's files as iOS data
/// protection does) at each of five moments: opening, restoring, saving, the checkpoint of a
/// close, and the close itself. Each time the store answers one typed error,
/// `.unavailable(path:)`, and nothing is counted as a launch, quarantined, pruned or deleted;
/// once the device is unlocked the store works on, every snapshot there.
@Suite("A locked device")
struct LockedDeviceTests {
    static let refusals: [LockedDevice.Refusal] = [.locked, .lockedNotAuthorized, .lockedAccessDenied]

    @Test(arguments: refusals)
    func openingWhileLockedIsUnavailableAndChangesNothing(_ refusal: LockedDevice.Refusal) throws {
        let fixture = try LockedStoreFixture()
        let path = try fixture.copy()
        let rows = try LockedStoreFixture.rows(path)
        let files = try LockedStoreFixture.files(beside: path)
        LockedDevice.lock(path, as: refusal)
        #expect(throws: StoreError.unavailable(path: path)) { try SnapshotStore(path: path, options: LockedStoreFixture.options) }
        #expect(throws: StoreError.unavailable(path: path)) { try SnapshotStore(readingAt: path) }
        #expect(LockedDevice.refusals(path) > 0)
        LockedDevice.unlock(path)
        #expect(try LockedStoreFixture.files(beside: path) == files, "no file created or removed")
        #expect(try LockedStoreFixture.rows(path) == rows)

        // Opened while another store value has the file open (its side files there).
        let other = try SnapshotStore(path: path, options: LockedStoreFixture.options)
        _ = try other.sessions()
        LockedDevice.lock(path, as: refusal)
        #expect(throws: StoreError.unavailable(path: path)) { try SnapshotStore(path: path, options: LockedStoreFixture.options) }
        LockedDevice.unlock(path)
        #expect(try LockedStoreFixture.rows(path) == rows)
        #expect(try SnapshotStore(path: path).restore(session: "a").restored.snapshot.tree == LockedStoreFixture.state("a", 2))
    }

    /// A launch while the device is locked: the restore is unavailable, in both forms and on both
    /// connections; the crash-loop guard counts nothing and quarantines nothing, so the first
    /// launch after the unlock is the launch the guard sees.
    @Test(arguments: RestoreForm.allCases, [false, true])
    func restoringWhileLockedCountsNothing(_ form: RestoreForm, writerOpen: Bool) async throws {
        let fixture = try LockedStoreFixture()
        let path = try fixture.copy()
        let rows = try LockedStoreFixture.rows(path)
        let store = try SnapshotStore(path: path, options: LockedStoreFixture.options)
        if writerOpen { _ = try store.database }
        LockedDevice.lock(path)
        for _ in 0..<3 {
            await #expect(throws: StoreError.unavailable(path: path)) { try await form.begin(store, session: "a") }
            await #expect(throws: StoreError.unavailable(path: path)) { try await form.peek(store, session: "b") }
        }
        LockedDevice.unlock(path)
        #expect(try LockedStoreFixture.rows(path) == rows, "nothing counted, quarantined or pending")
        let restoration = try await form.begin(store, session: "a").restored
        #expect(restoration.snapshot.info.unconfirmedRestores == 2, "the launch that crashed, and this one: the three locked ones counted nothing")
        #expect(try store.snapshots(session: "a").filter(\.isQuarantined).count == 1, "the crashed launch's provisional save")
    }

    /// The device locks after each number of operations in turn, inside a begun restore: each
    /// time it is unavailable and leaves every row as it was, or it completes.
    @Test func theLockAtEachMomentOfARestoreCountsNothing() throws {
        let fixture = try LockedStoreFixture()
        let moments = try Self.sweep(fixture) { (store) throws(StoreError) in
            _ = try store.beginRestore(session: "a")
        }
        print("locked device, restore: \(moments) moments locked, each unavailable, nothing counted")
    }

    /// The same through GRDB's connection, which the first read opens after the launch: the lock
    /// comes while it opens too.
    @Test func theLockAtEachMomentOfARestoreOnGRDBsConnectionCountsNothing() throws {
        let fixture = try LockedStoreFixture()
        let moments = try Self.sweep(fixture) { (store) throws(StoreError) in
            _ = try store.sessions()
            _ = try store.beginRestore(session: "a")
        }
        print("locked device, restore on GRDB's connection: \(moments) moments locked, each unavailable, nothing counted")
    }

    /// The device locks after each number of operations in turn, inside a save that would prune:
    /// each time the save is unavailable and writes and prunes nothing, or it completes.
    @Test func theLockAtEachMomentOfASaveWritesAndPrunesNothing() throws {
        let fixture = try LockedStoreFixture()
        let moments = try Self.sweep(fixture) { (store) throws(StoreError) in
            try store.save(LockedStoreFixture.state("b", 7), session: "b")
        }
        print("locked device, save: \(moments) moments locked, each unavailable, nothing written or pruned")
    }

    /// The device locks during a deletion: the session and its values stay.
    @Test func theLockAtEachMomentOfADeletionDeletesNothing() throws {
        let fixture = try LockedStoreFixture()
        let moments = try Self.sweep(fixture) { (store) throws(StoreError) in
            try store.deleteSession("b")
        }
        print("locked device, deletion: \(moments) moments locked, each unavailable, nothing deleted")
    }

    /// The device locks after each number of operations in turn, inside `close()`: during its
    /// checkpoint, the store stays open and works, and closing again once unlocked succeeds;
    /// after the checkpoint, as the connections close, the store is closed and SQLite could not
    /// remove the emptied log. Either way `close()` is unavailable, and once unlocked the
    /// `.sqlite` file alone holds every snapshot.
    @Test func theLockAtEachMomentOfACloseLosesNothing() throws {
        let fixture = try LockedStoreFixture()
        var duringCheckpoint = 0, asConnectionsClose = 0
        for moment in 0..<500 {
            let path = try fixture.copy()
            let store = try SnapshotStore(path: path, options: LockedStoreFixture.options)
            try store.save(LockedStoreFixture.state("b", 7), session: "b")
            let rows = try LockedStoreFixture.rows(path)
            LockedDevice.lock(path, afterOperations: moment)
            do throws(StoreError) {
                try store.close()
            } catch {
                LockedDevice.unlock(path)
                #expect(error == .unavailable(path: path), "locked after \(moment) operations")
                var leftOpen = true
                do throws(StoreError) {
                    _ = try store.sessions()
                    try store.close()
                } catch {
                    #expect(error == .closed(path: path))
                    leftOpen = false
                }
                if leftOpen {
                    duringCheckpoint += 1
                    #expect(try LockedStoreFixture.files(beside: path) == ["s.sqlite"], "locked after \(moment) operations")
                } else {
                    asConnectionsClose += 1
                }
                try Self.expectTheFileAloneHolds(rows, path)
                continue
            }
            LockedDevice.unlock(path)
            #expect(try LockedStoreFixture.files(beside: path) == ["s.sqlite"])
            try Self.expectTheFileAloneHolds(rows, path)
            print("locked device, close: \(duringCheckpoint) moments during the checkpoint (the store left open), \(asConnectionsClose) as the connections close")
            #expect(duringCheckpoint > 0 && asConnectionsClose > 0, "both moments were met")
            return
        }
        Issue.record("the close never completed before the lock")
    }

    /// The store's `.sqlite` file, copied alone, holds `rows`.
    static func expectTheFileAloneHolds(_ rows: [String], _ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let elsewhere = try TemporaryFolder()
        let copy = elsewhere.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(try LockedStoreFixture.rows(copy) == rows, sourceLocation: sourceLocation)
    }

    /// Runs `action` on a new copy of the fixture with the device locking after 0, 1, 2...
    /// operations, until one run completes before the lock: each earlier run must be unavailable
    /// and leave every row as it was, and the store must work once unlocked.
    ///
    /// - Returns: How many moments were locked.
    static func sweep(_ fixture: LockedStoreFixture, _ action: (SnapshotStore) throws(StoreError) -> Void) throws -> Int {
        for moment in 0..<500 {
            let path = try fixture.copy()
            let rows = try LockedStoreFixture.rows(path)
            let store = try SnapshotStore(path: path, options: LockedStoreFixture.options)
            LockedDevice.lock(path, afterOperations: moment)
            do throws(StoreError) {
                try action(store)
            } catch {
                let refused = LockedDevice.refusals(path)
                LockedDevice.unlock(path)
                #expect(error == .unavailable(path: path), "locked after \(moment) operations (\(refused) refused)")
                #expect(try LockedStoreFixture.rows(path) == rows, "locked after \(moment) operations: a row changed")
                try action(store)   // once unlocked, the same store works
                continue
            }
            let refused = LockedDevice.refusals(path)
            LockedDevice.unlock(path)
            if refused == 0 {
                #expect(moment > 2, "the lock came before the action's first operation")
                return moment
            }
            // The lock came after the action's transaction committed (its log synced): it
            // completed, and the lock met something SQLite does not report (a checkpoint).
        }
        Issue.record("the action never completed before the lock")
        return 0
    }
}
