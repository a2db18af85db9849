import Restack

/// A snapshot read back from the store: its information and the state exactly as saved.
public struct StoredSnapshot: Hashable, Sendable {
    /// The snapshot's information.
    public var info: SnapshotInfo
    /// The state as it was saved, valid records or not.
    public var state: DrillDownState

    /// Creates a stored snapshot. Values normally come from a ``SnapshotStore``.
    public init(info: SnapshotInfo, state: DrillDownState) {
        self.info = info
        self.state = state
    }
}
