import Restack

/// A snapshot read back from the store: its information and what was saved, exactly.
///
/// A snapshot holds what the app saved: a format-1 `DrillDownState` (``state``) or a format-2
/// `RestorationTree`, as a state file would (`StateFile.Document`). ``tree`` views either as a
/// tree.
public struct StoredSnapshot: Hashable, Sendable {
    /// The snapshot's information.
    public var info: SnapshotInfo
    /// What was saved, valid records or not: a drill-down state or a tree.
    public var document: StateFile.Document

    /// Creates a stored snapshot. Values normally come from a ``SnapshotStore``.
    public init(info: SnapshotInfo, document: StateFile.Document) {
        self.info = info
        self.document = document
    }

    /// Creates a stored snapshot of a format-1 state.
    public init(info: SnapshotInfo, state: DrillDownState) {
        self.init(info: info, document: .drillDown(state))
    }

    /// The state, for a snapshot saved as a format-1 `DrillDownState`; `nil` for a tree.
    public var state: DrillDownState? {
        if case .drillDown(let state) = document { state } else { nil }
    }

    /// The snapshot as a tree: a format-1 state is a tree with a drill-down root.
    public var tree: RestorationTree {
        document.tree
    }
}
