/// A container of an app's own nodes (view controllers, routes, screens): the kinds of
/// ``RestorationContainer``, with the app's nodes in their slots instead of records.
///
/// A ``RestorationAdapter`` describes a live container node with one of these at capture
/// time, and receives one, assembled from the rebuilt nodes of its slots with the settings
/// the rules decided, at rebuild time (inside a ``RebuiltContainer``). The cases and their
/// labels are those of ``PlannedContainer/Content``; the settings are the kinds' own types.
///
/// ```swift
/// // Capture: a navigation controller's children, bottom first.
/// .stack(records: navigationController.viewControllers, afterDrop: .closeGap)
/// // Capture: a tab bar controller.
/// .tabs(tabs: tabBarController.viewControllers ?? [], selected: tabBarController.selectedIndex)
/// ```
public enum NodeContainer<Node> {
    /// A drill-down: a left stack, bottom first, and an optional right node
    /// (``DrillDownContainer``).
    case drillDown(left: [Node], right: Node?)
    /// A stack, bottom first, and what a record that is not restored does to those above it
    /// (``StackContainer``).
    case stack(records: [Node], afterDrop: StackContainer.AfterDrop = .closeGap)
    /// A split: a primary and a detail stack, the focused side and the compact policy
    /// (``SplitContainer``).
    case split(primary: [Node], detail: [Node], focus: SplitContainer.Side, policy: SplitContainer.CompactPolicy)
    /// A tab bar and the index of its selected tab, `nil` only when it has no tabs
    /// (``TabsContainer``).
    case tabs(tabs: [Node], selected: Int?)
    /// A base and the chain of nodes presented on it, in order (``PresentationContainer``).
    case presentation(base: Node?, presented: [Node])

    /// The container's kind.
    public var kind: RestorationContainer.Kind {
        switch self {
        case .drillDown: .drillDown
        case .stack: .stack
        case .split: .split
        case .tabs: .tabs
        case .presentation: .presentation
        }
    }

    /// Every node of every slot, in the kind's slot order, each sequence bottom first.
    public var nodes: [Node] {
        switch self {
        case .drillDown(let left, let right): left + (right.map { [$0] } ?? [])
        case .stack(let records, _): records
        case .split(let primary, let detail, _, _): primary + detail
        case .tabs(let tabs, _): tabs
        case .presentation(let base, let presented): (base.map { [$0] } ?? []) + presented
        }
    }

    /// The same container with each node replaced by `transform`'s result: slots, order and
    /// settings kept.
    public func map<Other, Failure: Error>(_ transform: (Node) throws(Failure) -> Other) throws(Failure) -> NodeContainer<Other> {
        switch self {
        case .drillDown(let left, let right):
            .drillDown(left: try left.map(transform), right: try right.map(transform))
        case .stack(let records, let afterDrop):
            .stack(records: try records.map(transform), afterDrop: afterDrop)
        case .split(let primary, let detail, let focus, let policy):
            .split(primary: try primary.map(transform), detail: try detail.map(transform), focus: focus, policy: policy)
        case .tabs(let tabs, let selected):
            .tabs(tabs: try tabs.map(transform), selected: selected)
        case .presentation(let base, let presented):
            .presentation(base: try base.map(transform), presented: try presented.map(transform))
        }
    }
}

extension NodeContainer: Sendable where Node: Sendable {}
extension NodeContainer: Equatable where Node: Equatable {}

extension NodeContainer where Node == RestorationRecord {
    /// The saved container these records and settings make.
    var restorationContainer: RestorationContainer {
        switch self {
        case .drillDown(let left, let right): .drillDown(DrillDownContainer(left: left, right: right))
        case .stack(let records, let afterDrop): .stack(StackContainer(records: records, afterDrop: afterDrop))
        case .split(let primary, let detail, let focus, let policy):
            .split(SplitContainer(primary: primary, detail: detail, focus: focus, compact: policy))
        case .tabs(let tabs, let selected): .tabs(TabsContainer(tabs: tabs, selected: selected))
        case .presentation(let base, let presented): .presentation(PresentationContainer(base: base, presented: presented))
        }
    }
}

extension NodeContainer where Node == PlannedRecord {
    /// The planned container's slots and settings, as the plan holds them.
    init(_ content: PlannedContainer.Content) {
        switch content {
        case .drillDown(let left, let right): self = .drillDown(left: left, right: right)
        case .stack(let records, let afterDrop): self = .stack(records: records, afterDrop: afterDrop)
        case .split(let primary, let detail, let focus, let policy): self = .split(primary: primary, detail: detail, focus: focus, policy: policy)
        case .tabs(let tabs, let selected): self = .tabs(tabs: tabs, selected: selected)
        case .presentation(let base, let presented): self = .presentation(base: base, presented: presented)
        }
    }

    /// The planned content these planned records and settings make.
    var plannedContent: PlannedContainer.Content {
        switch self {
        case .drillDown(let left, let right): .drillDown(left: left, right: right)
        case .stack(let records, let afterDrop): .stack(records: records, afterDrop: afterDrop)
        case .split(let primary, let detail, let focus, let policy): .split(primary: primary, detail: detail, focus: focus, policy: policy)
        case .tabs(let tabs, let selected): .tabs(tabs: tabs, selected: selected)
        case .presentation(let base, let presented): .presentation(base: base, presented: presented)
        }
    }
}

/// A container as it is rebuilt: the app's nodes in its slots, the settings the rules decided,
/// and, in a compact layout, the one stack to show (restoration rule 8).
public struct RebuiltContainer<Node> {
    /// The container's saved path: the path of the record that owns it, empty for the root.
    public var path: RecordPath
    /// The rebuilt nodes in their slots, with the restored settings (focus after rule 6,
    /// selection after rule 7).
    public var content: NodeContainer<Node>
    /// For a split or a drill-down planned for ``Layout/compact``: the nodes of the one stack
    /// to show, bottom first, and the restored nodes kept hidden until the layout widens.
    /// `nil` in a regular layout and for the kinds that show as they are.
    public var compact: CompactNodes<Node>?

    /// Creates a rebuilt container. ``RestorationAdapter/rebuild(_:)`` makes them.
    public init(path: RecordPath, content: NodeContainer<Node>, compact: CompactNodes<Node>?) {
        self.path = path
        self.content = content
        self.compact = compact
    }
}

extension RebuiltContainer: Sendable where Node: Sendable {}

/// A ``CompactArrangement`` in nodes: the one stack a compact layout shows and what it hides.
public struct CompactNodes<Node> {
    /// The single stack, bottom first.
    public var stack: [Node]
    /// Restored nodes not shown in a compact layout.
    public var hidden: [Node]

    /// Creates an arrangement of nodes.
    public init(stack: [Node], hidden: [Node]) {
        self.stack = stack
        self.hidden = hidden
    }
}

extension CompactNodes: Sendable where Node: Sendable {}
