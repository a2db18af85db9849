import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
@testable import RestackStore
import RestackTestSupport
import Testing

/// The budget (issue 41 item 2): a store whose caps say `truncate` saves the largest part of a
/// state over them by the budget rule, noted `over-budget`, always within the caps and valid.
@Suite("Save budget")
struct SaveBudgetTests {
    static func node(_ id: String, _ cls: String = "C", container: RestorationContainer? = nil) -> RestorationRecord {
        RestorationRecord(identifier: id, className: cls, container: container)
    }

    static func store(_ folder: TemporaryFolder, records: Int = 1000, bytes: Int = 1024 * 1024, overCap: SnapshotStore.Limits.OverCap = .truncate) throws -> SnapshotStore {
        try SnapshotStore(path: folder.path("b.sqlite"), options: .init(limits: .init(maxSnapshotBytes: bytes, maxRecordCount: records, overCap: overCap)))
    }

    static func reasons(_ plan: RestorationPlan) -> [String] {
        plan.dropped.map { "\($0.path) \($0.reason)" }
    }

    @Test func theDeepestRecordsOfATruncatingSequenceGoFirstUnderOneNote() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(folder, records: 5)
        let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [
            Self.node("mail", container: .stack(StackContainer(records: [Self.node("inbox"), Self.node("m1"), Self.node("m2"), Self.node("m3")], afterDrop: .truncate))),
            Self.node("settings"),
        ], selected: 1)))
        let info = try store.save(tree, session: "s")
        #expect(info.recordCount == 5)
        let plan = try #require(try store.restore(session: "s").restoration?.plan)
        #expect(plan.restoredRecords.map(\.record.identifier) == ["mail", "inbox", "m1", "settings"])
        #expect(Self.reasons(plan) == ["tabs[0]/records[2] over-budget"])
    }

    @Test func aContainersRootGoesOnlyAfterItsChildrenAndTheSelectionStaysValid() throws {
        let folder = try TemporaryFolder()
        let store = try Self.store(folder, records: 2)
        let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [
            Self.node("a"), Self.node("b", container: .stack(StackContainer(records: [Self.node("x"), Self.node("y")]))),
        ], selected: 1)))
        try store.save(tree, session: "s")
        let saved = try store.snapshot(id: 1).tree
        guard case .tabs(let tabs) = saved.root else { Issue.record("not tabs"); return }
        #expect(tabs.tabs.count == 2 && tabs.selected == 1, "\(saved)")
        #expect(tabs.tabs[0].identifier == "a")
        #expect(saved.recordCount <= 2)
    }

    @Test func failingStaysTheDefaultAndAStateNothingCanFitFails() throws {
        let folder = try TemporaryFolder()
        let tree = RestorationTree(root: .stack(StackContainer(records: [Self.node("a"), Self.node("b"), Self.node("c")])))
        let failing = try SnapshotStore(path: folder.path("f.sqlite"), options: .init(limits: .init(maxRecordCount: 2)))
        #expect(throws: StoreError.limitExceeded(.recordCount, size: 3, limit: 2)) { try failing.save(tree, session: "s") }
        let tiny = try Self.store(folder, records: 0)
        #expect(throws: StoreError.self) { try tiny.save(tree, session: "s") }
        #expect(try tiny.sessions().isEmpty, "nothing was written")
    }

    /// Whatever the tree and the caps, a truncating store saves a state within both caps that
    /// reads back as saved, writes as a state file and plans, every note `over-budget`; or, when
    /// nothing fits, fails as a failing store would and writes nothing.
    @Test func whatIsSavedIsAlwaysWithinTheCapsAndAValidState() async throws {
        var truncated = 0
        await checkProperty(count: 150, input: zip(TreeGenerators.tree, Gen.int(in: 0...100), Gen.int(in: 0...100))) { tree, recordShare, byteShare in
            let total = tree.allRecords.reduce(0) { $0 + SnapshotStore.Limits.bytes(of: $1.record) }
            let records = tree.recordCount * recordShare / 100, bytes = total * byteShare / 100
            let folder = try TemporaryFolder()
            let store = try Self.store(folder, records: records, bytes: bytes)
            let info: SnapshotInfo
            do {
                info = try store.save(tree, session: "s")
            } catch {
                #expect(try store.sessions().isEmpty, "a failed save writes nothing")
                return
            }
            let saved = try store.snapshot(id: info.id).tree
            #expect(saved.recordCount <= records)
            #expect(saved.allRecords.reduce(0) { $0 + SnapshotStore.Limits.bytes(of: $1.record) } <= bytes)
            #expect(try StateFile.decode(StateFile.encode(saved)) == saved, "a valid state file")
            let plan = Restorer.plan(saved)
            let notes = saved.allRecords.filter { $0.record.cutNote == .overBudget }.map(\.path)
            #expect(Set(plan.dropped.filter { $0.reason == .overBudget }.map(\.path)).isSubset(of: Set(notes)))
            if tree.recordCount <= records && total <= bytes {
                #expect(saved == tree, "a tree within the caps is saved as it is")
            } else {
                #expect(!notes.isEmpty, "something was left out, and noted")
                truncated += 1
            }
        }
        #expect(truncated > 20, "most states over a cap are saved truncated, not refused: \(truncated)")
    }
}
