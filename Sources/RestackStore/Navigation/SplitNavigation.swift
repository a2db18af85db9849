import Restack

/// A `NavigationSplitView`: the sidebar's selection, the content column's selection (three
/// columns), the detail column's navigation stack, and the column a compact layout shows.
///
/// Bind ``sidebar`` to the sidebar's `List(selection:)`, ``content`` to the content column's,
/// ``path`` to the detail column's `NavigationStack(path:)`, and ``preferredCompactColumn`` to the
/// split's `preferredCompactColumn` (SwiftUI's `NavigationSplitViewColumn`: the article
/// <doc:GettingStarted> maps one to the other). A two-column split has no content column: its
/// `Content` is `Never`.
///
/// Saved as the columns a user sees, so that a regular and a compact layout come from one saved
/// state by the restoration rules: each column holds what it shows. The sidebar column holds the
/// sidebar (a record of class `Restack.Sidebar`); the column after it, the sidebar's selection
/// (class `Restack.SidebarSelection`, its value the payload); the detail column, the content's
/// selection (class `Restack.ContentSelection`, three columns) and then the path's routes. Each
/// record is identified by its position counted through the columns, sidebar first. A two-column
/// split is saved as a split (primary and detail, compact policy `focus`), a three-column one as
/// three columns; ``preferredCompactColumn`` is the focus. So a detail column that restores empty
/// (nothing selected, nothing pushed) shows its placeholder and moves the focus toward the sidebar
/// (rules 6 and 8), and a compact layout shows one stack up to the focused column. A selection
/// that no longer decodes is dropped `stale-payload`; the detail's routes close their gaps (rule
/// 4), as a split's sides do. A deep link's routes are pushed onto the detail column.
///
/// ```swift
/// var mail = SplitNavigation<Mailbox, Int, Screen>()     // three columns: mailboxes, messages, a message
/// mail.sidebar = .inbox
/// mail.content = 42
/// mail.preferredCompactColumn = .detail
/// ```
public struct SplitNavigation<Sidebar: Codable & Hashable & Sendable, Content: Codable & Hashable & Sendable,
                              Route: Codable & Hashable & Sendable>: NavigationState {
    /// The sidebar's selection.
    public var sidebar: Sidebar?
    /// The content column's selection, in a three-column split; always `nil` in a two-column one.
    public var content: Content?
    /// The detail column's navigation stack, bottom first.
    public var path: [Route]
    /// The column a compact layout shows: SwiftUI's `preferredCompactColumn`.
    public var preferredCompactColumn: ColumnsColumn

    /// Creates a split: on a first launch, what it selects and shows.
    public init(sidebar: Sidebar? = nil, content: Content? = nil, path: [Route] = [], preferredCompactColumn: ColumnsColumn = .sidebar) {
        self.sidebar = sidebar
        self.content = content
        self.path = path
        self.preferredCompactColumn = preferredCompactColumn
    }

    /// Whether the split has a content column: `Content` is not `Never`.
    private static var hasContentColumn: Bool {
        Content.self != Never.self
    }

    /// The split's columns, each holding what it shows, every record identified by its position
    /// counted through the columns, sidebar first.
    public func tree(_ coding: RouteCoding<Route>) throws(RouteCodingError) -> RestorationTree {
        var records = [RestorationRecord(identifier: "0", className: SelectionRecord.sidebar)]
        var selected: [RestorationRecord] = []      // what the column after the sidebar shows
        if let sidebar {
            selected.append(try SelectionRecord.record(sidebar, className: SelectionRecord.sidebarSelection, identifier: "\(records.count)"))
            records += selected
        }
        guard Self.hasContentColumn else {
            let detail = selected + (try coding.records(for: path, from: records.count))
            let focus: SplitSide = preferredCompactColumn == .sidebar ? .primary : .detail
            return RestorationTree(root: .split(SplitContainer(primary: [records[0]], detail: detail, focus: focus, compact: .focus)))
        }
        var detail: [RestorationRecord] = []
        if let content {
            detail.append(try SelectionRecord.record(content, className: SelectionRecord.contentSelection, identifier: "\(records.count)"))
        }
        detail += try coding.records(for: path, from: records.count + detail.count)
        return RestorationTree(root: .columns(ColumnsContainer(sidebar: [records[0]], content: selected, detail: detail, focus: preferredCompactColumn)))
    }

    /// The selections and routes that restored, and the focus after the rules.
    public mutating func restore(from restored: RestoredRoutes<Route>) {
        switch restored.plan.root?.content {
        case .split(let split)?:
            sidebar = split.detail.lazy.compactMap { SelectionRecord.value(Sidebar.self, of: $0, className: SelectionRecord.sidebarSelection) }.first
            content = nil
            path = split.detail.compactMap(restored.route(for:))
            preferredCompactColumn = split.focus == .primary ? .sidebar : .detail
        case .columns(let columns)?:
            sidebar = columns.content.lazy.compactMap { SelectionRecord.value(Sidebar.self, of: $0, className: SelectionRecord.sidebarSelection) }.first
            content = columns.detail.lazy.compactMap { SelectionRecord.value(Content.self, of: $0, className: SelectionRecord.contentSelection) }.first
            path = columns.detail.compactMap(restored.route(for:))
            preferredCompactColumn = columns.focus
        default:
            break
        }
    }
}

extension SplitNavigation: StructuredNavigationState {
    /// The sidebar is rebuilt; a selection when its payload decodes as its type, and dropped
    /// `stale-payload` otherwise.
    static var structureResolver: RecordResolver {
        .decoding([
            .withoutPayload(forClass: SelectionRecord.sidebar),
            .decoding(Sidebar.self, forClass: SelectionRecord.sidebarSelection),
            .decoding(Content.self, forClass: SelectionRecord.contentSelection),
        ])
    }
}
