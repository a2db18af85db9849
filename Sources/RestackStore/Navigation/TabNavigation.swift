import Foundation
import Restack

/// A tab bar with a navigation stack per tab: a `TabView(selection:)` bound to ``selection``, and
/// in each tab a `NavigationStack(path:)` bound to that tab's path (``subscript(path:)``).
///
/// `Tab` is the app's own `Codable` tab type, usually an enum. Saved as a tab bar of the selected
/// tab and of every tab whose path is not empty, in the order of their JSON, each holding
/// its path as a truncating stack of route records; the selected tab is the tab bar's selection.
/// A tab's record is identified by its value's JSON, a string without its quotes (the tab `.mail`
/// of a `String` enum is `mail`), which is what a deep link's path names; its class is
/// `Restack.Tab` and its payload the tab's JSON. A tab that no longer decodes (a case removed in an
/// update) is dropped `stale-payload` with its path, and the tab bar selects the first surviving
/// tab (restoration rule 7).
///
/// ```swift
/// var tabs = TabNavigation<Tab, Screen>(selection: .mail)
/// tabs[path: .mail].append(.mailbox("INBOX"))      // $navigation[path: .mail] in SwiftUI
/// tabs.selection = .settings
/// ```
public struct TabNavigation<Tab: Codable & Hashable & Sendable, Route: Codable & Hashable & Sendable>: NavigationState {
    /// The selected tab.
    public var selection: Tab
    /// The tabs' paths; a tab with an empty path has none.
    private var paths: [Tab: [Route]] = [:]

    /// Creates a tab bar: on a first launch, the tab selected and every path empty.
    public init(selection: Tab) {
        self.selection = selection
    }

    /// A tab's path, bottom first; empty for a tab never navigated.
    public subscript(path tab: Tab) -> [Route] {
        get { paths[tab] ?? [] }
        set { paths[tab] = newValue.isEmpty ? nil : newValue }
    }

    /// The tab bar: the selected tab and every tab with a path, each holding its path.
    public func tree(_ coding: RouteCoding<Route>) throws(RouteCodingError) -> RestorationTree {
        var tabs: [(tab: Tab, record: RestorationRecord)] = []
        for tab in Set(paths.keys).union([selection]) {
            let stack = StackContainer(records: try coding.records(for: self[path: tab]), afterDrop: .truncate)
            tabs.append((tab, try SelectionRecord.record(tab, className: SelectionRecord.tab, container: .stack(stack))))
        }
        tabs.sort { ($0.record.payload ?? Data()).lexicographicallyPrecedes($1.record.payload ?? Data()) }
        let selected = tabs.firstIndex { $0.tab == selection }
        return RestorationTree(root: .tabs(TabsContainer(tabs: tabs.map(\.record), selected: selected)))
    }

    /// The tabs that restored, each with its path, and the tab bar's selection after rule 7.
    public mutating func restore(from restored: RestoredRoutes<Route>) {
        guard case .tabs(let tabBar)? = restored.plan.root?.content else { return }
        paths = [:]
        for (index, record) in tabBar.tabs.enumerated() {
            guard let tab = SelectionRecord.value(Tab.self, of: record, className: SelectionRecord.tab) else { continue }
            self[path: tab] = restored.routes(under: [record.restoredRecord.identifier ?? ""])
            if index == tabBar.selected {
                selection = tab
            }
        }
    }
}

extension TabNavigation: StructuredNavigationState {
    /// A tab is rebuilt when its payload decodes as a `Tab`, and dropped `stale-payload`
    /// otherwise.
    static var structureResolver: RecordResolver {
        .decoding(Tab.self, forClass: SelectionRecord.tab)
    }
}
