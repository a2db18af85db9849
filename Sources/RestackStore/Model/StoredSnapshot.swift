import Restack

/// A snapshot read back from the store: its information and what was saved, exactly.
///
/// The tree keeps the form it was saved in (`RestorationTree.form`): a format-1 drill-down is
/// exported as a format-1 state file.
public struct StoredSnapshot: Hashable, Sendable {
    /// The snapshot's information.
    public var info: SnapshotInfo
    /// What was saved, valid records or not.
    public var tree: RestorationTree

    /// Creates a stored snapshot. Values normally come from a ``SnapshotStore``.
    package init(info: SnapshotInfo, tree: RestorationTree) {
        self.info = info
        self.tree = tree
    }
}
