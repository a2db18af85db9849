import Foundation
import GRDB
import Restack

/// The asynchronous doors: each is its synchronous operation run on a dispatch queue and awaited
/// (one body per operation, two doors), for the operations an app calls from async code, so
/// that waiting for another process's lock or a disk sync never blocks the calling actor. `try await store.save(...)` is safe from `@MainActor` code.
///
/// Restoring is split in two: ``beginRestore(session:)`` loads off the calling actor (with the
/// crash-loop guard's bookkeeping) and answers with a ``LoadedRestoration``, that the snapshot
/// expired, or ``RestoreAnswer/nothingSaved`` for a session that was never saved; its `plan(layout:resolver:)`
/// is a pure, synchronous call that may run on the main actor with a resolver that is not
/// `Sendable`, and `confirmRestore(_:)` takes the plan it returned.
extension SnapshotStore {
    // MARK: Saving

    /// Saves a tree, asynchronously, with the store's ``Options/appVersion``: the synchronous
    /// `save(_:session:savedAt:)` on a dispatch queue, so the same save, errors and log records.
    @discardableResult
    public func save(_ tree: RestorationTree, session: String, savedAt: Date? = nil) async throws(StoreError) -> SnapshotInfo {
        try await Self.offloaded { () throws(StoreError) in try self.save(tree, session: session, savedAt: savedAt) }
    }

    // MARK: Restoring

    /// Begins a restore at launch, asynchronously: the crash-loop guard's choice, counted (see
    /// ``beginRestore(session:layout:resolver:)``), loaded and not yet planned, or expired.
    ///
    /// The synchronous form's core runs on a dispatch queue, off the calling actor; the answer
    /// is made on the caller's, and planning is the caller's
    /// (``LoadedRestoration/plan(layout:resolver:)``): the two forms give the same answers,
    /// errors, log records and metrics.
    ///
    /// - Returns: The loaded snapshot to plan, ``RestoreAnswer/expired(_:)`` when it expired
    ///   (``Options/expiry``), or ``RestoreAnswer/nothingSaved`` when the session was never saved:
    ///   not an error at launch (show the initial UI).
    /// - Throws: ``StoreError/noRestorableSnapshot(session:quarantined:)`` when every snapshot is
    ///   quarantined, and the store's other errors.
    public func beginRestore(session: String) async throws(StoreError) -> RestoreAnswer<LoadedRestoration> {
        let begunAt = StoreRestoration.uptime()
        let request = restoreRequest(session: session, counts: true)
        let loaded = try await Self.offloaded { () throws(StoreError) in try self.loadForRestore(request) }
        return try self.loaded(answer(loaded, request), begunAt: begunAt)
    }

    /// Says what a restore would give, asynchronously, without counting an attempt;
    /// ``RestoreAnswer/nothingSaved`` when the session was never saved. See
    /// ``restore(session:layout:resolver:)``.
    public func restore(session: String) async throws(StoreError) -> RestoreAnswer<LoadedRestoration> {
        let request = restoreRequest(session: session, counts: false)
        let loaded = try await Self.offloaded { () throws(StoreError) in try self.loadForRestore(request) }
        return try self.loaded(answer(loaded, request), begunAt: nil)
    }

    /// Runs `work` on a dispatch queue and awaits it: the store's reads and writes (a sync, a
    /// wait for another process's lock or for a closing), on the launch connection or GRDB's,
    /// must not block Swift concurrency's threads.
    static func offloaded<T: Sendable>(_ work: @escaping @Sendable () throws(StoreError) -> T) async throws(StoreError) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, StoreError>, Never>) in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Result { () throws(StoreError) in try work() })
            }
        }
        return try result.get()
    }

    /// Confirms a restore and records its outcome, asynchronously: the synchronous form's
    /// confirmation on a dispatch queue, its outcome and metrics on the caller's task, as the
    /// synchronous form does.
    public func confirmRestore(_ restoration: StoreRestoration) async throws(StoreError) {
        let outcome = pendingOutcome(restoration)
        finishOutcome(outcome, failure: try await Self.offloaded { () throws(StoreError) in try self.recordConfirmation(of: restoration, outcome) })
    }

    /// Closes the store, asynchronously; see ``close()-6sv8j``.
    ///
    /// The same close, on a dispatch queue: its checkpoint writes and syncs the file, and may
    /// wait for another process's lock (up to the busy timeout) and for the operations in flight
    /// to finish; an app closing its store from the main actor (as a scene goes away) must not
    /// block it for that long.
    public func close() async throws(StoreError) {
        try await Self.offloaded { () throws(StoreError) in try self.close() }
    }

    /// Deletes a session, asynchronously: the synchronous `deleteSession(_:)` on a dispatch
    /// queue.
    public func deleteSession(_ session: String) async throws(StoreError) {
        try await Self.offloaded { () throws(StoreError) in try self.deleteSession(session) }
    }

    /// Deletes everything of the store's owner (a logout), asynchronously: the synchronous
    /// `deleteOwner()` on a dispatch queue.
    public func deleteOwner() async throws(StoreError) {
        try await Self.offloaded { () throws(StoreError) in try self.deleteOwner() }
    }
}
