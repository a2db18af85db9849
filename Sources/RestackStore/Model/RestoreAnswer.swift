/// What a store's restore gives at launch: a restoration to rebuild, the snapshot it did not
/// restore because it expired (``SnapshotStore/Options/expiry``), or that the session was never
/// saved (a first launch).
///
/// Every restore entry answers with it, synchronous and asynchronous, so an app handles a first
/// launch as a value, not as an error. The launch sequence, compiled and run, is in
/// <doc:LaunchSequence>.
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
    /// The session was never saved (or was deleted): a first launch. Nothing is read, counted or
    /// recorded; the app shows its initial UI and saves as usual.
    case nothingSaved

    /// The restoration, or `nil` when the snapshot expired or nothing was saved.
    public var restoration: Restoration? {
        if case .restore(let restoration) = self { restoration } else { nil }
    }

    /// The expired snapshot, or `nil` when there is a restoration or nothing was saved.
    package var expiredSnapshot: SnapshotInfo? {
        if case .expired(let info) = self { info } else { nil }
    }
}
