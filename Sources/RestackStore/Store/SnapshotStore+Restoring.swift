import Restack

extension SnapshotStore {
    /// Loads the newest snapshot of a session and plans its restoration with ``Restorer``.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - canRebuild: Returns `true` when the app can rebuild a restorable record.
    /// - Returns: The snapshot and its plan.
    /// - Throws: ``StoreError/sessionNotFound(_:)`` and read errors.
    public func restore(
        session: String,
        canRebuild: (RestorationRecord) -> Bool
    ) throws(StoreError) -> StoreRestoration {
        let snapshot = try latestSnapshot(session: session)
        return StoreRestoration(snapshot: snapshot, plan: Restorer.plan(for: snapshot.state, canRebuild: canRebuild))
    }

    /// Loads the newest snapshot of a session and plans its restoration with a resolver.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - resolver: Decides which restorable records the app can rebuild; by default all.
    /// - Returns: The snapshot and its plan.
    public func restore(session: String, resolver: RecordResolver = .acceptAll) throws(StoreError) -> StoreRestoration {
        try restore(session: session, canRebuild: resolver.canRebuild)
    }
}
