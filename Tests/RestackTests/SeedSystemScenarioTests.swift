import Restack
import Testing

/// One scenario per container system Restack serves, each built as that system would keep its
/// state (see `shared/reference/seed-systems.md`).
@Suite("Seed-system scenarios")
struct SeedSystemScenarioTests {
    /// SGBDrillDownController as the content of a tab: the drill-down is nested, its rules are
    /// the v1 rules, and its misfires stay fixed there.
    @Test func sgbDrillDownNestedInATab() {
        let mail = node("mail", drillDown([node("mailboxes"), node(nil), node("inbox")], right: node("message-42")))
        let state = tree(tabs([mail, node("settings")], selected: 0))
        let plan = Restorer.plan(state, resolver: refusing("message-42"))
        let drill = plan.container(at: "tabs[0]")
        #expect(drill?.ids("left") == ["mailboxes", "inbox"])
        #expect(drill?.ids("right") == [], "the top-left is not promoted into the right slot")
        #expect(plan.drops == ["tabs[0]/left[1]:missing-identifier", "tabs[0]/right:unresolved-class"])
        #expect(plan.root?.selected == 0)
        let compact = Restorer.plan(state, layout: .compact)
        #expect(compact.container(at: "tabs[0]")?.arrangement?.stack == ["tabs[0]/left[0]", "tabs[0]/left[2]", "tabs[0]/right"])
    }

    /// TidySplits: nav -> tab bar -> nav in the primary, two details; saved regular, restored
    /// compact. Merge: one stack, primary then detail. Omit-detail: primary only, detail hidden
    /// and restored for when the layout widens.
    @Test(arguments: [SplitCompactPolicy.merge, .omitDetail])
    func tidySplitsRegularToCompact(_ policy: SplitCompactPolicy) {
        let primary = node("root-nav", stack(node("tabbar", tabs([
            node("inbox-nav", stack(node("mailboxes"), node("inbox"))),
            node("search-nav", stack(node("search"))),
        ], selected: 0))))
        let state = tree(split([primary], [node("message-42"), node("attachment")], focus: .detail, compact: policy))
        let plan = Restorer.plan(state, layout: .compact)
        #expect(plan.dropped.isEmpty)
        switch policy {
        case .merge:
            #expect(plan.root?.arrangement?.stack == ["primary[0]", "detail[0]", "detail[1]"])
            #expect(plan.root?.arrangement?.hidden == [])
        default:
            #expect(plan.root?.arrangement?.stack == ["primary[0]"])
            #expect(plan.root?.arrangement?.hidden == ["detail[0]", "detail[1]"])
        }
        #expect(plan.root?.ids("detail") == ["message-42", "attachment"], "detail children stay in the plan")
        #expect(plan.container(at: "primary[0]/records[0]")?.selected == 0)
        #expect(plan.restoredTree == state, "everything restored: the tree comes back as saved")
    }

    /// IndexDetailViewController: the index is the primary, the pushed details the detail stack.
    /// Collapsed (compact): the index sits under every pushed detail. Expanded (regular): side by
    /// side, nothing arranged. The placeholder root is never saved.
    @Test func indexDetailCollapsedAndExpanded() {
        let state = tree(split([node("index")], [node("item-1"), node("item-1-notes")]))
        let collapsed = Restorer.plan(state, layout: .compact)
        #expect(collapsed.root?.arrangement?.stack == ["primary[0]", "detail[0]", "detail[1]"])
        let expanded = Restorer.plan(state, layout: .regular)
        #expect(expanded.root?.compact == nil)
        #expect(expanded.root?.ids("primary") == ["index"])
        #expect(expanded.root?.ids("detail") == ["item-1", "item-1-notes"])
        // Nothing pushed: the detail shows its placeholder and, collapsed, the index is on top.
        let bare = Restorer.plan(tree(split([node("index")], [])), layout: .compact)
        #expect(bare.root?.detailPlaceholder == true)
        #expect(bare.root?.arrangement?.stack == ["primary[0]"])
    }

    /// split-or-flip: two peers, the focus on the trailing one, whose controller's class is gone.
    /// The focus moves to the side that restored, in both layouts.
    @Test func splitOrFlipFocusOnAnEmptiedSide() {
        let state = tree(split([node("leading")], [node("trailing")], focus: .detail, compact: .focus))
        let compact = Restorer.plan(state, layout: .compact, resolver: refusing("trailing"))
        #expect(compact.root?.focus == .primary)
        #expect(compact.root?.arrangement?.stack == ["primary[0]"])
        #expect(compact.root?.arrangement?.hidden == [])
        #expect(compact.noteList == ["focus-moved@"])
        #expect(Restorer.plan(state, layout: .regular, resolver: refusing("trailing")).root?.focus == .primary)
        // When the focused side restores, the focus is kept.
        #expect(Restorer.plan(state, layout: .compact).root?.arrangement?.stack == ["detail[0]"])
    }

    /// Reinstate: a tab bar whose items each hold a navigation stack of states; the selected
    /// item's class was removed in an update, and one state of another stack no longer decodes.
    @Test func reinstateTabBarAndNavigationStackOfStates() {
        let state = tree(tabs([
            node("feed", stack(node("feed-list"), node("post-7"))),
            node("profile", stack(node("profile-home"), node("edit-profile"), node("avatar"))),
            node("search", stack(node("search-home"))),
        ], selected: 1))
        let plan = Restorer.plan(state, resolver: RecordResolver { (record: RestorationRecord, path: [String]) in
            record.identifier != "profile" && path != ["feed", "post-7"]
        })
        #expect(plan.root?.ids("tabs") == ["feed", "search"])
        #expect(plan.root?.selected == 0, "the removed tab is not selected: no fatalError on an unknown item")
        #expect(plan.noteList == ["selection-moved@"])
        #expect(plan.drops == [
            "tabs[0]/records[1]:unresolved-class", "tabs[1]:unresolved-class",
            "tabs[1]/records[0]:ancestor-dropped", "tabs[1]/records[1]:ancestor-dropped", "tabs[1]/records[2]:ancestor-dropped",
        ])
        #expect(plan.container(at: "tabs[0]")?.ids("records") == ["feed-list"])
    }
}
