import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import RestackStore
import RestackTesting
import Testing

/// The ready-made shapes: saved as the existing kinds, read back whole, and planned for a compact
/// layout by the existing rules.
@Suite("The shapes")
@MainActor
struct ShapeTests {
    /// A state's tree planned for `layout` with the resolver the model uses.
    func plan<State: NavigationState>(_ state: State, layout: Layout) throws -> RestorationPlan {
        let coding = RouteCoding<State.Route>(named: "App.Screen")
        return coding.restore(try state.tree(coding), layout: layout, others: State.othersResolver).plan
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aTabBarRestoresItsSelectionAndEveryTabsPath() async throws {
        var tabs = TabNavigation<Tab, Screen>(selection: .mail)
        tabs[path: .mail] = [.mailbox("INBOX"), .message(id: 1)]
        tabs[path: .search] = [.search("ann")]
        tabs.selection = .settings
        let app = try RelaunchTester(TabNavigation<Tab, Screen>(selection: .mail), coding: screens())
        app.navigation.state = tabs
        let text = await app.quitAndRelaunch()
        #expect(app.navigation.state == tabs)
        #expect(text.contains(#""mail""#) && text.contains(#""settings""#) && text.contains("Restack.Tab"), "\(text)")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aTabRemovedInAnUpdateIsDroppedStaleWithItsPathAndTheSelectionMoves() async throws {
        let store = try SnapshotStore.inMemory()
        var tabs = TabNavigation<Tab, Screen>(selection: .search)
        tabs[path: .search] = [.search("ann")]
        tabs[path: .settings] = [.mailbox("x")]
        let version1 = model(TabNavigation<Tab, Screen>(selection: .mail), on: store)
        version1.state = tabs
        await version1.flush()
        let version2 = model(TabNavigation<TabWithoutSearch, Screen>(selection: .mail), on: store)
        #expect(version2.selection == .settings, "rule 7: the first surviving tab")
        #expect(version2[path: .settings] == [.mailbox("x")])
        #expect(version2.restored?.dropped.map(\.reason) == [.stalePayload, .ancestorDropped])
        #expect(version2.restored?.notes.map(\.kind) == [.selectionMoved])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aTwoColumnSplitIsSavedAsASplitAndShowsTheFocusedSideWhenCompact() throws {
        let split = SplitNavigation<Mailbox, Never, Screen>(sidebar: .inbox, path: [.message(id: 1)], preferredCompactColumn: .detail)
        let tree = try split.tree(RouteCoding(named: "App.Screen"))
        guard case .split(let saved) = tree.root else { Issue.record("\(tree)"); return }
        #expect(saved.focus == .detail && saved.compact == .focus)
        let compact = try plan(split, layout: .compact)
        #expect(compact.root?.compact?.stack.map(\.description) == ["detail[0]", "detail[1]"])
        #expect(compact.root?.compact?.hidden.map(\.description) == ["primary[0]"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aThreeColumnSplitIsSavedAsColumnsAndCollapsesUpToTheFocusedColumn() throws {
        let split = SplitNavigation<Mailbox, Int, Screen>(sidebar: .inbox, content: 42, path: [.search("a")], preferredCompactColumn: .detail)
        let compact = try plan(split, layout: .compact)
        guard case .columns(let columns)? = compact.root?.content else { Issue.record("\(compact)"); return }
        #expect(columns.focus == .detail)
        #expect(compact.root?.compact?.stack.map(\.description) == ["sidebar[0]", "content[0]", "detail[0]", "detail[1]"])
        let regular = try plan(split, layout: .regular)
        #expect(regular.root?.detailPlaceholder == false)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aDetailWithNothingSelectedShowsItsPlaceholderAndTheFocusMovesTowardTheSidebar() async throws {
        let app = try RelaunchTester(SplitNavigation<Mailbox, Int, Screen>(), coding: screens())
        app.navigation.state = SplitNavigation(sidebar: .sent, preferredCompactColumn: .detail)
        let text = await app.quitAndRelaunch()
        #expect(app.navigation.preferredCompactColumn == .content, "rule: the focus leaves an empty column")
        #expect(app.navigation.sidebar == .sent)
        #expect(app.navigation.restored?.root?.detailPlaceholder == true)
        #expect(text.contains("focus-moved"), "\(text)")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aSelectionRemovedInAnUpdateIsDroppedStale() async throws {
        let store = try SnapshotStore.inMemory()
        let version1 = model(SplitNavigation<String, Never, Screen>(), on: store)
        version1.state = SplitNavigation(sidebar: "drafts", path: [.message(id: 1)], preferredCompactColumn: .detail)
        await version1.flush()
        let version2 = model(SplitNavigation<Mailbox, Never, Screen>(), on: store)
        #expect(version2.sidebar == nil)
        #expect(version2.restored?.dropped.map(\.reason) == [.stalePayload])
        #expect(version2.path == [.message(id: 1)], "the detail's routes close the gap (rule 4)")
        #expect(version2.preferredCompactColumn == .detail)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func everyShapeRestoresWhatItSaved() async {
        let routes = Gen.int(in: 0...3).map { Screen.message(id: $0) }.array(of: 0...3)
        await checkProperty(count: 200, input: zip(routes, routes, Gen.int(in: 0...2), Gen.int(in: 0...3))) { first, second, pick, column in
            let mailboxes: [Mailbox?] = [nil, .inbox, .sent]
            let columns = ColumnsColumn.allCases
            var tabs = TabNavigation<Tab, Screen>(selection: [Tab.mail, .settings, .search][pick])
            tabs[path: .mail] = first
            tabs[path: .search] = second
            try self.expectRoundTrip(tabs, onto: TabNavigation(selection: .mail))
            try self.expectRoundTrip(StackNavigation(path: first + second), onto: StackNavigation())
            let split = SplitNavigation<Mailbox, Int, Screen>(sidebar: mailboxes[pick], content: column == 3 ? nil : column,
                                                              path: first, preferredCompactColumn: columns[column % 3])
            try self.expectRoundTrip(split, onto: SplitNavigation(), unlessTheFocusMoves: true)
        }
    }

    /// A state saved and restored onto a first launch's state comes back whole: `tree` and
    /// `restore(from:)` agree (for a split, unless a column it focuses is empty: rule 6 moves it).
    func expectRoundTrip<State: NavigationState>(_ state: State, onto initial: State, unlessTheFocusMoves: Bool = false) throws {
        let coding = RouteCoding<State.Route>(named: "App.Screen")
        let restored = coding.restore(try state.tree(coding), others: State.othersResolver)
        var back = initial
        back.restore(from: restored)
        if unlessTheFocusMoves && restored.plan.notes.contains(where: { $0.kind == .focusMoved }) { return }
        #expect(back == state)
        #expect(restored.plan.dropped.isEmpty)
    }
}
