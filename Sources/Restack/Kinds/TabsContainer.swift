/// A tab bar: the tabs and the selected one.
public struct TabsContainer: Hashable, Sendable {
    /// The tabs, in order.
    public var tabs: [RestorationRecord]
    /// The index of the selected tab in ``tabs``; `nil` when there are no tabs. A state file
    /// requires it to be in range whenever there are tabs.
    public var selected: Int?

    /// Creates a tab bar.
    public init(tabs: [RestorationRecord], selected: Int?) {
        self.tabs = tabs
        self.selected = selected
    }
}

extension RecordPath.Step {
    /// A tab: `tabs[i]`.
    public static func tabs(_ index: Int) -> RecordPath.Step { RecordPath.Step("tabs", index) }
}

extension TabsContainer: ContainerKind {
    package static let kind = RestorationContainer.Kind.tabs
    package static let noun = "tab bar"
    package static let slots = [ContainerSlot(name: "tabs", isSequence: true, isRequired: true)]
    package static let settingNames = ["selected"]

    package var slotContents: [[RestorationRecord]] { [tabs] }
    package var settings: [ContainerSetting?] { [selected.map { .integer($0) }] }
    package var container: RestorationContainer { .tabs(self) }

    /// `selected` is required when there are tabs, and in range; absent or null when there are
    /// none.
    package static func decoded(_ slots: [[RestorationRecord]], settings: JSONSettings) throws -> TabsContainer {
        let tabs = slots[0]
        let selected = try settings.wholeNumber("selected")
        switch (selected, tabs.isEmpty) {
        case (nil, false):
            throw StateFileError(path: settings.place("selected"), problem: "required when there are tabs (the index of the selected tab)")
        case (let index?, true):
            throw StateFileError(path: settings.place("selected"), problem: "must be absent or null when there are no tabs, found \(index)")
        case (let index?, false) where !tabs.indices.contains(index):
            throw StateFileError(path: settings.place("selected"), problem: "out of range: \(index) is not in 0...\(tabs.count - 1)")
        default:
            return TabsContainer(tabs: tabs, selected: selected)
        }
    }

    package static func stored(_ slots: [[RestorationRecord]], settings: [String: ContainerSetting]) throws(ContainerKindProblem) -> TabsContainer {
        let tabs = slots[0]
        var selected: Int?
        switch settings["selected"] {
        case nil: selected = nil
        case .integer(let index)?: selected = index
        default: throw ContainerKindProblem(setting: "selected", phrase: "selects a tab it does not have")
        }
        guard tabs.isEmpty ? selected == nil : selected.map(tabs.indices.contains) == true else {
            throw ContainerKindProblem(setting: "selected", phrase: "selects a tab it does not have")
        }
        return TabsContainer(tabs: tabs, selected: selected)
    }

    /// Rules 1 to 4 on the tabs, then rule 7.
    package func plan(_ planner: inout SlotPlanner) -> (content: PlannedContainer.Content, notes: [RestorationPlan.Note.Kind]) {
        let tabs = planner.sequence(0)
        let selection = Restorer.restoredSelection(selected, survivors: tabs)
        return (.tabs(tabs: tabs, selected: selection.index), selection.moved ? [.selectionMoved] : [])
    }

    /// A tab bar shows one tab in every layout: no arrangement (rule 8).
    package static func parts(tabs: [PlannedRecord], selected: Int?) -> PlannedParts {
        PlannedParts(slots: [tabs], settings: [("selected", selected.map { .integer($0) })],
                     restore: { .tabs(TabsContainer(tabs: tabs.map(\.restoredRecord), selected: selected)) }, compact: nil)
    }
}

extension Restorer {
    /// Rule 7 (`tabs`): the restored index of the saved selected tab; if that tab was dropped
    /// (or the saved selection names no tab) and another survived, the first surviving tab,
    /// with `moved` set; with no surviving tab, `nil`.
    static func restoredSelection(_ saved: Int?, survivors: [PlannedRecord]) -> (index: Int?, moved: Bool) {
        if let saved, let index = survivors.firstIndex(where: { $0.from.steps.last == .tabs(saved) }) {
            return (index, false)
        }
        return survivors.isEmpty ? (nil, false) : (0, true)
    }
}

extension TabsContainer {
    /// A deep link reveals a tab by selecting it (noted `deep-link-selected` when the selection
    /// changes); nothing is popped.
    package static func revealing(_ index: Int, replacedBy replacement: PlannedRecord, in content: PlannedContainer.Content) -> DeepLinkReveal {
        guard case .tabs(var tabs, let selected) = content else { preconditionFailure("not a tab bar: \(content.kind)") }
        tabs[index] = replacement
        return DeepLinkReveal(content: .tabs(tabs: tabs, selected: index), popped: [], notes: selected == index ? [] : [.deepLinkSelected])
    }

    /// A deep link pushes into the selected tab's container: a tab bar is no stack.
    package static func pushing(_ pusher: inout DeepLinkPusher, onto content: PlannedContainer.Content) -> DeepLinkPush {
        guard case .tabs(_, let selected) = content else { preconditionFailure("not a tab bar: \(content.kind)") }
        return selected.map { DeepLinkPush.intoChild($0) } ?? .nowhere
    }
}
