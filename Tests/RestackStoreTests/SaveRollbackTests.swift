import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// A save that fails midway writes nothing (review of m009, item 7): the values it inserted, the
/// snapshot row, the snapshots and values it pruned and the high-water mark it wrote are all rolled
/// back with its transaction, and the previous snapshot reads as before. The failure is injected by
/// a trigger on a statement the save runs after others have written.
@Suite("A save that fails midway")
struct SaveRollbackTests {
    /// Where the save fails, the triggers that make it fail there, and the save's tree.
    struct Failure: Sendable, CustomStringConvertible {
        var description: String
        var triggers: [String]
        /// The screens of the save: a push (a new value) or a pop (a value pruned).
        var screens: [String]
    }

    static func trigger(_ name: String, _ when: String) -> String {
        "CREATE TRIGGER \(name) \(when) BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
    }

    /// In the order a save writes (``SnapshotStore/insert(_:_:session:appVersion:savedAt:retention:written:)``):
    /// the snapshot's row, the pruning, the values, the mark, the tree.
    static let failures: [Failure] = [
        Failure(description: "pruning, after the new snapshot's row",
                triggers: [trigger("fail_prune", "AFTER DELETE ON restack_snapshot")], screens: ["a", "b", "c", "d"]),
        Failure(description: "writing a new value, after the snapshot's row and the pruning",
                triggers: [trigger("fail_insert", "BEFORE INSERT ON restack_value")], screens: ["a", "b", "c", "d"]),
        Failure(description: "a released value taking a new record, after the snapshot's row and the pruning",
                triggers: [trigger("fail_replace", "AFTER UPDATE ON restack_value")], screens: ["a", "b", "x"]),
        Failure(description: "deleting a released value, after the snapshot's row and the pruning",
                triggers: [trigger("fail_value", "AFTER DELETE ON restack_value")], screens: ["a", "b"]),
        Failure(description: "writing value_high_water, after the values",
                triggers: [trigger("fail_mark_insert", "AFTER INSERT ON restack_meta"),
                           trigger("fail_mark_update", "AFTER UPDATE ON restack_meta")], screens: ["a", "b"]),
        Failure(description: "the snapshot's tree, the save's last write",
                triggers: [trigger("fail_tree", "AFTER UPDATE OF tree ON restack_snapshot")], screens: ["a", "b", "x"]),
    ]

    static func tree(_ screens: [String]) -> RestorationTree {
        RestorationTree(root: .stack(StackContainer(records: screens.map {
            RestorationRecord(identifier: $0, className: "Screen", payload: Data($0.utf8))
        })))
    }

    @Test(arguments: failures)
    func aSaveThatFailsMidwayLeavesEveryRowAsItWas(_ failure: Failure) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        // One snapshot kept: a save prunes the previous one. Session "gone" leaves both marks
        // written, below the ids of session "s", whose screen "c" holds the largest value id.
        let store = try SnapshotStore(path: path, options: .init(retention: .init(keepLast: 1)))
        try store.save(Self.tree(["g"]), session: "gone")
        try store.deleteSession("gone")
        let previous = try store.save(Self.tree(["a", "b", "c"]), session: "s")
        let before = try HighWaterMarkTests.dump(path)
        #expect(before.filter { $0.hasPrefix("restack_meta ") && $0.contains("_high_water'") }.count == 2)

        for sql in failure.triggers {
            try OutcomeCountDamageTests.edit(path, sql)
        }
        do {
            try store.save(Self.tree(failure.screens), session: "s")
            Issue.record("the save did not fail")
        } catch {
            guard case .database(_, _, let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(message.contains("injected failure"))
        }
        #expect(try HighWaterMarkTests.dump(path) == before, "every row as it was: no value, snapshot or mark of the save")
        #expect(try store.snapshots(session: "s").map(\.id) == [previous.id])
        #expect(try store.latestSnapshot(session: "s").tree == Self.tree(["a", "b", "c"]))
        #expect(try store.check().isHealthy)

        // Without the failure the same save writes where it failed: the rolled-back writes
        // were made.
        for sql in failure.triggers {
            let name = sql.split(separator: " ")[2]
            try OutcomeCountDamageTests.edit(path, "DROP TRIGGER \(name)")
        }
        try store.save(Self.tree(failure.screens), session: "s")
        let after = try HighWaterMarkTests.dump(path)
        #expect(after.filter { $0.hasPrefix("restack_snapshot ") } != before.filter { $0.hasPrefix("restack_snapshot ") })
        #expect(after.filter { $0.hasPrefix("restack_value ") } != before.filter { $0.hasPrefix("restack_value ") })
        if failure.screens.count < 3 {
            #expect(after.filter { $0.hasPrefix("restack_meta ") } != before.filter { $0.hasPrefix("restack_meta ") },
                    "the pop deleted the largest value id and wrote its mark")
        }
        #expect(try store.check().isHealthy)
    }
}
