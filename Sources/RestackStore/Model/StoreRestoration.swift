import Restack

/// The result of restoring a session from a store: the snapshot that was used, its plan, and
/// the newer snapshots the crash-loop guard passed over.
public struct StoreRestoration: Hashable, Sendable {
    /// The snapshot the plan was made from.
    public var snapshot: StoredSnapshot
    /// The plan: what to rebuild, and what was dropped and why.
    public var plan: RestorationPlan
    /// The ids of newer snapshots of the session that were passed over because they are
    /// quarantined (or, with ``SnapshotStore/beginRestore(session:canRebuild:)``, were
    /// quarantined just now), newest first. Empty when the newest snapshot was used.
    public var skippedQuarantined: [Int64]

    /// Whether the restore fell back to an older snapshot because newer ones are quarantined.
    public var fellBack: Bool {
        !skippedQuarantined.isEmpty
    }

    /// Creates a restoration. Values normally come from a ``SnapshotStore``.
    public init(snapshot: StoredSnapshot, plan: RestorationPlan, skippedQuarantined: [Int64] = []) {
        self.snapshot = snapshot
        self.plan = plan
        self.skippedQuarantined = skippedQuarantined
    }
}
