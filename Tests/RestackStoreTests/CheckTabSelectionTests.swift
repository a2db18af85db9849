import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// `check` on a stored tab bar's selection at its bounds (issue 31: a mutant that let a
/// selection one past the last tab pass survived the suite).
@Suite("check: a tab bar's selection")
struct CheckTabSelectionTests {
    static let problem = "restack_snapshot.tree of snapshot 1: the setting \"selected\" of the container at"

    /// A store whose one snapshot is a tab bar of three tabs, its selection set to `selected`
    /// behind Restack's back.
    static func check(selected: Int, nested: Bool) throws -> StoreCheckReport {
        let folder = try TemporaryFolder()
        let path = folder.path("t.sqlite")
        let tabs = RestorationContainer.tabs(TabsContainer(tabs: [record("a"), record("b"), record("c")], selected: 0))
        let tree = nested
            ? RestorationTree(root: .stack(StackContainer(records: [RestorationRecord(identifier: "bar", className: "TabBar", container: tabs)])))
            : RestorationTree(root: tabs)
        try SnapshotStore(path: path).save(tree, session: "s")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try editTree(db, snapshot: 1) { tree in
                for container in tree.containers.indices {
                    for setting in tree.containers[container].settings.indices where tree.containers[container].settings[setting].name == "selected" {
                        tree.containers[container].settings[setting].value = .integer(Int64(selected))
                    }
                }
            }
        }
        try queue.close()
        return try SnapshotStore(readingAt: path).check()
    }

    @Test(arguments: [false, true])
    func theLastTabIsASelection(nested: Bool) throws {
        #expect(try Self.check(selected: 2, nested: nested).isHealthy)
    }

    @Test(arguments: [false, true])
    func oneTabPastTheLastIsOutOfRange(nested: Bool) throws {
        let report = try Self.check(selected: 3, nested: nested)
        #expect(report.problems.count == 1 && report.problems.allSatisfy { $0.hasPrefix(Self.problem) }, "\(report.problems)")
        let further = try Self.check(selected: 4, nested: nested).problems
        #expect(further.count == 1 && further.allSatisfy { $0.hasPrefix(Self.problem) }, "\(further)")
    }
}
