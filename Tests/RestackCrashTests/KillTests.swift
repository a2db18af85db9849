import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// SIGKILL a process in the middle of saving, again and again: the store stays sound, every
/// acknowledged save is there byte for byte, and no snapshot is ever half-written.
///
/// 200 kills by default; set RESTACK_KILLS (say 1000) for a longer run.
@Suite("Crash safety", .serialized)
struct KillTests {
    @Test(.timeLimit(.minutes(10)))
    func killingASavingProcessNeverLosesAnAcknowledgedSave() throws {
        let kills = Helper.environment("RESTACK_KILLS", default: 200)
        let scratch = try Scratch(prefix: "restack-crash")
        let path = scratch.path("crash.sqlite")
        let options = SnapshotStore.Options(retention: .init(keepLast: Int.max / 2))
        var acknowledged: [Helper.Ack] = []
        var corruptStores = 0
        var tornSnapshots = 0
        var lostSaves = 0
        var checkedUpTo: Int64 = 0

        for kill in 0..<kills {
            let helper = try Helper.start(["save", "--db", path, "--session", "s\(kill % 5)", "--seed", "\(kill)"])
            // One kill in four lands anywhere from launch (opening, migrating); the others land
            // at a random moment once saving is under way.
            var received = Data()
            if kill % 4 != 0 {
                received = helper.readOutput()   // blocks until the first ack
            }
            usleep(UInt32.random(in: kill % 4 == 0 ? 0...30_000 : 0...15_000))
            helper.send(SIGKILL)
            received += helper.finish().stdout
            let text = String(decoding: received, as: UTF8.self)
            let acks = Helper.acks(in: text)
            acknowledged += acks

            // Reopen as the app would on its next launch.
            let store: SnapshotStore
            do {
                store = try SnapshotStore(path: path, options: options)
            } catch {
                Issue.record("kill \(kill): reopening the store after the kill failed: \(error)")
                throw error
            }
            let report = try store.check()
            if !report.isHealthy {
                corruptStores += 1
                Issue.record("kill \(kill): store unhealthy: \(report.integrity) \(report.problems)")
            }
            for ack in acks {
                let snapshot = try? store.snapshot(id: ack.id)
                if snapshot?.info.appVersion != StressStates.tag(seed: ack.seed, index: ack.index) || snapshot.map(isComplete) != true {
                    lostSaves += 1
                    Issue.record("kill \(kill): acknowledged snapshot \(ack.id) (seed \(ack.seed), index \(ack.index)) is \(snapshot == nil ? "missing" : "different")")
                }
            }
            // A save that failed in the helper is a failure too, not just a shorter run.
            for line in text.split(separator: "\n") where line.hasPrefix("error") {
                Issue.record("kill \(kill): the helper reported \(line)")
            }
            // Every snapshot written since the last kill, acknowledged or not, must be whole.
            for session in try store.sessions() {
                for info in try store.snapshots(session: session.name) where info.id > checkedUpTo {
                    if !isComplete(try store.snapshot(id: info.id)) {
                        tornSnapshots += 1
                        Issue.record("kill \(kill): snapshot \(info.id) (\(info.appVersion ?? "no tag")) is torn")
                    }
                }
            }
            checkedUpTo = try store.sessions().compactMap(\.latestSnapshotID).max() ?? checkedUpTo
        }

        // A last pass over everything ever acknowledged.
        let store = try SnapshotStore(path: path, options: options)
        let finalLost = acknowledged.filter { ack in (try? store.snapshot(id: ack.id)).map(isComplete) != true }.count
        print("crash safety: kills \(kills), acknowledged saves \(acknowledged.count), corrupt stores \(corruptStores), torn snapshots \(tornSnapshots), lost acknowledged saves \(lostSaves + finalLost)")
        #expect(corruptStores == 0)
        #expect(tornSnapshots == 0)
        #expect(lostSaves == 0)
        #expect(finalLost == 0)
        #expect(acknowledged.count > kills / 2, "the helper must get saves in before most kills for the test to mean anything")
    }
}
