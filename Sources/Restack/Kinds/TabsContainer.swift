/// A tab bar: the tabs and the selected one.
public struct TabsContainer<Element> {
    /// The tabs, in order.
    public var tabs: [Element]
    /// The index of the selected tab in ``tabs``; `nil` when there are no tabs. A state file
    /// requires it to be in range whenever there are tabs.
    public var selected: Int?

    /// Creates a tab bar.
    public init(tabs: [Element], selected: Int?) {
        self.tabs = tabs
        self.selected = selected
    }
}

extension TabsContainer: Equatable where Element: Equatable {}
extension TabsContainer: Hashable where Element: Hashable {}
extension TabsContainer: Sendable where Element: Sendable {}

extension RecordPath.Step {
    /// A tab: `tabs[i]`.
    package static func tabs(_ index: Int) -> RecordPath.Step { RecordPath.Step("tabs", index) }
}

extension TabsContainer: ContainerKind {
    package static var kind: ContainerKindName { .tabs }
    package static var noun: String { "tab bar" }
    package static var slots: [ContainerSlot] { [ContainerSlot(name: "tabs", isSequence: true, isRequired: true)] }
    /// `selected` indexes `tabs`: required when there are tabs and in range, none when there are
    /// none.
    package mutating func visitSettings(_ visitor: inout some ContainerSettingVisitor) {
        visitor.index("selected", &selected, slot: "tabs", element: "tab")
    }

    package var slotContents: [[Element]] { [tabs] }
    package init(slotContents: [[Element]]) {
        self.init(tabs: slotContents[0], selected: nil)
    }
    package var container: Container<Element> { .tabs(self) }

    /// Rules 1 to 4 on the tabs, then rule 7: the saved selected tab stays selected; if it was
    /// dropped (or the saved selection names no tab) and another survived, the first surviving
    /// tab is, noted `selection-moved`; with no surviving tab, none is.
    package func plan(_ planner: inout SlotPlanner) -> (content: Container<PlannedRecord>, notes: [RestorationPlan.Note.Kind]) {
        let tabs = planner.sequence(0)
        var planned = TabsContainer<PlannedRecord>(slotContents: [tabs], settings: settings)
        if let selected, let index = tabs.firstIndex(where: { $0.from.steps.last == .tabs(selected) }) {
            planned.selected = index
            return (.tabs(planned), [])
        }
        planned.selected = tabs.isEmpty ? nil : 0
        return (.tabs(planned), tabs.isEmpty ? [] : [.selectionMoved])
    }

    /// A deep link reveals a tab by selecting it (noted `deep-link-selected` when the selection
    /// changes); nothing is popped. A tab bar shows one tab in every layout: no arrangement
    /// (rule 8).
    package func revealing(_ index: Int, replacedBy replacement: Element) -> DeepLinkReveal<Element> {
        var result = self
        result.tabs[index] = replacement
        result.selected = index
        return DeepLinkReveal(content: .tabs(result), popped: [], notes: selected == index ? [] : [.deepLinkSelected])
    }

    /// A deep link pushes into the selected tab's container: a tab bar is no stack.
    package var pushTarget: DeepLinkTarget {
        selected.map { .intoChild($0) } ?? .nowhere
    }

    /// Never called: a tab bar passes the records on (``pushTarget``).
    package func pushing(_ pushed: [Element], revealing candidates: [Int], same: (Element, Element) -> Bool) -> DeepLinkPush<Element> {
        DeepLinkPush(content: .tabs(self), revealed: nil, popped: [], shown: 0, pushed: 0, notes: [])
    }
}

// MARK: - Drawing

extension TabsContainer {
    /// A row of tabs, the selected one marked; a plan states the selection (and the saved one
    /// when rule 7 moved it).
    package var drawing: ContainerDrawing {
        ContainerDrawing(body: .tabRow(selected: selected))
    }
}
