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
    public init(path: RecordPath, record: RestorationRecord, error: any Error) {
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
    /// A node that cannot be made (``makeNode(for:container:)`` throws) is handled by the rules
    /// of a resolver's refusal: the record is dropped ``DropReason/rebuildFailed`` and every
    /// record below it `ancestor-dropped` (nodes already made for them are discarded); in a
    /// stack, a split's sides, a drill-down's left and a tab bar the gap closes (rule 4); a
    /// drill-down whose left stack is left empty promotes its right node (rule 5); a split's
    /// focus and a tab bar's selection move as rules 6 and 7 say; in a presentation chain
    /// and a stack that truncates (``StackContainer/AfterDrop/truncate``) nothing above it is made
    /// (`truncated`). The result's plan says all of it.
    public func rebuild(_ plan: RestorationPlan) -> RebuildResult<Node> {
        var rebuilder = Rebuilder(adapter: self, layout: plan.layout, dropped: plan.dropped, notes: plan.notes)
        let root = plan.root.map { rebuilder.container($0) }
        var rebuiltPlan = plan
        if rebuilder.changed {
            // In document order, as the restorer lists them.
            rebuiltPlan.root = root?.planned
            rebuiltPlan.dropped = rebuilder.dropped.sorted { DocumentOrder.precedes($0.path, $1.path) }
            rebuiltPlan.notes = rebuilder.notes.enumerated().sorted { lhs, rhs in
                lhs.element.path != rhs.element.path ? DocumentOrder.precedes(lhs.element.path, rhs.element.path)
                    : DocumentOrder.kindOrder(lhs.element.kind) < DocumentOrder.kindOrder(rhs.element.kind)
            }.map(\.element)
        }
        return RebuildResult(root: root?.rebuilt, plan: rebuiltPlan, failures: rebuilder.failures)
    }
}

/// The fold behind ``RestorationAdapter/rebuild(_:)``: what it has dropped, noted and failed.
struct Rebuilder<Adapter: RestorationAdapter> {
    typealias Node = Adapter.Node
    typealias Made = (planned: PlannedRecord, node: Node)

    let adapter: Adapter
    let layout: Layout
    var dropped: [RestorationPlan.Dropped]
    var notes: [RestorationPlan.Note]
    var failures: [RebuildFailure] = []
    /// Whether a node failed: otherwise the plan is rebuilt as given.
    var changed = false

    /// Rebuilds one planned container: its slots' nodes, its rules after failures, its
    /// arrangement.
    mutating func container(_ planned: PlannedContainer) -> (planned: PlannedContainer, rebuilt: RebuiltContainer<Node>) {
        let path = planned.path
        // The plan's notes of the kinds' rules on this container are decided again from what is
        // made; the others (what a deep link did) stay.
        let ruleNotes: Set<RestorationPlan.Note.Kind> = [.rightPromoted, .focusMoved, .primaryEmpty, .selectionMoved]
        let plannedNotes = Set(notes.filter { $0.path == path && ruleNotes.contains($0.kind) }.map(\.kind))
        notes.removeAll { $0.path == path && ruleNotes.contains($0.kind) }
        let made: NodeContainer<Made>
        switch NodeContainer(planned.content) {
        case .stack(let records, .closeGap):
            made = .stack(records: records.compactMap { record($0) }, afterDrop: .closeGap)
        case .stack(let records, .truncate):
            made = .stack(records: truncating(records, in: path, slot: "records", intact: true), afterDrop: .truncate)
        case .drillDown(let left, let right):
            var madeLeft = left.compactMap { record($0) }
            var madeRight = right.flatMap { record($0) }
            let promoted = plannedNotes.contains(.rightPromoted) && !madeLeft.isEmpty
            if Restorer.promoteLoneRight(left: &madeLeft, right: &madeRight) || promoted {
                note(.rightPromoted, at: path)
            }
            made = .drillDown(left: madeLeft, right: madeRight)
        case .split(let primary, let detail, let focus, let policy):
            let madePrimary = primary.compactMap { record($0) }
            let madeDetail = detail.compactMap { record($0) }
            // Rule 6 from the saved focus: the plan noted it when it had already moved.
            let moved = plannedNotes.contains(.focusMoved)
            let saved = moved ? (focus == .primary ? SplitContainer.Side.detail : .primary) : focus
            let restored = Restorer.restoredFocus(saved, primaryIsEmpty: madePrimary.isEmpty, detailIsEmpty: madeDetail.isEmpty)
            if restored != saved { note(.focusMoved, at: path) }
            if madePrimary.isEmpty { note(.primaryEmpty, at: path) }
            made = .split(primary: madePrimary, detail: madeDetail, focus: restored, policy: policy)
        case .tabs(let tabs, let selected):
            let madeTabs = tabs.compactMap { record($0) }
            // Rule 7: the selected tab if it was made, otherwise the first one made.
            let selectedPath = selected.flatMap { tabs.indices.contains($0) ? tabs[$0].from : nil }
            var index = madeTabs.firstIndex { $0.planned.from == selectedPath }
            if index == nil, !madeTabs.isEmpty { index = 0 }
            if !madeTabs.isEmpty, index == 0, plannedNotes.contains(.selectionMoved) || madeTabs.first?.planned.from != selectedPath {
                note(.selectionMoved, at: path)
            }
            made = .tabs(tabs: madeTabs, selected: index)
        case .presentation(let base, let presented):
            let madeBase = base.flatMap { record($0) }
            if base != nil, madeBase == nil { truncate(in: path, slot: "presented", above: nil) }
            made = .presentation(base: madeBase, presented: truncating(presented, in: path, slot: "presented", intact: madeBase != nil))
        }
        let content = made.map { $0.planned }.plannedContent
        let plannedContainer = PlannedContainer(path: path, content: content, compact: Restorer.compactArrangement(of: content, layout: layout))
        let nodes = Dictionary(made.nodes.map { ($0.planned.from, $0.node) }, uniquingKeysWith: { first, _ in first })
        let compact = plannedContainer.compact.map { arrangement in
            CompactNodes(stack: arrangement.stack.compactMap { nodes[$0] }, hidden: arrangement.hidden.compactMap { nodes[$0] })
        }
        return (plannedContainer, RebuiltContainer(path: path, content: made.map { $0.node }, compact: compact))
    }

    /// Makes the nodes of a truncating sequence (a presentation chain, a stack that truncates)
    /// bottom first, until one fails: every record above it is dropped `truncated`, not made.
    /// With `intact` false (the chain's base failed), none is made.
    mutating func truncating(_ records: [PlannedRecord], in path: RecordPath, slot: String, intact: Bool) -> [Made] {
        var made: [Made] = []
        var intact = intact
        for entry in records {
            if intact, let next = record(entry) {
                made.append(next)
            } else if intact {
                intact = false
                truncate(in: path, slot: slot, above: entry.from.steps.last?.position)
            } else {
                drop(entry, reason: .truncated)
            }
        }
        return made
    }

    /// Makes the node of one planned record after its container's; `nil` when it (or its
    /// container's assembly) fails, with the record dropped.
    mutating func record(_ planned: PlannedRecord) -> Made? {
        var rebuilt = planned
        let container = planned.container.map { nested in
            let result = self.container(nested)
            rebuilt.container = result.planned
            return result.rebuilt
        }
        do {
            return (rebuilt, try adapter.makeNode(for: rebuilt, container: container))
        } catch {
            drop(planned, reason: .rebuildFailed)
            failures.append(RebuildFailure(path: planned.from, record: planned.record, error: error))
            return nil
        }
    }

    /// Drops a planned record for `reason` and, by rule 3, every record below it as saved:
    /// whatever the plan or this rebuild had said about them gives way to `ancestor-dropped`.
    mutating func drop(_ planned: PlannedRecord, reason: DropReason) {
        changed = true
        let path = planned.from
        let isBelow = { (other: RecordPath) in other.steps.count > path.steps.count && Array(other.steps.prefix(path.steps.count)) == path.steps }
        dropped.removeAll { isBelow($0.path) }
        failures.removeAll { isBelow($0.path) }
        notes.removeAll { $0.path == path || isBelow($0.path) }
        var saved = planned.record
        if let original = planned.renamedFrom { saved.className = original }
        dropped.append(.init(record: saved, path: path, reason: reason))
        dropped += Restorer.descendants(of: saved, at: path).map { .init(record: $0.record, path: $0.path, reason: .ancestorDropped) }
    }

    /// Rule 12 after a failure: the records the plan had already left out above the failed one
    /// in a truncating sequence (every one of them when `index` is `nil`) are `truncated`, as
    /// the restorer would have said had it refused the failed record, and the records below
    /// them `ancestor-dropped`.
    mutating func truncate(in container: RecordPath, slot: String, above index: Int?) {
        let depth = container.steps.count
        for position in dropped.indices {
            let steps = dropped[position].path.steps
            guard steps.count > depth, Array(steps.prefix(depth)) == container.steps, steps[depth].slotName == slot,
                  let at = steps[depth].position, index.map({ at > $0 }) ?? true else { continue }
            dropped[position].reason = steps.count == depth + 1 ? .truncated : .ancestorDropped
        }
    }

    mutating func note(_ kind: RestorationPlan.Note.Kind, at path: RecordPath) {
        let note = RestorationPlan.Note(kind: kind, path: path)
        if !notes.contains(note) { notes.append(note) }
    }
}

/// Document order, for the entries a rebuild changes: the order the restorer lists them in.
enum DocumentOrder {
    /// The position of each slot in its kind's order (`left` before `right`...).
    static let slotRanks: [String: Int] = {
        let kinds: [any ContainerKind.Type] = [DrillDownContainer.self, StackContainer.self, SplitContainer.self,
                                               TabsContainer.self, PresentationContainer.self]
        var ranks: [String: Int] = [:]
        for kind in kinds {
            for (rank, slot) in kind.slots.enumerated() { ranks[slot.name] = rank }
        }
        return ranks
    }()

    /// Whether `lhs` comes before `rhs` in document order: a record before the records of its
    /// container, slots in their kind's order, each sequence bottom first.
    static func precedes(_ lhs: RecordPath, _ rhs: RecordPath) -> Bool {
        for (left, right) in zip(lhs.steps, rhs.steps) where left != right {
            let leftRank = slotRanks[left.slotName] ?? 0, rightRank = slotRanks[right.slotName] ?? 0
            if leftRank != rightRank { return leftRank < rightRank }
            return (left.position ?? 0) < (right.position ?? 0)
        }
        return lhs.steps.count < rhs.steps.count
    }

    /// The order of a container's notes: the order the kinds' rules note them in.
    static func kindOrder(_ kind: RestorationPlan.Note.Kind) -> Int {
        RestorationPlan.Note.Kind.allCases.firstIndex(of: kind) ?? 0
    }
}
