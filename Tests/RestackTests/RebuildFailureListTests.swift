import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// ``RebuildResult/failures`` names the records whose node failed, and nothing below them:
/// those are `ancestor-dropped`, not failed (issue 31: a mutant that kept them listed survived).
/// Written against the public adapter API only, so that it holds for any rebuild behind it.
@Suite("Rebuild: the failures listed")
struct RebuildFailureListTests {
    /// An adapter whose nodes are their records' identifiers, refusing every record of the
    /// classes in `failing`.
    struct Refusing: RestorationAdapter {
        struct Refused: Error {}
        var failing: Set<String>

        func record(of node: String) -> RestorationRecord { RestorationRecord(identifier: node) }
        func container(of node: String) -> NodeContainer<String>? { nil }
        func makeNode(for record: PlannedRecord, container: RebuiltContainer<String>?) throws -> String {
            if let name = record.record.className, failing.contains(name) { throw Refused() }
            return record.record.identifier ?? ""
        }
    }

    @Test func aFailureBelowAFailedRecordIsNotListed() throws {
        // outer (Broken) holds a stack: inner (Broken) and fine. Nodes are made bottom-up:
        // inner fails first, then outer; only outer failed as far as the app is concerned.
        let tree = RestorationTree(root: .stack(StackContainer(records: [
            RestorationRecord(identifier: "base", className: "Fine"),
            RestorationRecord(identifier: "outer", className: "Broken", container: .stack(StackContainer(records: [
                RestorationRecord(identifier: "inner", className: "Broken"),
                RestorationRecord(identifier: "fine", className: "Fine"),
            ]))),
        ])))
        let rebuilt = Refusing(failing: ["Broken"]).rebuild(Restorer.plan(tree))
        let outer = RecordPath.root.appending(.records(1))
        #expect(rebuilt.failures.map(\.path) == [outer])
        #expect(rebuilt.failures.map(\.record.identifier) == ["outer"])
        #expect(rebuilt.plan.dropped.map(\.reason) == [.rebuildFailed, .ancestorDropped, .ancestorDropped])
    }

    @Test func failuresSideBySideAreAllListed() throws {
        let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [
            RestorationRecord(identifier: "a", className: "Broken"),
            RestorationRecord(identifier: "b", className: "Fine"),
            RestorationRecord(identifier: "c", className: "Broken"),
        ], selected: 1)))
        let rebuilt = Refusing(failing: ["Broken"]).rebuild(Restorer.plan(tree))
        #expect(rebuilt.failures.map(\.path) == [RecordPath.root.appending(.tabs(0)), RecordPath.root.appending(.tabs(2))])
    }

    /// Random trees and a random class refused: the failures are exactly the records dropped
    /// `rebuild-failed`, none below another.
    @Test func theFailuresAreTheRecordsDroppedRebuildFailed() async {
        let classes = Generators.className.map { $0 ?? "MessageController" }
        await checkProperty(count: 500, input: zip(TreeGenerators.tree, TreeGenerators.layout, classes)) { tree, layout, refused in
            let rebuilt = Refusing(failing: [refused]).rebuild(Restorer.plan(tree, layout: layout))
            let failed = rebuilt.plan.dropped.filter { $0.reason == .rebuildFailed }.map(\.path)
            #expect(rebuilt.failures.map(\.path).sorted { $0.description < $1.description } == failed.sorted { $0.description < $1.description })
            for failure in rebuilt.failures {
                let steps = failure.path.steps
                #expect(!rebuilt.failures.contains { other in
                    other.path.steps.count < steps.count && Array(steps.prefix(other.path.steps.count)) == other.path.steps
                }, "\(failure.path) lies below another failure")
            }
        }
    }
}
