import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Trees a restore must refuse before doing the work they ask for: too deep a chain of records
/// (judged before any path is built), and a setting written twice in a container.
@Suite("Hostile trees")
struct HostileTreeTests {
    /// A chain of records, each in the container of the one before, deeper than a tree may be:
    /// refused for its depth before its values are read (their ids name no row here) or any
    /// path is built (a path per record, each one step longer: quadratic bytes).
    @Test func aChainTooDeepIsRefusedBeforeAnyPathIsBuilt() throws {
        let store = try SnapshotStore.inMemory()
        let info = try store.save(RestorationTree(root: .stack(StackContainer(records: [record("r")]))), session: "s")
        let length = RestorationTree.maxContainerDepth + 1
        try store.database.write { db in
            try editTree(db, snapshot: info.id) { tree in
                tree.records = (0..<length).map { TreeBlob.Record(owner: $0, slot: "records", position: 0, valueID: 999_999) }
                tree.containers = (0..<length).map { TreeBlob.Container(owner: $0, kind: "stack", settings: []) }
            }
        }
        let error = #expect(throws: StoreError.self) { try store.snapshot(id: info.id) }
        guard case .corrupt(_, let detail)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(detail.contains("containers nested deeper than \(RestorationTree.maxContainerDepth)"), "\(detail)")
    }

    /// A container's setting twice (the old rows' primary key forbade it) is damage, not the
    /// last one winning.
    @Test func aSettingTwiceIsDamage() throws {
        let store = try SnapshotStore.inMemory()
        let info = try store.save(TreeStoreTests.split, session: "s")
        try store.database.write { db in
            try editTree(db, snapshot: info.id) {
                $0.containers[0].settings += [TreeBlob.Setting(name: "focus", value: .text("primary")), TreeBlob.Setting(name: "focus", value: .text("detail"))]
            }
        }
        let detail = "restack_snapshot.tree of snapshot \(info.id): the container at \"\" has the setting \"focus\" twice"
        let error = #expect(throws: StoreError.self) { try store.snapshot(id: info.id) }
        guard case .corrupt(_, let found)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(found.hasPrefix(detail), "\(found)")
        let problems = try store.check().problems
        #expect(problems.contains(detail), "\(problems)")
    }
}
