import Foundation
import GRDB
import PropertyBased
import Restack
import RestackPropertyTesting
@testable import RestackStore
import RestackTestSupport
import Testing

/// A stored tree is read by index (each container's records found from their owners, its
/// settings placed by their declarations): the order its entries come in is not what they mean,
/// and every entry that does not fit its container is named damage.
@Suite("Tree entries in any order")
struct TreeEntryOrderTests {
    static func r(_ identifier: String, _ container: RestorationContainer? = nil) -> RestorationRecord {
        RestorationRecord(identifier: identifier, className: "C", container: container)
    }

    /// The same tree with every container's records listed last first (depth first) and every
    /// container's settings reversed: another valid order of the same entries, which Restack
    /// never writes (it writes slot order, then position order).
    static func reordered(_ tree: TreeBlob) -> TreeBlob {
        var children = [[Int]](repeating: [], count: tree.records.count + 1)
        for (index, record) in tree.records.enumerated() {
            children[record.owner].append(index + 1)
        }
        var newIndex = [Int](repeating: 0, count: tree.records.count + 1)
        var records: [TreeBlob.Record] = []
        var pending = children[0]
        while let old = pending.popLast() {
            var record = tree.records[old - 1]
            record.owner = newIndex[record.owner]
            records.append(record)
            newIndex[old] = records.count
            pending.append(contentsOf: children[old])
        }
        let containers = tree.containers.map {
            TreeBlob.Container(owner: newIndex[$0.owner], kind: $0.kind, settings: $0.settings.reversed())
        }
        return TreeBlob(records: records, containers: containers)
    }

    /// Random trees of every kind, their entries rewritten in another order, read back
    /// identical, and `check` finds nothing wrong.
    @Test func aTreeInAnotherOrderReadsTheSame() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("order.sqlite"), options: .init(limits: .init(maxContainerDepth: 64)))
        var reordered = 0
        await checkProperty(count: 150, input: TreeGenerators.tree) { tree in
            let info = try store.save(tree, session: "trees")
            try store.database.write { db in
                try editTree(db, snapshot: info.id) { blob in
                    let other = Self.reordered(blob)
                    if other != blob {
                        reordered += 1
                    }
                    blob = other
                }
            }
            #expect(try store.snapshot(id: info.id).tree == tree)
            #expect(try store.check().isHealthy)
        }
        #expect(reordered > 50, "most generated trees have a container of two records or more")
    }

    /// A split holding a stack of three records and a presentation: its records in order are
    /// 1 `nav` (primary[0], the stack), 2-4 `a` `b` `c` (its records), 5 `p1` (primary[1]), 6
    /// `more` (detail[0], the presentation), 7 `base`, 8 `sheet`.
    static let tree = RestorationTree(root: .split(SplitContainer(
        primary: [r("nav", .stack(StackContainer(records: [r("a"), r("b"), r("c")]))), r("p1")],
        detail: [r("more", .presentation(PresentationContainer(base: r("base"), presented: [r("sheet")])))],
        focus: .detail, compact: .omitDetail)))

    /// An entry of ``tree`` that does not fit its container, and what the damage says.
    enum Misfit: String, CaseIterable, Sendable {
        case slotTheStackLacks, twoBases, baseAtOne, gap, recordUnderOneWithoutContainer

        func edit(_ tree: inout TreeBlob) {
            switch self {
            case .slotTheStackLacks: tree.records[2].slot = "primary"
            case .twoBases: tree.records[7].slot = "base"
            case .baseAtOne: tree.records[6].position = 1
            case .gap: tree.records[3].position = 3
            case .recordUnderOneWithoutContainer: tree.records[7].owner = 5
            }
        }

        var problem: String {
            switch self {
            case .slotTheStackLacks: "a record in a slot its container at \"primary[0]\" does not have (primary)"
            case .twoBases, .baseAtOne: "the container at \"detail[0]\" has more than one base record, or one not at position 0"
            case .gap: "a gap in a stack of the container at \"primary[0]\": records position 3 where 2 was expected"
            case .recordUnderOneWithoutContainer: "records under \"primary[1]\", which holds no container"
            }
        }
    }

    /// Each entry that does not fit its container: read as `.corrupt`, named by `check`, with
    /// what is wrong and where.
    @Test(arguments: Misfit.allCases)
    func anEntryThatDoesNotFitIsDamage(_ misfit: Misfit) throws {
        let store = try SnapshotStore.inMemory()
        let info = try store.save(Self.tree, session: "s")
        #expect(try store.snapshot(id: info.id).tree == Self.tree)
        try store.database.write { db in
            try editTree(db, snapshot: info.id) { misfit.edit(&$0) }
        }
        let detail = "restack_snapshot.tree of snapshot \(info.id): \(misfit.problem)"
        let error = #expect(throws: StoreError.self) { try store.snapshot(id: info.id) }
        guard case .corrupt(_, let found)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(found == detail)
        #expect(try store.check().problems.contains(detail))
    }

    /// A format-1 state (a drill-down with its root implied) with a container entry is damage,
    /// not a tree.
    @Test func aFormatOneStateWithAContainerIsDamage() throws {
        let store = try SnapshotStore.inMemory()
        let info = try store.save(.drillDown(left: [Self.r("a"), Self.r("b")], right: Self.r("c")), session: "s")
        try store.database.write { db in
            try editTree(db, snapshot: info.id) { $0.containers = [TreeBlob.Container(owner: 0, kind: "drillDown", settings: [])] }
        }
        let error = #expect(throws: StoreError.self) { try store.snapshot(id: info.id) }
        guard case .corrupt(_, let found)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(found == "restack_snapshot.tree of snapshot \(info.id): a format-1 snapshot with containers")
    }
}
