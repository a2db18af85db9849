/// A drill-down container: a left stack and an optional right record, as SGBDrillDownController
/// keeps them. A format-1 drill-down (``RestorationTree/drillDown(formatVersion:left:right:)``) is a tree whose
/// root is one of these.
public struct DrillDownContainer: Hashable, Sendable {
    /// The left stack, bottom (root) first.
    public var left: [RestorationRecord]
    /// The record in the right slot, if there is one.
    public var right: RestorationRecord?

    /// Creates a drill-down container.
    public init(left: [RestorationRecord], right: RestorationRecord? = nil) {
        self.left = left
        self.right = right
    }
}

/// A navigation stack: records bottom (root) first.
public struct StackContainer: Hashable, Sendable {
    /// The stack, bottom first.
    public var records: [RestorationRecord]

    /// Creates a stack.
    public init(records: [RestorationRecord]) {
        self.records = records
    }
}

/// A split: a primary stack and a detail stack, the side shown when only one shows, and what
/// compact layouts do with the detail.
///
/// Roles are kept across layouts: a primary record never becomes a detail record or back.
public struct SplitContainer: Hashable, Sendable {
    /// A side of a split.
    public enum Side: String, Hashable, Sendable, CaseIterable {
        /// The primary stack (the index, the sidebar, the leading peer).
        case primary
        /// The detail stack (the trailing peer).
        case detail
    }

    /// What a compact layout shows of a split (restoration rule 8).
    public enum CompactPolicy: String, Hashable, Sendable, CaseIterable {
        /// One stack: primary then detail (TidySplits, UISplitViewController's default).
        case merge
        /// The primary stack only; the detail is kept, hidden (TidySplits' omit-detail flag).
        case omitDetail
        /// The focused side only; the other is kept, hidden (split-or-flip).
        case focus
    }

    /// The primary stack, bottom first.
    public var primary: [RestorationRecord]
    /// The detail stack, bottom first; may be empty (the app shows its placeholder).
    public var detail: [RestorationRecord]
    /// The side shown when only one shows.
    public var focus: Side
    /// What a compact layout shows.
    public var compact: CompactPolicy

    /// Creates a split.
    public init(
        primary: [RestorationRecord],
        detail: [RestorationRecord] = [],
        focus: Side = .primary,
        compact: CompactPolicy = .merge
    ) {
        self.primary = primary
        self.detail = detail
        self.focus = focus
        self.compact = compact
    }
}

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
