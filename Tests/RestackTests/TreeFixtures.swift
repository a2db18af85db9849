import Foundation
import Restack

// Small builders for trees, so that a test reads like the state it describes.

/// A record with identifier `id`, class `<id>Controller`, holding `container` if given.
func node(_ id: String?, _ container: RestorationContainer? = nil) -> RestorationRecord {
    RestorationRecord(identifier: id, className: "\(id ?? "Anonymous")Controller", container: container)
}

func drillDown(_ left: [RestorationRecord], right: RestorationRecord? = nil) -> RestorationContainer {
    .drillDown(DrillDownContainer(left: left, right: right))
}

func stack(_ records: RestorationRecord...) -> RestorationContainer {
    .stack(StackContainer(records: records))
}

func split(
    _ primary: [RestorationRecord], _ detail: [RestorationRecord],
    focus: SplitSide = .primary, compact: SplitCompactPolicy = .merge
) -> RestorationContainer {
    .split(SplitContainer(primary: primary, detail: detail, focus: focus, compact: compact))
}

func tabs(_ tabs: [RestorationRecord], selected: Int?) -> RestorationContainer {
    .tabs(TabsContainer(tabs: tabs, selected: selected))
}

func tree(_ root: RestorationContainer, version: Int = 2) -> RestorationTree {
    RestorationTree(formatVersion: version, root: root)
}

/// A resolver that refuses the records whose identifier is in `refused`.
func refusing(_ refused: String...) -> RecordResolver {
    RecordResolver { (record: RestorationRecord) in !refused.contains(record.identifier ?? "") }
}

extension RestorationPlan {
    /// `path:reason` for each dropped record.
    var drops: [String] {
        dropped.map { "\($0.path):\($0.reason)" }
    }

    /// `kind@path` for each note.
    var noteList: [String] {
        notes.map { "\($0.kind.rawValue)@\($0.path)" }
    }

    /// The saved paths of every restored record, in document order.
    var restoredPaths: [String] {
        restoredRecords.map(\.from.description)
    }

    /// The planned container at `path` (the root for "").
    func container(at path: String) -> PlannedContainer? {
        if path.isEmpty { return root }
        return restoredRecords.first { $0.from.description == path }?.container
    }
}

extension PlannedContainer {
    /// The compact arrangement as strings: `stack` and `hidden`.
    var arrangement: (stack: [String], hidden: [String])? {
        compact.map { ($0.stack.map(\.description), $0.hidden.map(\.description)) }
    }

    /// The identifiers of a slot's restored records: `left`, `right`, `records`, `primary`,
    /// `detail` or `tabs`.
    func ids(_ slot: String) -> [String?] {
        content.children.filter { $0.step.slotName == slot }.map(\.element.record.identifier)
    }

    var focus: SplitSide? {
        if case .split(let split) = content { return split.focus }
        return nil
    }

    var selected: Int? {
        if case .tabs(let tabs) = content { return tabs.selected }
        return nil
    }
}

/// Rule 12, for the oracles: the paths of the presentation chains whose base is null. A chain
/// also breaks at its first record that is dropped; the records presented above are truncated.
func chainsWithoutBase(_ tree: RestorationTree) -> Set<RecordPath> {
    let containers = [(RecordPath.root, tree.root)] + tree.allRecords.compactMap { entry in entry.record.container.map { (entry.path, $0) } }
    return Set(containers.compactMap { path, container in
        if case .presentation(let chain) = container, chain.base == nil { path } else { nil }
    })
}

/// The sequences rule 12 cuts, for the oracles: the paths of the stacks that truncate, and
/// whether a record is in a cut sequence.
struct Truncation {
    let stacks: Set<RecordPath>

    init(_ tree: RestorationTree) {
        let containers = [(RecordPath.root, tree.root)] + tree.allRecords.compactMap { entry in entry.record.container.map { (entry.path, $0) } }
        stacks = Set(containers.compactMap { path, container in
            if case .stack(let stack) = container, stack.afterDrop == .truncate { path } else { nil }
        })
    }

    private func inTruncatingStack(_ path: RecordPath) -> Bool {
        path.steps.last?.slotName == "records" && stacks.contains(RecordPath(Array(path.steps.dropLast())))
    }

    /// Whether a record at `path`, dropped, cuts its sequence: a chain's base or presented record,
    /// or a truncating stack's record.
    func cuts(_ path: RecordPath) -> Bool {
        isInChain(path) || inTruncatingStack(path)
    }

    /// Whether a record at `path` is dropped `truncated` once its sequence is cut below it.
    func isCutAbove(_ path: RecordPath) -> Bool {
        path.steps.last?.slotName == "presented" || inTruncatingStack(path)
    }
}

/// Whether a record at `path` sits in a presentation chain's `base` or `presented` slot.
func isInChain(_ path: RecordPath) -> Bool {
    ["base", "presented"].contains(path.steps.last?.slotName ?? "")
}

func presentation(_ base: RestorationRecord?, _ presented: RestorationRecord...) -> RestorationContainer {
    .presentation(PresentationContainer(base: base, presented: presented))
}
