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

    @Test func aDrillDownIsATreeWithADrillDownRootInTheFormatOneForm() throws {
        let state = RestorationTree.drillDown(formatVersion: 1, left: [rec("A"), rec(nil)], right: rec("R"))
        #expect(state.formatVersion == 1)
        #expect(state.root == drillDown([rec("A"), rec(nil)], right: rec("R")))
        #expect(state.drillDown == DrillDownContainer(left: [rec("A"), rec(nil)], right: rec("R")))
        #expect(RestorationTree(root: stack()).drillDown == nil, "only a drill-down root reads as a drill-down")
        #expect(state.form == .drillDown)
        #expect(RestorationTree.drillDown(formatVersion: 2, left: []).form == .drillDown, "a newer format-1 document keeps its form")
        #expect(RestorationTree.drillDown(left: [node("n", stack())]).form == .tree, "a record holding a container makes it a tree")
        #expect(RestorationTree(formatVersion: 2, root: drillDown([])).form == .tree)
        #expect(RestorationTree(formatVersion: 1, root: drillDown([rec("A")])) == RestorationTree.drillDown(left: [rec("A")]), "format 1 is the drill-down form")
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

    /// Equal trees hash alike (a set or a dictionary key holds them once); a tree that differs
    /// only in its format version is another key.
    @Test func equalTreesAreOneKey() {
        let a = tree(stack(node("a"), node("b")))
        let same = tree(stack(node("a"), node("b")))
        let other = RestorationTree(formatVersion: 1, root: a.root)
        #expect(a == same && a != other)
        #expect(a.hashValue == same.hashValue)
        #expect(Set([a, same, other]).count == 2)
        var keyed = [a: 1]
        keyed[same] = 2
        #expect(keyed.count == 1 && keyed[a] == 2)
    }
}
