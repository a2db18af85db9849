import Foundation
import Restack
import Testing

/// The format-2 model: records holding containers, equality, paths, and the conversions between
/// a format-1 state and a tree.
@Suite("Tree model")
struct TreeModelTests {
    @Test func equalityAndHashIncludeTheContainerAndCompareExactBytes() {
        let plain = RestorationRecord(identifier: "nav", className: "Nav")
        let holding = RestorationRecord(identifier: "nav", className: "Nav", container: stack(RestorationRecord(identifier: "caf\u{E9}")))
        let decomposed = RestorationRecord(identifier: "nav", className: "Nav", container: stack(RestorationRecord(identifier: "cafe\u{301}")))
        #expect(plain != holding)
        #expect(holding != decomposed, "canonically equivalent identifiers deep in a container are different bytes")
        #expect(Set([plain, holding, decomposed]).count == 3)
        #expect(holding == RestorationRecord(identifier: "nav", className: "Nav", container: stack(RestorationRecord(identifier: "caf\u{E9}"))))
        #expect(split([plain], [], focus: .detail) != split([plain], [], focus: .primary))
        #expect(tabs([plain], selected: 0) != tabs([plain], selected: nil))
    }

    @Test func aFormatOneStateIsATreeWithADrillDownRootAndBack() throws {
        let state = DrillDownState(formatVersion: 1, left: [rec("A"), rec(nil)], right: rec("R"))
        let tree = RestorationTree(state)
        #expect(tree.formatVersion == 1)
        #expect(tree.root == drillDown([rec("A"), rec(nil)], right: rec("R")))
        #expect(DrillDownState(tree) == state)
        #expect(DrillDownState(RestorationTree(root: stack())) == nil, "only a drill-down root is a format-1 state")
        #expect(!state.hasNestedContainers)
        #expect(DrillDownState(left: [node("n", stack())]).hasNestedContainers)
    }

    @Test func allRecordsListsEveryRecordWithItsPathInDocumentOrder() {
        let state = tree(split(
            [node("nav", tabs([node("a", stack(node("b"))), node("c")], selected: 0))],
            [node("d", drillDown([node("e")], right: node("f")))]
        ))
        #expect(state.allRecords.map(\.path.description) == [
            "primary[0]", "primary[0]/tabs[0]", "primary[0]/tabs[0]/records[0]", "primary[0]/tabs[1]",
            "detail[0]", "detail[0]/left[0]", "detail[0]/right",
        ])
        #expect(state.allRecords.map(\.record.identifier) == ["nav", "a", "b", "c", "d", "e", "f"])
        #expect(state.recordCount == 7)
        #expect(state.root.depth == 3)
        #expect(RecordPath.root.description == "")
        #expect(RecordPath([.left(2)]).slot == .left(index: 2))
        #expect(RecordPath([.tabs(0), .right]).slot == nil)
    }

    @Test func treesBuiltInCodeAreWalkedWithoutRecursion() {
        // 10,000 levels: far deeper than a file may hold; the walks are iterative.
        var container = stack(node("leaf"))
        for level in 0..<10_000 {
            container = stack(node("n\(level)", container))
        }
        let deep = tree(container)
        #expect(deep.recordCount == 10_001)
        #expect(deep.root.depth == 10_001)
        #expect(deep.allRecords.count == 10_001)
    }
}
