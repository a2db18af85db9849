import Restack

/// The result of restoring a session from a store: the snapshot that was used and its plan.
public struct StoreRestoration: Hashable, Sendable {
    /// The snapshot the plan was made from.
    public var snapshot: StoredSnapshot
    /// The plan: what to rebuild, and what was dropped and why.
    public var plan: RestorationPlan

    /// Creates a restoration. Values normally come from ``SnapshotStore/restore(session:canRebuild:)``.
    public init(snapshot: StoredSnapshot, plan: RestorationPlan) {
        self.snapshot = snapshot
        self.plan = plan
    }
}
