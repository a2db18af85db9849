/// A saved navigation state: a root container whose records may hold containers.
///
/// Every API of Restack takes and returns a tree. Format 1 (SGBDrillDownController's left stack
/// and right slot) is only a way of writing one: a tree of format version 1 whose root is a
/// ``DrillDownContainer`` of records that hold no container is written, stored and planned in
/// it (``Form/drillDown``), and ``StateFile`` reads a format-1 document into such a tree. A
/// SwiftUI `NavigationPath` is a tree whose root is a truncating ``StackContainer``: build it with
/// ``navigationPath(_:)`` or read it with ``NavigationPathRepresentation/decode(_:)``.
///
/// ```swift
/// let tree = RestorationTree(root: .split(SplitContainer(
///     primary: [RestorationRecord(identifier: "nav", className: "NavController", container:
///         .tabs(TabsContainer(tabs: [RestorationRecord(identifier: "inbox", className: "InboxController")], selected: 0)))],
///     detail: [RestorationRecord(identifier: "message-42", className: "MessageController")],
///     focus: .detail
/// )))
/// let plan = Restorer.plan(tree, layout: .compact)
///
/// let formatOne = RestorationTree(formatVersion: 1, root: .drillDown(DrillDownContainer(
///     left: [RestorationRecord(identifier: "inbox", className: "InboxController")],
///     right: RestorationRecord(identifier: "message-42", className: "MessageController")
/// )))
/// ```
public struct RestorationTree: Hashable, Sendable {
    /// The format version this library writes for trees in the ``Form/tree`` form.
    public static let currentFormatVersion = 2

    /// The format versions of trees in the ``Form/tree`` form this library restores (rule 10);
    /// each form has its own.
    package static let supportedFormatVersions: ClosedRange<Int> = Form.tree.supportedFormatVersions

    /// The deepest nesting of containers a state file may hold, the root counted: a deeper
    /// document is an invalid-input error, never a stack overflow.
    public static let maxContainerDepth = 64

    /// The form a state is written in: a format-1 drill-down document (`left`, `right`), a
    /// format-2 tree document (`root`), or a SwiftUI `NavigationPath` representation (a JSON
    /// array). A store keeps each snapshot's form, so that it is exported, and its restored
    /// state printed, as it was read.
    public enum Form: String, Hashable, Sendable, CaseIterable {
        /// A format-1 drill-down: a drill-down root whose records hold no container.
        case drillDown
        /// A format-2 tree: any root, records may hold containers.
        case tree
        /// A `NavigationPath` representation (``NavigationPathRepresentation``): a truncating
        /// stack root whose records hold no container and each have a class (the element's
        /// type name) and a payload (the value's JSON).
        case navigationPath

        /// The format versions of this form that restore (rule 10): 1 for a drill-down, 1 and
        /// 2 for a tree. A state of any other version restores nothing.
        package var supportedFormatVersions: ClosedRange<Int> {
            switch self {
            case .drillDown: 1...1
            case .tree, .navigationPath: 1...RestorationTree.currentFormatVersion
            }
        }

        /// The format version a state of this form is written in: 1 for a drill-down, the
        /// current one otherwise.
        package var currentFormatVersion: Int {
            switch self {
            case .drillDown: 1
            case .tree, .navigationPath: RestorationTree.currentFormatVersion
            }
        }
    }

    /// The format version the state was saved with. A state whose version its form does not
    /// support restores nothing (rule 10).
    public var formatVersion: Int

    /// The root container.
    public var root: RestorationContainer

    /// The form the tree was made, or read, in when not the tree form: a format-1 drill-down or
    /// a `NavigationPath`. It stays the tree's form while the tree still fits it.
    private var madeAs: Form?

    /// Creates a tree: in the ``Form/tree`` form, or, of format version 1 with a drill-down root
    /// whose records hold no container, in the format-1 form (``form``).
    ///
    /// - Parameters:
    ///   - formatVersion: The format version; defaults to ``currentFormatVersion``.
    ///   - root: The root container.
    public init(formatVersion: Int = RestorationTree.currentFormatVersion, root: RestorationContainer) {
        self.formatVersion = formatVersion
        self.root = root
        self.madeAs = nil
    }

    /// A tree read (or made) in `form`, which stays its form while the tree fits it
    /// (``form``): what a codec that reads a form makes, whatever the format version it reads.
    package init(formatVersion: Int, root: RestorationContainer, form: Form) {
        self.init(formatVersion: formatVersion, root: root)
        madeAs = form == .tree ? nil : form
    }

    /// A drill-down in the format-1 form, of any format version: a left stack, bottom (root)
    /// first, and an optional right record, as a format-1 document holds them.
    package static func drillDown(formatVersion: Int = 1, left: [RestorationRecord], right: RestorationRecord? = nil) -> RestorationTree {
        RestorationTree(formatVersion: formatVersion, root: .drillDown(DrillDownContainer(left: left, right: right)), form: .drillDown)
    }

    /// A SwiftUI `NavigationPath` in the ``Form/navigationPath`` form: a stack of its elements,
    /// bottom (first pushed) first, that truncates at its first element not restored
    /// (``StackAfterDrop/truncate``), as SwiftUI cannot show an element without the
    /// ones it was pushed on.
    ///
    /// - Parameter records: The path's elements, bottom first: each with the element's type name
    ///   as its class and the value's JSON as its payload (see ``NavigationPathRepresentation``).
    public static func navigationPath(_ records: [RestorationRecord]) -> RestorationTree {
        RestorationTree(formatVersion: currentFormatVersion, root: .stack(StackContainer(records: records, afterDrop: .truncate)), form: .navigationPath)
    }

    /// The form the tree is written, stored and planned in: ``Form/drillDown`` for a tree of
    /// format version 1 (or read from a format-1 document, of any version) while its root is a
    /// drill-down whose records hold no container;
    /// ``Form/navigationPath`` for a tree made with ``navigationPath(_:)`` (or read from a path's
    /// representation) while its root is a truncating stack of records that hold no container
    /// and each have a class and a payload, in a format version it restores (a path has no
    /// version of its own: one of another version is written as format 2, which keeps it, so it
    /// still restores nothing); ``Form/tree`` otherwise.
    public var form: Form {
        switch root {
        case .drillDown(let root) where madeAs == .drillDown || formatVersion < 2:
            let flat = !root.left.contains(where: { $0.container != nil }) && root.right?.container == nil
            return flat ? .drillDown : .tree
        case .stack(let stack) where madeAs == .navigationPath && stack.afterDrop == .truncate
                                     && Form.navigationPath.supportedFormatVersions.contains(formatVersion):
            let elements = stack.records.allSatisfy { $0.container == nil && $0.className != nil && $0.payload != nil }
            return elements ? .navigationPath : .tree
        default:
            return .tree
        }
    }

    /// The root drill-down, or `nil` when the root is another kind.
    package var drillDown: DrillDownContainer<RestorationRecord>? {
        if case .drillDown(let container) = root { container } else { nil }
    }

    /// Every record of the tree, nested ones included, with its path, in document order (a
    /// record before its container's contents).
    package var allRecords: [(path: RecordPath, record: RestorationRecord)] {
        // Iterative, so that a tree built in code as deep as memory allows cannot overflow the stack.
        var result: [(path: RecordPath, record: RestorationRecord)] = []
        var pending = root.children.reversed().map { (path: RecordPath.root.appending($0.step), record: $0.element) }
        while let (path, record) = pending.popLast() {
            result.append((path, record))
            if let nested = record.container {
                pending.append(contentsOf: nested.children.reversed().map { (path: path.appending($0.step), record: $0.element) })
            }
        }
        return result
    }

    /// The number of records, nested ones included.
    public var recordCount: Int {
        root.recordCount
    }

    /// Whether two trees have the same format version, form and root.
    public static func == (lhs: RestorationTree, rhs: RestorationTree) -> Bool {
        lhs.formatVersion == rhs.formatVersion && lhs.form == rhs.form && lhs.root == rhs.root
    }

    /// Hashes the format version, the form and the root.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(formatVersion)
        hasher.combine(form)
        hasher.combine(root)
    }
}
