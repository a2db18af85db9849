import Foundation
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// The autosaver on a locked device: the newest state is kept and written once the file is
/// available again, by a flush or by the autosaver itself; an older state is never written
/// after a newer one; the failure is reported once.
@Suite("A locked device and the autosaver")
struct LockedDeviceAutosaverTests {
    /// The errors an autosaver reported.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var errors: [StoreError] = []

        func add(_ error: StoreError) {
            lock.lock(); defer { lock.unlock() }
            errors.append(error)
        }

        var all: [StoreError] {
            lock.lock(); defer { lock.unlock() }
            return errors
        }
    }

    static func state(_ counter: Int) -> RestorationTree {
        LockedStoreFixture.state("item", counter)
    }

    /// The payloads of the session's snapshots, oldest first.
    static func history(_ store: SnapshotStore, _ session: String) async throws -> [String] {
        var payloads: [String] = []
        for info in try store.snapshots(session: session) {
            let tree = try store.snapshot(id: info.id).tree
            payloads.append(tree.left.last?.payload.map { String(decoding: $0, as: UTF8.self) } ?? "")
        }
        return payloads
    }

    @Test func theNewestStateIsWrittenByTheFlushOnceUnlocked() async throws {
        let fixture = try LockedStoreFixture()
        let path = try fixture.copy()
        let store = try SnapshotStore(path: path, options: .init(retention: .init(keepLast: 100)))
        let reports = Reports()
        let autosaver = Autosaver(store: store, session: "n") { reports.add($0) }
        autosaver.submit(Self.state(1))
        try await autosaver.flush()
        LockedDevice.lock(path)
        autosaver.submit(Self.state(2))
        autosaver.submit(Self.state(3))
        await #expect(throws: StoreError.unavailable(path: path)) { try await autosaver.flush() }
        autosaver.submit(Self.state(4))
        await #expect(throws: StoreError.unavailable(path: path)) { try await autosaver.flush() }
        #expect(reports.all == [.unavailable(path: path)], "reported once")
        LockedDevice.unlock(path)
        try await autosaver.flush()
        #expect(try await Self.history(store, "n") == ["1", "4"], "the newest state, and no older one after it")
        #expect(await autosaver.snapshotsWritten == 2)
    }

    /// No submission and no flush after the unlock: the autosaver tries again by itself. No
    /// deadline but the test's time limit: in a full run, tasks may wait long for a thread.
    @Test(.timeLimit(.minutes(3)))
    func theAutosaverWritesTheKeptStateByItselfOnceUnlocked() async throws {
        let fixture = try LockedStoreFixture()
        let path = try fixture.copy()
        let store = try SnapshotStore(path: path)
        let reports = Reports()
        let autosaver = Autosaver(store: store, session: "n") { reports.add($0) }
        LockedDevice.lock(path)
        autosaver.submit(Self.state(5))
        while reports.all.isEmpty {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(reports.all == [.unavailable(path: path)])
        LockedDevice.unlock(path)
        var history: [String] = []
        while history.isEmpty {
            try await Task.sleep(nanoseconds: 50_000_000)
            history = (try? await Self.history(store, "n")) ?? []
        }
        #expect(history == ["5"], "written without a submission or a flush")
        #expect(reports.all.count == 1)
    }

    /// A newer state submitted after the unlock is written, and the kept one never after it.
    @Test func aNewerStateReplacesTheKeptOne() async throws {
        let fixture = try LockedStoreFixture()
        let path = try fixture.copy()
        let store = try SnapshotStore(path: path, options: .init(retention: .init(keepLast: 100)))
        let autosaver = Autosaver(store: store, session: "n")
        LockedDevice.lock(path)
        autosaver.submit(Self.state(6))
        await #expect(throws: StoreError.unavailable(path: path)) { try await autosaver.flush() }
        LockedDevice.unlock(path)
        autosaver.submit(Self.state(7))
        try await autosaver.flush()
        #expect(await autosaver.unwritten.document == nil, "the kept state is forgotten once a newer one is written")
        try await Task.sleep(nanoseconds: 1_500_000_000)   // past the first retry's delay
        #expect(try await Self.history(store, "n") == ["7"])
    }
}
