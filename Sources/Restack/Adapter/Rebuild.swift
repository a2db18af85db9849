/// What ``RestorationAdapter/rebuild(_:)`` gives: the rebuilt root container, the plan as it was
/// rebuilt, and the nodes that could not be made.
public struct RebuildResult<Node> {
    /// The root container, its slots holding the rebuilt nodes; `nil` when the plan restores
    /// nothing (rule 10). The app assembles its root from it.
    public var root: RebuiltContainer<Node>?
    /// The plan as rebuilt: the given plan, less the records whose node could not be made
    /// (``DropReason/rebuildFailed``) and what the rules then left out, with the notes of what
    /// moved. Save ``RestorationPlan/restoredTree`` of this plan, not of the given one.
    public var plan: RestorationPlan
    /// Each record whose node could not be made, with the error ``RestorationAdapter/makeNode(for:container:)``
    /// threw, in the order they were made. A failure below a record that failed too is not
    /// listed: that record is `ancestor-dropped`.
    public var failures: [RebuildFailure]
}

extension RebuildResult: Sendable where Node: Sendable {}

/// A record whose node could not be made at rebuild time.
public struct RebuildFailure: Sendable {
    /// The record's saved path.
    public var path: RecordPath
    /// The record, as it was to be made.
    public var record: RestorationRecord
    /// What ``RestorationAdapter/makeNode(for:container:)`` threw.
    public var error: any Error

    /// Creates a failure.
    package init(path: RecordPath, record: RestorationRecord, error: any Error) {
        self.path = path
        self.record = record
        self.error = error
    }
}

extension RestorationAdapter {
    /// Rebuilds a plan into nodes, bottom-up: the nodes of a container's slots are made first
    /// (each sequence bottom first), then the container is assembled with the restored settings
    /// and handed to ``makeNode(for:container:)`` of the record that holds it.
    ///
    /// A node that cannot be made (``makeNode(for:container:)`` throws) refuses its record as a
    /// resolver would: the plan is made again by the same rules with that record dropped
    /// ``DropReason/rebuildFailed`` (and every record below it `ancestor-dropped`; gaps close,
    /// a drill-down promotes, a split's focus and a tab bar's selection move, a chain truncates,
    /// as each kind's rules say), and only the nodes the new plan changed are made again. The
    /// result's plan says all of it. A plan made with ``RestorationPlan``'s initializer rather
    /// than by ``Restorer`` is planned again from its restored tree, whose paths it then has.
    public func rebuild(_ plan: RestorationPlan) -> RebuildResult<Node> {
        var replan = Replan(plan)
        var builder = NodeBuilder(adapter: self)
        var failures: [RebuildFailure] = []
        while true {
            let current = replan.current
            do throws(NodeBuilder<Self>.Failed) {
                let root = try current.root.map { planned throws(NodeBuilder<Self>.Failed) in try builder.container(planned, layout: current.layout) }
                // A failure below a record that failed later is not the reason for anything.
                let reasons = Dictionary(current.dropped.map { ($0.path, $0.reason) }, uniquingKeysWith: { first, _ in first })
                failures.removeAll { reasons[replan.translated($0.path)] != .rebuildFailed }
                return RebuildResult(root: root, plan: current, failures: failures)
            } catch {
                failures.append(error.failure)
                replan.refuse(error.failure.path)
            }
        }
    }
}

/// The plan a rebuild makes nodes for: the given plan, then, after each failure, the plan made
/// again by ``Restorer`` from the same source with the failed records refused and every other
/// record decided as the given plan decided it (the resolver is not asked again).
struct Replan {
    let original: RestorationPlan
    private(set) var current: RestorationPlan
    private var refused: [RecordPath] = []
    /// For a plan without a source: each restored record's path in the restored tree, by its
    /// path in the plan.
    private var paths: [RecordPath: RecordPath]?

    init(_ plan: RestorationPlan) {
        original = plan
        current = plan
    }

    /// The path in the plans made again of a record at `path` in the given plan.
    func translated(_ path: RecordPath) -> RecordPath {
        paths?[path] ?? path
    }

    mutating func refuse(_ path: RecordPath) {
        refused.append(path)
        var source = original.source
        if source == nil, let tree = original.restoredTree {
            let restored = original.restoredRecords
            paths = Dictionary(zip(restored.map(\.from), tree.allRecords.map(\.path)), uniquingKeysWith: { first, _ in first })
            source = RestorationPlan.Source(tree: tree, links: [])
        }
        guard let source else { return }
        var decisions: [RecordPath: Restorer.Decision] = [:]
        if paths == nil {
            for record in original.restoredRecords where record.renamedFrom != nil {
                decisions[record.from] = .rename(to: record.record.className ?? "")
            }
            for dropped in original.dropped where [.unresolvedClass, .stalePayload, .rebuildFailed, .notRestored, .expiredScreen].contains(dropped.reason) {
                decisions[dropped.path] = .drop(dropped.reason)
            }
            // Upgraded payloads, and failed upgrades with their step, replay as they were decided.
            let restored = Dictionary(original.restoredRecords.map { ($0.from, $0) }, uniquingKeysWith: { first, _ in first })
            for note in original.notes {
                switch note.kind {
                case .payloadUpgraded:
                    guard let record = restored[note.path], let payload = record.record.payload else { continue }
                    decisions[note.path] = .upgrade(payload: payload, readAs: note.shape ?? "",
                                                    renamedTo: record.renamedFrom != nil ? record.record.className : nil)
                case .payloadUpgradeFailed:
                    decisions[note.path] = .upgradeFailed(step: note.shape ?? "")
                default:
                    continue
                }
            }
        }
        for path in refused {
            decisions[translated(path)] = .drop(.rebuildFailed)
        }
        let resolver = RecordResolver(replaying: decisions)
        var plan = Restorer.plan(source.tree, layout: original.layout, resolver: resolver)
        for link in source.links {
            plan = plan.merging(link, resolver: resolver)
        }
        current = plan
    }
}

/// Makes the nodes of a plan bottom-up, keeping each node it made by its record's path, so that
/// a plan made again after a failure makes only the nodes it changed.
struct NodeBuilder<Adapter: RestorationAdapter> {
    typealias Node = Adapter.Node

    /// A node that could not be made.
    struct Failed: Error {
        var failure: RebuildFailure
    }

    let adapter: Adapter
    private var made: [RecordPath: (planned: PlannedRecord, node: Node)] = [:]

    init(adapter: Adapter) {
        self.adapter = adapter
    }

    /// The nodes of one planned container's slots, assembled with its settings and, in a
    /// compact layout, its arrangement (rule 8, as the kind says).
    mutating func container(_ planned: PlannedContainer, layout: Layout) throws(Failed) -> RebuiltContainer<Node> {
        let content = try planned.content.map { (record: PlannedRecord) throws(Failed) in try node(record, layout: layout) }
        let compact = planned.compact == nil ? nil : content.compactArrangement.map { CompactNodes(stack: $0.stack, hidden: $0.hidden) }
        return RebuiltContainer(path: planned.path, content: content, compact: compact)
    }

    /// The node of one planned record, made after its container's, or the one made before for
    /// the same planned record.
    mutating func node(_ planned: PlannedRecord, layout: Layout) throws(Failed) -> Node {
        if let earlier = made[planned.from], earlier.planned == planned {
            return earlier.node
        }
        let container = try planned.container.map { nested throws(Failed) in try self.container(nested, layout: layout) }
        do {
            let node = try adapter.makeNode(for: planned, container: container)
            made[planned.from] = (planned, node)
            return node
        } catch {
            throw Failed(failure: RebuildFailure(path: planned.from, record: planned.record, error: error))
        }
    }
}
