import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// An app and its extensions open the store on first launch at the same moment: creating and
/// migrating a new file must be race-free, and every save must succeed.
@Suite("First use from several processes")
struct FirstUseTests {
    @Test func eightProcessesCreatingOneNewStoreAllSucceed() throws {
        let rounds = Helper.environment("RESTACK_FIRST_USE_ROUNDS", default: 6)
        let processes = 8
        var failures: [String] = []
        var acknowledged = 0
        for round in 0..<rounds {
            let folder = try Scratch()
            let path = folder.path("new.sqlite")
            let helpers = try (0..<processes).map { index in
                try Helper.start(["save", "--db", path, "--session", "p\(index)", "--seed", "\(round * 100 + index)", "--count", "3"])
            }
            for (index, helper) in helpers.enumerated() {
                let result = helper.finish()
                let text = result.stdoutText
                let acks = Helper.acks(in: text)
                acknowledged += acks.count
                if result.termination != .exited(0) || acks.count != 3 {
                    failures.append("round \(round) process \(index): \(result.termination): \(text.prefix(300))")
                }
            }
            let store = try SnapshotStore(readingAt: path)
            #expect(try store.sessions().count == processes, "round \(round)")
            #expect(try store.check().isHealthy, "round \(round)")
        }
        print("first use: \(rounds) rounds x \(processes) processes on a new file, \(acknowledged) saves acknowledged, \(failures.count) failures")
        #expect(failures.isEmpty, "\(failures)")
        #expect(acknowledged == rounds * processes * 3)
    }
}
