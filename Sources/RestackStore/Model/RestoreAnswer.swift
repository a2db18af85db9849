/// What a store's restore gives: a restoration to rebuild, or the snapshot it did not restore
/// because it expired (``SnapshotStore/Options/expiry``).
///
/// ```swift
/// switch try store.beginRestore(session: sceneID, layout: .compact, resolver: resolver) {
/// case .restore(let restoration):
///     rebuild(restoration.plan)
///     try store.confirmRestore(restoration)
/// case .expired:
///     showInitialUI()                 // the snapshot is kept, and inspectable
/// }
/// ```
///
/// The synchronous restores answer with a ``StoreRestoration`` (planned), the asynchronous
/// `beginRestore(session:)` with a ``LoadedRestoration`` (to plan on the main actor).
public enum RestoreAnswer<Restoration: Hashable & Sendable>: Hashable, Sendable {
    /// The crash-loop guard's choice, to restore.
    case restore(Restoration)
    /// The snapshot the guard chose was saved longer ago than the store's expiry (or dated
    /// further in the future): nothing is restored, and the snapshot is kept. Its restore was not
    /// counted and is not pending: the app starts afresh and saves as usual.
    case expired(SnapshotInfo)

    /// The restoration, or `nil` when the snapshot expired.
    public var restoration: Restoration? {
        if case .restore(let restoration) = self { restoration } else { nil }
    }

    /// The expired snapshot, or `nil` when there is a restoration.
    public var expiredSnapshot: SnapshotInfo? {
        if case .expired(let info) = self { info } else { nil }
    }
}
