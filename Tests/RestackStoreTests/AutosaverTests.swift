import Foundation
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// The autosaver under bursts: the last state is the one stored, saves are few, order is kept,
/// identical states are not written again, and a failure is reported once, never thrown at a tap.
@Suite("Autosaver")
struct AutosaverTests {
    static func state(_ counter: Int) -> RestorationTree {
        RestorationTree.drillDown(left: [record("list"), RestorationRecord(identifier: "item", className: "ItemController", payload: Data("\(counter)".utf8))])
    }

    static func counter(_ snapshot: StoredSnapshot) -> Int? {
        snapshot.tree.left.last?.payload.flatMap { Int(String(decoding: $0, as: UTF8.self)) }
    }

    @Test func aBurstFromManyTasksEndsWithTheLastStateAndFewSaves() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("a.sqlite"), options: .init(retention: .init(keepLast: 100_000)))
        let autosaver = Autosaver(store: store, session: "s")
        let tasks = 8, perTask = 500
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for index in 0..<perTask {
                        autosaver.submit(Self.state(task * perTask + index))
                    }
                }
            }
        }
        autosaver.submit(Self.state(-1))
        try await autosaver.flush()
        let latest = try store.latestSnapshot(session: "s")
        #expect(Self.counter(latest) == -1, "the last state submitted is the one stored")
        let written = await autosaver.snapshotsWritten
        let stored = try store.snapshots(session: "s").count
        print("autosaver: \(tasks * perTask + 1) submissions from \(tasks) tasks, \(written) snapshots written")
        #expect(written == stored)
        #expect(written < (tasks * perTask) / 4, "bursts coalesce")
    }

    @Test func orderIsKeptAndNothingIsLostAtFlush() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("a.sqlite"), options: .init(retention: .init(keepLast: 100_000)))
        let autosaver = Autosaver(store: store, session: "s")
        for round in 0..<20 {
            for index in 0..<100 {
                autosaver.submit(Self.state(round * 100 + index))
            }
            try await autosaver.flush()
            let latest = try store.latestSnapshot(session: "s")
            #expect(Self.counter(latest) == round * 100 + 99, "round \(round): flush returned before the latest state was stored")
        }
        var counters: [Int] = []
        for info in try store.snapshots(session: "s") {
            counters.append(Self.counter(try store.snapshot(id: info.id)) ?? -1)
        }
        #expect(counters == counters.sorted() && Set(counters).count == counters.count, "a later state is never overwritten by an earlier one")
    }

    @Test func anIdenticalStateIsNotWrittenAgain() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("a.sqlite"))
        try await store.save(Self.state(7), session: "s")
        let autosaver = Autosaver(store: store, session: "s")
        autosaver.submit(Self.state(7))                // what the store already holds
        try await autosaver.flush()
        #expect(await autosaver.snapshotsWritten == 0)
        autosaver.submit(Self.state(8))
        autosaver.submit(Self.state(8))
        try await autosaver.flush()
        autosaver.submit(Self.state(8))
        try await autosaver.flush()
        #expect(await autosaver.snapshotsWritten == 1)
        #expect(try store.snapshots(session: "s").count == 2)
    }

    @Test func aFailureIsReportedOnceAndFlushSaysSo() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("a.sqlite"), options: .init(limits: .init(maxRecordCount: 1)))
        let failures = Failures()
        let autosaver = Autosaver(store: store, session: "s") { failures.append($0) }
        for index in 0..<50 {
            autosaver.submit(Self.state(index))        // two records: over the cap, every time
            try? await autosaver.flush()
        }
        await #expect(throws: StoreError.limitExceeded(.recordCount, size: 2, limit: 1)) { try await autosaver.flush() }
        #expect(failures.count == 1, "one failure repeating is reported once")
        autosaver.submit(RestorationTree.drillDown(left: [record("fits")]))
        try await autosaver.flush()
        #expect(await autosaver.snapshotsWritten == 1)
    }

    @Test @MainActor func submitsFromTheMainActorAndTheStoresAsyncForms() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("a.sqlite"))
        let autosaver = Autosaver(store: store, session: "s")
        autosaver.submit(Self.state(1))               // synchronous, from the main actor
        try await autosaver.flush()
        let loaded = try await store.beginRestore(session: "s").restored
        let factory = MainActorFactory()
        let restoration = loaded.plan(resolver: RecordResolver { record, _ in factory.canMake(record.className) })   // a main-actor resolver
        #expect(restoration.plan.left.count == 2)
        try await store.confirmRestore(restoration)
        #expect(try await store.beginRestore(session: "never-saved") == .nothingSaved, "a session never saved is not an error at launch")
    }
}

@MainActor
final class MainActorFactory {
    func canMake(_ className: String?) -> Bool { className != nil }
}

final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [StoreError] = []
    func append(_ error: StoreError) { lock.lock(); errors.append(error); lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return errors.count }
}
