/// A saved navigation state of format 2: a root container whose records may hold containers.
///
/// A format-1 ``DrillDownState`` is exactly a tree whose root is a ``DrillDownContainer`` and
/// whose records hold no container; the two convert both ways.
///
/// ```swift
/// let tree = RestorationTree(root: .split(SplitContainer(
///     primary: [RestorationRecord(identifier: "nav", className: "NavController", container:
///         .tabs(TabsContainer(tabs: [RestorationRecord(identifier: "inbox", className: "InboxController")], selected: 0)))],
///     detail: [RestorationRecord(identifier: "message-42", className: "MessageController")],
///     focus: .detail
/// )))
/// let plan = Restorer.plan(for: tree, layout: .compact)
/// ```
public struct RestorationTree: Hashable, Sendable {
    /// The format version this library writes for trees.
    public static let currentFormatVersion = 2

    /// The format versions of trees this library restores (rule 10).
    public static let supportedFormatVersions: ClosedRange<Int> = 1...currentFormatVersion

    /// The deepest nesting of containers a state file may hold, the root counted: a deeper
    /// document is an invalid-input error, never a stack overflow.
    public static let maxContainerDepth = 64

    /// The format version the state was saved with. A tree newer than this library supports
    /// restores nothing (rule 10).
    public var formatVersion: Int

    /// The root container.
    public var root: RestorationContainer

    /// Creates a tree.
    ///
    /// - Parameters:
    ///   - formatVersion: The format version; defaults to ``currentFormatVersion``.
    ///   - root: The root container.
    public init(formatVersion: Int = RestorationTree.currentFormatVersion, root: RestorationContainer) {
        self.formatVersion = formatVersion
        self.root = root
    }

    /// The tree of a format-1 state: its format version, and a drill-down root.
    public init(_ state: DrillDownState) {
        self.init(formatVersion: state.formatVersion, root: .drillDown(DrillDownContainer(left: state.left, right: state.right)))
    }

    /// Every record of the tree, nested ones included, with its path, in document order (a
    /// record before its container's contents).
    public var allRecords: [(path: RecordPath, record: RestorationRecord)] {
        // Iterative, so that a tree built in code as deep as memory allows cannot overflow the stack.
        var result: [(path: RecordPath, record: RestorationRecord)] = []
        var pending = root.children.reversed().map { (path: RecordPath.root.appending($0.step), record: $0.record) }
        while let (path, record) = pending.popLast() {
            result.append((path, record))
            if let nested = record.container {
                pending.append(contentsOf: nested.children.reversed().map { (path: path.appending($0.step), record: $0.record) })
            }
        }
        return result
    }

    /// The number of records, nested ones included.
    public var recordCount: Int {
        root.recordCount
    }
}

extension DrillDownState {
    /// The format-1 state of a tree whose root is a drill-down, or `nil` for any other root.
    /// Records keep their containers, if any.
    public init?(_ tree: RestorationTree) {
        guard case .drillDown(let root) = tree.root else { return nil }
        self.init(formatVersion: tree.formatVersion, left: root.left, right: root.right)
    }

    /// Whether a record of this state holds a container: such a state is a format-2 tree that
    /// the format-1 file and store cannot hold.
    public var hasNestedContainers: Bool {
        left.contains { $0.container != nil } || right?.container != nil
    }
}
