import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// `close()`: the folder holds the `.sqlite` file alone, which holds every snapshot; every
/// operation after it is the typed `.closed`; operations in flight finish or fail typed; the
/// app's own database is left open.
@Suite("Closing a store")
struct ClosingTests {
    static func state(_ counter: Int) -> RestorationTree {
        RestorationTree.drillDown(left: [record("list"), RestorationRecord(identifier: "item", className: "ItemController", payload: Data("\(counter)".utf8))])
    }

    /// Every session's snapshots, trees included, as a copy of the store reads them.
    static func contents(_ path: String) throws -> [String] {
        let store = try SnapshotStore(readingAt: path)
        var lines: [String] = []
        for session in try store.sessions() {
            for info in try store.snapshots(session: session.name) {
                let snapshot = try store.snapshot(id: info.id)
                lines.append("\(session.name) \(info.id) \(info.unconfirmedRestores) \(snapshot.tree)")
            }
        }
        return lines
    }

    /// Copies the `.sqlite` file alone into a new folder.
    static func copyAlone(_ path: String, into folder: TemporaryFolder) throws -> String {
        let copy = folder.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return copy
    }

    static func files(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    @Test func afterCloseTheFileAloneHoldsEverySnapshotAndNoSideFileRemains() throws {
        let folder = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        let path = folder.path("navigation.sqlite")
        let store = try SnapshotStore(path: path, options: .init(retention: .init(keepLast: 100)))
        for counter in 0..<30 {
            try store.save(Self.state(counter), session: counter.isMultiple(of: 3) ? "b" : "a")
        }
        _ = try store.beginRestore(session: "a").restored
        #expect(try Self.files(folder).contains("navigation.sqlite-wal"), "the writes are in the log before the close")
        let expected = try Self.contents(path)
        try store.close()
        #expect(try Self.files(folder) == ["navigation.sqlite"])
        let copy = try Self.copyAlone(path, into: elsewhere)
        #expect(try Self.contents(copy) == expected)
        #expect(expected.count == 30)
    }

    /// A store that only restored at launch, through its lean launch connection (GRDB's never
    /// opened): its restore's bookkeeping is in the file alone too.
    @Test func aStoreThatOnlyRestoredAtLaunchClosesToo() throws {
        let folder = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        try SnapshotStore(path: path).save(Self.state(1), session: "a")
        let store = try SnapshotStore(path: path)
        _ = try store.beginRestore(session: "a").restored
        #expect(!store.connections.isWriterOpen)
        try store.close()
        #expect(try Self.files(folder) == ["s.sqlite"])
        let copy = try Self.copyAlone(path, into: elsewhere)
        #expect(try SnapshotStore(readingAt: copy).snapshots(session: "a").map(\.unconfirmedRestores) == [1])
    }

    /// Another connection to the file keeps its side files, and the `.sqlite` file still holds
    /// every snapshot the closed store saved: the close checkpointed, which closing a connection
    /// that is not the file's last does not.
    @Test func anotherConnectionKeepsTheSideFilesAndTheFileHoldsEverySnapshot() throws {
        let folder = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let other = try SnapshotStore(path: path)
        _ = try other.sessions()
        let store = try SnapshotStore(path: path)
        for counter in 0..<5 {
            try store.save(Self.state(counter), session: "a")
        }
        let expected = try Self.contents(path)
        try store.close()
        #expect(try Self.files(folder).contains("s.sqlite-wal"), "the other connection's side files stay")
        let copy = try Self.copyAlone(path, into: elsewhere)
        #expect(try Self.contents(copy) == expected)
        try other.save(Self.state(9), session: "a")     // the other store works on
        #expect(try other.snapshots(session: "a").count == 6)
    }

    @Test func everyOperationAfterCloseThrowsClosedAndClosingTwiceIsFine() async throws {
        let folder = try TemporaryFolder()
        let (store, saved, restoration) = try Self.closedStore(folder.path("s.sqlite"))
        try await store.close()
        let closed = StoreError.closed(path: store.path)
        await #expect(throws: closed) { try await store.save(Self.state(2), session: "a") }
        await #expect(throws: closed) { try await store.beginRestore(session: "a") }
        await #expect(throws: closed) { try await store.restore(session: "a") }
        await #expect(throws: closed) { try await store.confirmRestore(restoration) }
        await #expect(throws: closed) { try await store.deleteSession("a") }
        #expect(throws: closed) { try store.liftQuarantine(snapshotID: saved.id) }
        #expect(closed.description.contains("closed") && closed.description.contains("open it again"))
        #expect(try Self.files(folder) == ["s.sqlite"], "nothing after the close opened the file again")
    }

    /// A store closed twice, and every synchronous operation after it throwing `.closed`.
    static func closedStore(_ path: String) throws -> (SnapshotStore, SnapshotInfo, StoreRestoration) {
        let store = try SnapshotStore(path: path)
        let saved = try store.save(Self.state(1), session: "a")
        let restoration = try store.beginRestore(session: "a").restored
        try store.close()
        try store.close()
        let closed = StoreError.closed(path: store.path)
        #expect(throws: closed) { try store.save(Self.state(2), session: "a") }
        #expect(throws: closed) { try store.beginRestore(session: "a") }
        #expect(throws: closed) { try store.restore(session: "a") }
        #expect(throws: closed) { try store.confirmRestore(restoration) }
        #expect(throws: closed) { try store.sessions() }
        #expect(throws: closed) { try store.snapshots(session: "a") }
        #expect(throws: closed) { try store.latestSnapshot(session: "a") }
        #expect(throws: closed) { try store.snapshot(id: saved.id) }
        #expect(throws: closed) { try store.deleteSession("a") }
        #expect(throws: closed) { try store.pruneHistory(session: "a", keepingLast: 1) }
        #expect(throws: closed) { try store.liftQuarantine(snapshotID: saved.id) }
        #expect(throws: closed) { try store.restoreOutcomes() }
        return (store, saved, restoration)
    }


    /// Tasks save and restore while another closes the store: each operation completes, or
    /// fails with `.closed`, and once one fails every later one does; every acknowledged save is
    /// in the file alone. The workers run until they meet the close, which comes once 100 saves
    /// are acknowledged.
    @Test func operationsInFlightCompleteOrFailTypedWhileTheStoreCloses() async throws {
        let folder = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SnapshotStore(path: path, options: .init(retention: .init(keepLast: 100_000)))
        let tasks = 8
        let progress = SaveCount()
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    let session = "t\(task)"
                    if task.isMultiple(of: 2) {
                        var outcome = Outcome(session: session)
                        while !outcome.closedSeen && outcome.attempts < 100_000 {
                            outcome.attempts += 1
                            do throws(StoreError) {
                                try await store.save(Self.state(outcome.attempts), session: session)
                                outcome.succeeded(progress)
                            } catch {
                                outcome.failed(error, store)
                            }
                        }
                        return outcome
                    }
                    // The synchronous forms, on a thread of their own (not a dispatch queue's: on
                    // Linux those are the threads Swift concurrency runs on, and a worker that
                    // holds one until the close would starve the task that closes).
                    return await withCheckedContinuation { continuation in
                        Thread {
                            continuation.resume(returning: Self.saveAndRestoreSynchronously(store, session: session, progress))
                        }.start()
                    }
                }
            }
            group.addTask {
                while progress.saves < 100 {
                    try? await Task.sleep(nanoseconds: 1_000_000)
                }
                var outcome = Outcome(session: "close")
                do { try await store.close() } catch { outcome.other.append("\(error)") }
                return outcome
            }
            var all: [Outcome] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        let copy = try Self.copyAlone(path, into: elsewhere)
        let reopened = try SnapshotStore(readingAt: copy)
        var acknowledged = 0
        for outcome in outcomes {
            #expect(outcome.other.isEmpty, "\(outcome.session): \(outcome.other.prefix(3))")
            guard outcome.session != "close" else { continue }
            #expect(outcome.closedSeen, "\(outcome.session) met the close")
            acknowledged += outcome.saved
            let stored = outcome.saved == 0 ? 0 : try reopened.snapshots(session: outcome.session).count
            #expect(stored == outcome.saved, "\(outcome.session): every acknowledged save is in the file alone")
        }
        print("closing under load: \(acknowledged) saves acknowledged before the close")
        #expect(try Self.files(folder) == ["s.sqlite"])
    }

    /// A worker's count of saves, and what it met.
    struct Outcome: Sendable {
        var session: String
        var attempts = 0
        var saved = 0
        var closedSeen = false
        /// Errors other than `.closed`, and successes after it.
        var other: [String] = []

        mutating func succeeded(_ progress: SaveCount) {
            saved += 1
            progress.saved()
            if closedSeen { other.append("an operation succeeded after one failed closed") }
        }

        mutating func failed(_ error: StoreError, _ store: SnapshotStore) {
            if error == .closed(path: store.path) { closedSeen = true } else { other.append("\(error)") }
        }
    }

    /// The saves acknowledged so far, across workers.
    final class SaveCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        func saved() {
            lock.lock(); defer { lock.unlock() }
            count += 1
        }

        var saves: Int {
            lock.lock(); defer { lock.unlock() }
            return count
        }
    }

    /// A worker on the synchronous forms: saves, each followed by a restore, until it meets the
    /// close.
    static func saveAndRestoreSynchronously(_ store: SnapshotStore, session: String, _ progress: SaveCount) -> Outcome {
        var outcome = Outcome(session: session)
        while !outcome.closedSeen && outcome.attempts < 100_000 {
            outcome.attempts += 1
            do throws(StoreError) {
                try store.save(Self.state(outcome.attempts), session: session)
                outcome.succeeded(progress)
                _ = try store.restore(session: session)
            } catch {
                outcome.failed(error, store)
            }
        }
        return outcome
    }

    /// A use of the store that is in flight when `close()` is called ends before the close does:
    /// the close waits for it, whatever the use is waiting for (here, a use that has entered and
    /// not yet reached either connection; a connection opened by such a use after the close
    /// would stay open).
    @Test func closeWaitsForTheUsesInFlight() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("s.sqlite"))
        try store.save(Self.state(1), session: "a")
        let events = Events()
        let entered = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? store.whileOpen { () throws(StoreError) in
                entered.signal()
                usleep(300_000)
                events.add("use ended")
                _ = try store.connections.writer()
            }
            done.signal()
        }
        entered.wait()
        try store.close()
        events.add("close returned")
        done.wait()
        #expect(events.all == ["use ended", "close returned"])
        #expect(try Self.files(folder) == ["s.sqlite"], "no connection outlived the close")
    }

    /// What happened, in order, across threads.
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [String] = []

        func add(_ event: String) {
            lock.lock(); defer { lock.unlock() }
            events.append(event)
        }

        var all: [String] {
            lock.lock(); defer { lock.unlock() }
            return events
        }
    }

    /// The app's own database, hosting the store, is not Restack's to close.
    @Test func aHostedDatabaseStaysOpen() throws {
        let folder = try TemporaryFolder()
        let queue = try DatabaseQueue(path: folder.path("app.sqlite"))
        try queue.write { try $0.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY)") }
        let store = try SnapshotStore(database: queue)
        try store.save(Self.state(1), session: "a")
        try store.close()
        #expect(throws: StoreError.closed(path: store.path)) { try store.sessions() }
        #expect(queue.path == store.path)
        try queue.write { try $0.execute(sql: "INSERT INTO note DEFAULT VALUES") }
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM restack_snapshot") } == 1)
        #expect(try SnapshotStore(database: queue).snapshots(session: "a").count == 1, "a new store value on the app's database works")
    }

    @Test func aStoreReadOnlyOrInMemoryCloses() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let writer = try SnapshotStore(path: path)
        try writer.save(Self.state(1), session: "a")
        try writer.close()
        let reader = try SnapshotStore(readingAt: path)
        #expect(try reader.sessions().count == 1)
        try reader.close()
        #expect(throws: StoreError.closed(path: reader.path)) { try reader.sessions() }
        #expect(try Self.files(folder) == ["s.sqlite"])
        let memory = try SnapshotStore.inMemory()
        try memory.save(Self.state(1), session: "a")
        try memory.close()
        #expect(throws: StoreError.closed(path: ":memory:")) { try memory.sessions() }
    }
}
