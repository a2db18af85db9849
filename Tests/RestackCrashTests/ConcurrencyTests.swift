import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

@Suite("Concurrency", .serialized)
struct ConcurrencyTests {
    /// 4 processes each save 1000 snapshots to one store at once while 2 reader processes
    /// restore every session over and over, checking every snapshot they load against what was
    /// saved under its tag: no save lost, no half snapshot read, no "database is locked"
    /// reaching a caller (a helper exits 1 on any error).
    @Test(.timeLimit(.minutes(5)))
    func fourWritingProcessesAndReadersLoseNothing() throws {
        let writers = 4
        let saves = Helper.environment("RESTACK_CONCURRENT_SAVES", default: 1000)
        let scratch = try Scratch(prefix: "restack-crash")
        let path = scratch.path("concurrent.sqlite")
        _ = try SnapshotStore(path: path)   // created before the race, as an app's first launch would
        let start = Date()
        let writerProcesses = try (0..<writers).map { writer in
            try Helper.start(["save", "--db", path, "--session", "writer-\(writer)", "--seed", "\(writer)", "--count", "\(saves)"])
        }
        let readerProcesses = try (0..<2).map { _ in try Helper.start(["read", "--db", path, "--count", "300"]) }

        var acks: [Helper.Ack] = []
        var verifiedReads = 0
        var failures: [String] = []
        for helper in writerProcesses + readerProcesses {
            let result = helper.finish()
            let text = result.stdoutText
            acks += Helper.acks(in: text)
            verifiedReads += Helper.verifiedReads(in: text)
            failures += text.split(separator: "\n").filter { $0.hasPrefix("error") }.map(String.init)
            #expect(result.termination == .exited(0), "\(text.suffix(300))")
        }
        let elapsed = Date().timeIntervalSince(start)

        let store = try SnapshotStore(readingAt: path)
        let lost = acks.filter { ack in (try? store.snapshot(id: ack.id)).map(isComplete) != true }.count
        let locked = failures.filter { $0.contains("locked") || $0.contains("busy") }.count
        print("concurrency: \(writers) processes x \(saves) saves in \(String(format: "%.1f", elapsed)) s with 2 readers: acknowledged \(acks.count), lost \(lost), reads verified \(verifiedReads), errors \(failures.count) (database is locked: \(locked))")
        #expect(acks.count == writers * saves)
        #expect(Set(acks.map(\.id)).count == acks.count, "every save got its own snapshot id")
        #expect(lost == 0)
        #expect(verifiedReads > 0, "the readers must have checked what they read")
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(try store.check().snapshotCount == writers * saves)
    }

    /// Many tasks in one process save and restore different sessions through one store at once.
    @Test func manyTasksInOneProcessSaveAndRestoreTheirOwnSessions() async throws {
        let scratch = try Scratch(prefix: "restack-crash")
        let store = try SnapshotStore(path: scratch.path("tasks.sqlite"), options: .init(retention: .init(keepLast: 1000)))
        let tasks = 16
        let rounds = 40
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var verified = 0
                    for round in 0..<rounds {
                        let state = StressStates.state(seed: UInt64(task), index: UInt64(round))
                        let info = try store.save(state, session: "task-\(task)", appVersion: StressStates.tag(seed: UInt64(task), index: UInt64(round)))
                        let restored = try store.restore(session: "task-\(task)").restored
                        if restored.snapshot.info.id == info.id && restored.snapshot.tree == state {
                            verified += 1
                        }
                    }
                    return verified
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        print("in-process concurrency: \(tasks) tasks x \(rounds) save+restore, verified \(results.reduce(0, +))")
        #expect(results == Array(repeating: rounds, count: tasks))
        #expect(try store.check().snapshotCount == tasks * rounds)
    }
}

/// Restore outcomes written by several processes at once (issue 18): each helper process
/// begins and confirms restores of its own session under its own app version while this
/// process does the same; every outcome is recorded whole, none lost.
@Suite("Outcomes from several processes")
struct OutcomeProcessTests {
    @Test func outcomesWrittenWhileOtherProcessesRestore() throws {
        let scratch = try Scratch()
        let path = scratch.path("o.sqlite")
        let state = RestorationTree.drillDown(left: [RestorationRecord(identifier: "a", className: "A"), RestorationRecord(identifier: nil, className: "B")])
        let store = try SnapshotStore(path: path, options: .init(appVersion: "main", outcomeRetention: .init(keepLast: 10_000)))
        for session in ["p1", "p2", "main"] {
            try store.save(state, session: session)
        }
        let helpers = try ["p1", "p2"].map { session in
            try Helper.start(["restore", "--db", path, "--session", session, "--count", "40", "--app-version", session])
        }
        for _ in 0..<40 {
            guard case .restore(let restoration) = try store.beginRestore(session: "main") else { Issue.record("expired or nothing saved"); return }
            try store.confirmRestore(restoration)
        }
        for helper in helpers {
            let result = helper.finish()
            let text = result.stdoutText
            #expect(result.termination == .exited(0) && text.contains("confirmed 40"), "\(text)")
        }
        let outcomes = try SnapshotStore(readingAt: path).restoreOutcomes()
        #expect(outcomes.count == 120)
        for session in ["p1", "p2", "main"] {
            let mine = outcomes.filter { $0.session == session }
            #expect(mine.count == 40 && mine.allSatisfy { $0.appVersion == session }, "\(session)")
            #expect(mine.allSatisfy { $0.restoredRecords == 1 && $0.drops == [.init(reason: .missingIdentifier, className: "B", count: 1)] })
        }
        #expect(try store.check().isHealthy)
    }
}
