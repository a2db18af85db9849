import Restack
import Testing

/// Rules v2, 6 to 11: splits, tab bars, layouts, duplicates, format versions, idempotence.
@Suite("Rules v2: containers")
struct TreeContainerRuleTests {
    @Test func rule6SplitRolesAreKeptAndAnEmptyFocusedSideMovesTheFocus() {
        // The focused detail restores empty: focus moves to primary; detail shows its placeholder.
        let moved = Restorer.plan(tree(split([node("P")], [node("D")], focus: .detail)), resolver: refusing("D"))
        #expect(moved.root?.focus == .primary)
        #expect(moved.root?.detailPlaceholder == true)
        #expect(moved.noteList == ["focus-moved@"])
        // The primary restores empty: a primary record never moves to detail; the focus moves.
        let empty = Restorer.plan(tree(split([node("P")], [node("D1"), node("D2")])), resolver: refusing("P"))
        #expect(empty.root?.ids("primary") == [])
        #expect(empty.root?.ids("detail") == ["D1", "D2"])
        #expect(empty.root?.focus == .detail)
        #expect(empty.noteList == ["focus-moved@", "primary-empty@"])
        // Both empty: the focus stays.
        let none = Restorer.plan(tree(split([node(nil)], [node(nil)], focus: .detail)))
        #expect(none.root?.focus == .detail)
        #expect(none.noteList == ["primary-empty@"])
    }

    @Test func rule7TheSavedSelectedTabStaysSelectedAtItsRestoredIndex() {
        let state = tree(tabs([node("a"), node(nil), node("c"), node("d")], selected: 2))
        #expect(Restorer.plan(state).root?.selected == 1)
        #expect(Restorer.plan(state).notes.isEmpty)
        let moved = Restorer.plan(state, resolver: refusing("c"))
        #expect(moved.root?.selected == 0)
        #expect(moved.noteList == ["selection-moved@"])
        let none = Restorer.plan(state, resolver: RecordResolver { (_: RestorationRecord) in false })
        #expect(none.root?.selected == nil)
        #expect(Restorer.plan(tree(tabs([], selected: nil))).root?.selected == nil)
    }

    @Test(arguments: [
        (SplitCompactPolicy.merge, SplitSide.primary, ["primary[0]", "primary[1]", "detail[0]"], [String]()),
        (.omitDetail, .detail, ["primary[0]", "primary[1]"], ["detail[0]"]),
        (.focus, .primary, ["primary[0]", "primary[1]"], ["detail[0]"]),
        (.focus, .detail, ["detail[0]"], ["primary[0]", "primary[1]"]),
    ])
    func rule8CompactArrangementOfASplit(_ policy: SplitCompactPolicy, _ focus: SplitSide, _ stack: [String], _ hidden: [String]) {
        let state = tree(split([node("P1"), node("P2")], [node("D")], focus: focus, compact: policy))
        let plan = Restorer.plan(state, layout: .compact)
        #expect(plan.root?.arrangement?.stack == stack)
        #expect(plan.root?.arrangement?.hidden == hidden)
        #expect(plan.restoredPaths == ["primary[0]", "primary[1]", "detail[0]"], "hidden records are restored, not dropped")
        #expect(Restorer.plan(state, layout: .regular).root?.compact == nil, "regular layout: no arrangement")
    }

    @Test func rule8CompactArrangementOfADrillDownAndNoneForStacksAndTabs() {
        let state = tree(drillDown([node("A"), node("nav", stack(node("x"))), node("tb", tabs([node("t")], selected: 0))], right: node("R")))
        let plan = Restorer.plan(state, layout: .compact)
        #expect(plan.root?.arrangement?.stack == ["left[0]", "left[1]", "left[2]", "right"])
        #expect(plan.root?.arrangement?.hidden == [])
        #expect(plan.container(at: "left[1]")?.compact == nil)
        #expect(plan.container(at: "left[2]")?.compact == nil)
        // The focus used is the one after rule 6.
        let moved = Restorer.plan(tree(split([node("P")], [node("D")], focus: .detail, compact: .focus)), layout: .compact, resolver: refusing("D"))
        #expect(moved.root?.arrangement?.stack == ["primary[0]"])
    }

    @Test func rule9DuplicatesAreReportedPerContainerWithTheirPaths() {
        let state = tree(split(
            [node("x"), node("nav", stack(node("x"), node("y"), node("x")))],
            [node("x"), node(nil)]
        ))
        let plan = Restorer.plan(state)
        #expect(plan.warnings == [
            .duplicateIdentifier("x", paths: [RecordPath([.primary(0)]), RecordPath([.detail(0)])]),
            .duplicateIdentifier("x", paths: [RecordPath([.primary(1), .records(0)]), RecordPath([.primary(1), .records(2)])]),
        ])
        // The same identifier in different containers is no duplicate; a dropped duplicate is not reported.
        #expect(Restorer.plan(tree(stack(node("x", stack(node("x")))))).warnings.isEmpty)
        #expect(Restorer.plan(tree(stack(node("x"), node("x"))), resolver: RecordResolver { (_: RestorationRecord, path: [String]) in path.count > 5 }).warnings.isEmpty)
    }

    @Test(arguments: [3, 99])
    func rule10ANewerFormatDropsEveryRecordNestedOnesIncluded(_ version: Int) {
        let state = tree(stack(node("a", tabs([node("b")], selected: 0)), node(nil)), version: version)
        var asked = 0
        let plan = Restorer.plan(state, resolver: RecordResolver { _, _ in
            asked += 1
            return true
        })
        #expect(plan.root == nil)
        #expect(plan.drops == ["records[0]:unsupported-format", "records[0]/tabs[0]:unsupported-format", "records[1]:unsupported-format"])
        #expect(asked == 0)
        #expect(RestorationTree.supportedFormatVersions.contains(2))
    }

    @Test func rule11PlanningTheRestoredTreeAgainDropsNothingAndArrangesTheSame() throws {
        let state = tree(split(
            [node(nil), node("nav", tabs([node("gone"), node("t")], selected: 0))],
            [node("D", drillDown([node(nil)], right: node("R")))],
            focus: .primary, compact: .focus
        ))
        let plan = Restorer.plan(state, layout: .compact, resolver: refusing("gone"))
        #expect(Restorer.plan(state, layout: .compact, resolver: refusing("gone")) == plan)
        let restored = try #require(plan.restoredTree)
        let again = Restorer.plan(restored, layout: .compact, resolver: refusing("gone"))
        #expect(again.dropped.isEmpty)
        #expect(again.restoredTree == restored)
        #expect(again.notes.isEmpty, "focus, selection and promotion already moved")
        #expect(again.restoredRecords.map(\.record.identifier) == plan.restoredRecords.map(\.record.identifier))
        let identifiers = { (p: RestorationPlan) in
            p.root?.compact?.stack.map { path in p.restoredRecords.first { $0.from == path }?.record.identifier }
        }
        #expect(identifiers(again) == identifiers(plan))
    }
}
