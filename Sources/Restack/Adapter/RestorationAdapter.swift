/// What an app writes once for its own node type (a view controller, a SwiftUI route, a
/// terminal screen) so that Restack captures its live hierarchy as a ``RestorationTree`` and
/// rebuilds a ``RestorationPlan`` into nodes.
///
/// An adapter tells, for a node, its record (identifier, class name, payload) and, for a
/// container node, its container (kind, nodes by slot, settings); and it makes a node for a
/// planned record, given the container already rebuilt from the nodes of its slots.
/// ``capture(_:)`` and ``rebuild(_:)`` do the rest.
///
/// ```swift
/// struct ScreenAdapter: RestorationAdapter {
///     func record(of screen: Screen) -> RestorationRecord {
///         RestorationRecord(identifier: screen.id, className: screen.kind, payload: screen.state)
///     }
///     func container(of screen: Screen) -> NodeContainer<Screen>? {
///         screen.children
///     }
///     func makeNode(for planned: PlannedRecord, container: RebuiltContainer<Screen>?) throws -> Screen {
///         try Screen(kind: planned.record.className, id: planned.record.identifier, state: planned.record.payload,
///                    children: container?.content)
///     }
/// }
///
/// let tree = try ScreenAdapter().capture(window.root)           // on every navigation change
/// let rebuilt = ScreenAdapter().rebuild(restoration.plan)      // at launch
/// ```
public protocol RestorationAdapter {
    /// The app's node: a view controller, a route, a screen.
    associatedtype Node

    /// The node's record: its identifier, class name and payload. The record's
    /// ``RestorationRecord/container`` is not read: ``container(of:)`` tells it.
    func record(of node: Node) -> RestorationRecord

    /// The container a container node holds (its children by slot and its settings), or `nil`
    /// for a plain node.
    func container(of node: Node) -> NodeContainer<Node>?

    /// Makes the node of a planned record. For a record that holds a container, `container`
    /// holds the nodes already made for its slots, with the restored settings and, in a compact
    /// layout, the arrangement to show.
    ///
    /// Throwing refuses the record, as a resolver's refusal would: ``rebuild(_:)`` leaves it
    /// out with the reason ``DropReason/rebuildFailed`` and applies the restoration rules to
    /// what remains.
    func makeNode(for record: PlannedRecord, container: RebuiltContainer<Node>?) throws -> Node
}

/// Why a live hierarchy could not be captured.
public enum CaptureError: Error, Hashable, Sendable {
    /// The hierarchy nests containers deeper than ``RestorationTree/maxContainerDepth`` (or
    /// holds itself): the path of the record whose container is one level too deep.
    case tooDeep(path: RecordPath)
}

extension CaptureError: CustomStringConvertible {
    /// A sentence naming the place.
    public var description: String {
        switch self {
        case .tooDeep(let path):
            "the container of \(path) nests deeper than \(RestorationTree.maxContainerDepth) levels"
        }
    }
}

extension RestorationAdapter {
    /// The tree of a live hierarchy whose root container is `root`: each node's record, with
    /// the container of each container node, slots and settings as the adapter tells them.
    ///
    /// - Throws: ``CaptureError/tooDeep(path:)`` for a hierarchy deeper than a state file may
    ///   be (a node that holds itself included).
    public func capture(_ root: NodeContainer<Node>) throws(CaptureError) -> RestorationTree {
        RestorationTree(root: try capturedContainer(root, at: .root, level: 1))
    }

    /// The tree of a live hierarchy whose root node is a container node; `nil` when
    /// ``container(of:)`` says it holds no container. The root node's own record is not saved:
    /// a tree's root is a container.
    ///
    /// - Throws: ``CaptureError/tooDeep(path:)``.
    public func capture(rootNode: Node) throws(CaptureError) -> RestorationTree? {
        guard let root = container(of: rootNode) else { return nil }
        return try capture(root)
    }

    private func capturedContainer(_ container: NodeContainer<Node>, at path: RecordPath, level: Int) throws(CaptureError) -> RestorationContainer {
        guard level <= RestorationTree.maxContainerDepth else { throw .tooDeep(path: path) }
        return try container.map { (step, node) throws(CaptureError) in
            var record = record(of: node)
            record.container = try self.container(of: node).map { nested throws(CaptureError) in
                try capturedContainer(nested, at: path.appending(step), level: level + 1)
            }
            return record
        }
    }
}
