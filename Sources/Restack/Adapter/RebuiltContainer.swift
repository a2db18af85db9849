/// A container as it is rebuilt: the app's nodes in its slots, the settings the rules decided,
/// and, in a compact layout, the one stack to show (restoration rule 8).
public struct RebuiltContainer<Node> {
    /// The container's saved path: the path of the record that owns it, empty for the root.
    public var path: RecordPath
    /// The rebuilt nodes in their slots, with the restored settings (focus after rule 6,
    /// selection after rule 7).
    public var content: NodeContainer<Node>
    /// For a kind that has an arrangement (a split, a drill-down, columns) planned for
    /// ``Layout/compact``: the nodes of the one stack to show, bottom first, and the restored
    /// nodes kept hidden until the layout widens.
    /// `nil` in a regular layout and for the kinds that show as they are.
    public var compact: CompactNodes<Node>?

    /// Creates a rebuilt container. ``RestorationAdapter/rebuild(_:)`` makes them.
    package init(path: RecordPath, content: NodeContainer<Node>, compact: CompactNodes<Node>?) {
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
    package init(stack: [Node], hidden: [Node]) {
        self.stack = stack
        self.hidden = hidden
    }
}

extension CompactNodes: Sendable where Node: Sendable {}
