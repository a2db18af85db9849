import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// Owners across processes: two processes save one session name for two owners at once, and a
/// third logs one owner out while the other owner's process keeps restoring.
@Suite("Owners across processes", .serialized)
struct OwnerProcessTests {
    @Test(.timeLimit(.minutes(3)))
    func aLogoutInOneProcessLeavesTheOtherOwnersProcessRestoring() throws {
        let scratch = try Scratch()
        let path = scratch.path("owners.sqlite")
        let saves = 100
        let savers = try [("alice", 1), ("bob", 2)].map { owner, seed in
            try Helper.start(["save", "--db", path, "--owner", owner, "--session", "main", "--seed", "\(seed)", "--count", "\(saves)"])
        }
        for saver in savers {
            let result = saver.finish()
            #expect(result.termination == .exited(0) && Helper.acks(in: result.stdoutText).count == saves, "\(result.stdoutText)")
        }
        let bobRestores = try Helper.start(["restore", "--db", path, "--owner", "bob", "--session", "main", "--count", "5"]).finish()
        #expect(bobRestores.stdoutText.contains("confirmed 5"), "\(bobRestores.stdoutText)")

        // Alice's process restores while another process logs bob out.
        let aliceRestores = try Helper.start(["restore", "--db", path, "--owner", "alice", "--session", "main", "--count", "40"])
        let logout = try Helper.start(["logout", "--db", path, "--owner", "bob"]).finish()
        #expect(logout.termination == .exited(0) && logout.stdoutText.contains("logged out"), "\(logout.stdoutText)")
        let alice = aliceRestores.finish()
        #expect(alice.termination == .exited(0) && alice.stdoutText.contains("confirmed 40"), "\(alice.stdoutText)")

        let reading = { (owner: String) throws -> SnapshotStore in
            try SnapshotStore(readingAt: path, options: .init(owner: owner))
        }
        let aliceSnapshots = try reading("alice").snapshots(session: "main")
        #expect(aliceSnapshots.count == saves)
        #expect(try aliceSnapshots.allSatisfy { try isComplete(reading("alice").snapshot(id: $0.id)) }, "every one of alice's saves is hers, whole")
        #expect(try reading("alice").restoreOutcomes().count == 40)
        #expect(try reading("bob").sessions().isEmpty && reading("bob").restoreOutcomes().isEmpty)
        #expect(try reading("bob").restore(session: "main") == .nothingSaved)
        #expect(try SnapshotStore(readingAt: path).sessionsOfEveryOwner().map(\.owner) == ["alice"])
        #expect(try SnapshotStore(readingAt: path).check().isHealthy)
    }
}
