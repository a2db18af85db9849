import Restack

/// The result of restoring a session from a store: the snapshot that was used, its plan for the
/// layout asked, and the newer snapshots the crash-loop guard passed over.
public struct StoreRestoration: Hashable, Sendable {
    /// The snapshot the plan was made from.
    public var snapshot: StoredSnapshot
    /// The plan for the layout asked: the tree to rebuild, what was dropped and why, notes.
    /// Every snapshot has one; a format-1 state is planned as a tree with a drill-down root.
    public var treePlan: RestorationTreePlan
    /// The format-1 view of ``treePlan``: the left stack and right record of a drill-down root.
    /// Empty for a tree whose root is another kind of container: use ``treePlan`` there.
    public var plan: RestorationPlan
    /// The ids of newer snapshots of the session that were passed over because they are
    /// quarantined (or, with ``SnapshotStore/beginRestore(session:layout:canRebuild:)``, were
    /// quarantined just now), newest first. Empty when the newest snapshot was used.
    public var skippedQuarantined: [Int64]

    /// Whether the restore fell back to an older snapshot because newer ones are quarantined.
    public var fellBack: Bool {
        !skippedQuarantined.isEmpty
    }

    /// Creates a restoration from a tree plan. Values normally come from a ``SnapshotStore``.
    public init(snapshot: StoredSnapshot, treePlan: RestorationTreePlan, skippedQuarantined: [Int64] = []) {
        self.snapshot = snapshot
        self.treePlan = treePlan
        self.plan = RestorationPlan(drillDownOf: treePlan)
        self.skippedQuarantined = skippedQuarantined
    }

    /// Plans `snapshot` for `layout`, asking `resolve` what becomes of each restorable record
    /// (rebuilt, class gone, stale payload, renamed), once.
    public init(
        snapshot: StoredSnapshot,
        layout: Layout = .regular,
        skippedQuarantined: [Int64] = [],
        resolve: (RestorationRecord, _ identifierPath: [String]) -> ResolverOutcome
    ) {
        self.init(snapshot: snapshot, treePlan: Restorer.plan(for: snapshot.document, layout: layout, resolve: resolve),
                  skippedQuarantined: skippedQuarantined)
    }

    /// Plans `snapshot` for `layout`, asking `canRebuild` about each restorable record once.
    @_disfavoredOverload
    public init(
        snapshot: StoredSnapshot,
        layout: Layout = .regular,
        skippedQuarantined: [Int64] = [],
        canRebuild: (RestorationRecord, _ identifierPath: [String]) -> Bool
    ) {
        self.init(snapshot: snapshot, layout: layout, skippedQuarantined: skippedQuarantined) { ResolverOutcome(canRebuild: canRebuild($0, $1)) }
    }
}
