import Restack
import Testing

/// Rules v2, 1 to 5: validity, the resolver and its identifier path, ancestors, gaps, drill-downs.
@Suite("Rules v2: records")
struct TreeRuleTests {
    @Test func rule1InvalidIdentifiersAreDroppedAtAnyDepth() {
        let state = tree(stack(node("nav", tabs([node(nil), node(""), node(" ")], selected: 2))))
        let plan = Restorer.plan(state)
        #expect(plan.drops == ["records[0]/tabs[0]:missing-identifier", "records[0]/tabs[1]:empty-identifier"])
        #expect(plan.restoredPaths == ["records[0]", "records[0]/tabs[2]"], "whitespace-only is valid")
    }

    @Test func rule2TheResolverGetsTheIdentifierPathInDocumentOrder() {
        let state = tree(split(
            [node("nav", tabs([node("inbox", stack(node("list"), node("message"))), node(nil)], selected: 0))],
            [node("detail")]
        ))
        var asked: [[String]] = []
        let plan = Restorer.plan(state, resolver: RecordResolver { record, identifierPath in
            asked.append(identifierPath)
            #expect(identifierPath.last == record.identifier)
            return true
        })
        #expect(asked == [["nav"], ["nav", "inbox"], ["nav", "inbox", "list"], ["nav", "inbox", "message"], ["detail"]])
        #expect(plan.drops == ["primary[0]/tabs[1]:missing-identifier"])
        // A refused record is dropped as unresolved-class.
        let refused = Restorer.plan(state, resolver: refusing("detail"))
        #expect(refused.drops.contains("detail[0]:unresolved-class"))
    }

    @Test func rule2AResolverMadeFromAPathPredicateSeesThePath() {
        let state = tree(stack(node("a", stack(node("b"))), node("b")))
        let resolver = RecordResolver { (_: RestorationRecord, path: [String]) in path != ["a", "b"] }
        #expect(Restorer.plan(state, resolver: resolver).drops == ["records[0]/records[0]:unresolved-class"])
    }

    @Test func rule3ADroppedRecordDropsEverythingBelowItWithoutAskingTheResolver() {
        let state = tree(stack(node("gone", tabs([node("a", stack(node("b"))), node("c")], selected: 0)), node("kept")))
        var asked: [String?] = []
        let plan = Restorer.plan(state, resolver: RecordResolver { record, _ in
            asked.append(record.identifier)
            return record.identifier != "gone"
        })
        #expect(asked == ["gone", "kept"])
        #expect(plan.drops == [
            "records[0]:unresolved-class", "records[0]/tabs[0]:ancestor-dropped",
            "records[0]/tabs[0]/records[0]:ancestor-dropped", "records[0]/tabs[1]:ancestor-dropped",
        ])
        #expect(plan.restoredPaths == ["records[1]"])
        // An invalid identifier drops its subtree the same way.
        #expect(Restorer.plan(tree(stack(node(nil, stack(node("x")))))).drops == ["records[0]:missing-identifier", "records[0]/records[0]:ancestor-dropped"])
    }

    @Test func rule4SurvivorsKeepTheirOrderAndGapsCloseInEverySequence() {
        let state = tree(split([node("A"), node(nil), node("C")], [node(""), node("D"), node("E")]))
        let root = Restorer.plan(state).root
        #expect(root?.ids("primary") == ["A", "C"])
        #expect(root?.ids("detail") == ["D", "E"])
        #expect(root?.children.map(\.from.description) == ["primary[0]", "primary[2]", "detail[1]", "detail[2]"], "paths stay the saved ones")
    }

    @Test func rule5DrillDownNothingMovesIntoTheRightAndALoneRightIsPromoted() {
        let kept = Restorer.plan(tree(drillDown([node("A"), node("B")], right: node("R"))), resolver: refusing("R")).root
        #expect(kept?.ids("left") == ["A", "B"])
        #expect(kept?.ids("right") == [])
        let promoted = Restorer.plan(tree(stack(node("dd", drillDown([node(nil)], right: node("R"))))))
        #expect(promoted.container(at: "records[0]")?.ids("left") == ["R"])
        #expect(promoted.container(at: "records[0]")?.ids("right") == [])
        #expect(promoted.noteList == ["right-promoted@records[0]"])
    }
}
