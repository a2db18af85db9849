import Foundation
import GRDB
import Restack

/// The asynchronous forms: every store operation, its synchronous core run on a dispatch queue
/// and awaited, so that waiting for another process's lock or a disk sync never blocks the
/// calling actor. `try await store.save(...)` is safe from `@MainActor` code.
///
/// Restoring is split in two: ``beginRestore(session:)`` loads off the calling actor (with the
/// crash-loop guard's bookkeeping) and answers with a ``LoadedRestoration``, that the snapshot
/// expired, or ``RestoreAnswer/nothingSaved`` for a session that was never saved; its `plan(layout:resolver:)`
/// is a pure, synchronous call that may run on the main actor with a resolver that is not
/// `Sendable`, and `confirmRestore(_:)` takes the plan it returned.
extension SnapshotStore {
    // MARK: Access

    /// Reads in one deferred transaction, asynchronously: the synchronous ``read(_:)`` on a
    /// dispatch queue. Not GRDB's asynchronous accessors: a use of the store's connections
    /// (``whileOpen(_:)``) may wait for a closing, and must not wait on a thread of Swift
    /// concurrency's pool, which the uses it waits for may need to finish.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        try await Self.offloaded { () throws(StoreError) in try self.read(body) }
    }

    /// Writes in one `IMMEDIATE` transaction, asynchronously: the synchronous ``write(_:)`` on a
    /// dispatch queue (see ``read(_:)``).
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        try await Self.offloaded { () throws(StoreError) in try self.write(body) }
    }

    // MARK: Saving

    /// Saves a tree, asynchronously, with the store's ``Options/appVersion``; see
    /// `save(_:session:savedAt:)`.
    @discardableResult
    public func save(_ tree: RestorationTree, session: String, savedAt: Date? = nil) async throws(StoreError) -> SnapshotInfo {
        let savedAt = savedAt ?? options.clock.now()
        let appVersion = options.appVersion
        do {
            let tree = try options.savable(tree)
            let retention = options.retention, written = writtenTrees
            let saved = try await write { db in
                try Self.insert(db, tree, session: session, appVersion: appVersion, savedAt: savedAt, retention: retention, written: written)
            }
            written.record(saved.tree, of: saved.sessionID)
            return saved.info
        } catch {
            logSaveFailure(error, session: session)
            throw error
        }
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


    /// Confirms a restore and records its outcome, asynchronously; see `confirmRestore(_:)`.
    public func confirmRestore(_ restoration: StoreRestoration) async throws(StoreError) {
        let outcome = pendingOutcome(restoration)
        let id = restoration.snapshot.info.id
        let retention = options.outcomeRetention, path = self.path
        let failure: StoreError?
        do {
            failure = try await write { db in
                try Self.confirm(db, snapshotID: id, now: outcome.recordedAt)
                return try OutcomeQueries.insertInSavepoint(db, outcome, retention: retention, path: path)
            }
        } catch {
            try await write { db in try Self.confirm(db, snapshotID: id, now: outcome.recordedAt) }
            failure = error
        }
        finishOutcome(outcome, failure: failure)
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

    /// Lifts a quarantine, asynchronously; see `liftQuarantine(snapshotID:)`.
    package func liftQuarantine(snapshotID: Int64) async throws(StoreError) {
        try await write { db in try Self.lift(db, snapshotID: snapshotID) }
    }

    // MARK: Reading and history

    /// Every session, asynchronously; see `sessions()`.
    package func sessions() async throws(StoreError) -> [SessionInfo] {
        try await read(Self.sessionList)
    }

    /// A session's snapshots, asynchronously; see `snapshots(session:)`.
    package func snapshots(session: String) async throws(StoreError) -> [SnapshotInfo] {
        try await read { db in try SnapshotQueries.history(db, sessionID: SessionQueries.requireID(db, name: session)) }
    }

    /// The newest snapshot of a session, asynchronously; see `latestSnapshot(session:)`.
    package func latestSnapshot(session: String) async throws(StoreError) -> StoredSnapshot {
        try await read { db in try Self.latest(db, session: session) }
    }

    /// A snapshot by id, asynchronously; see `snapshot(id:session:)`.
    package func snapshot(id: Int64, session: String? = nil) async throws(StoreError) -> StoredSnapshot {
        try await read { db in try Self.snapshot(db, id: id, session: session) }
    }

    /// Deletes a session, asynchronously; see `deleteSession(_:)`.
    public func deleteSession(_ session: String) async throws(StoreError) {
        try await write { db in try Self.delete(db, session: session) }
    }

    /// Prunes a session's history, asynchronously; see `pruneHistory(session:keepingLast:)`.
    @discardableResult
    package func pruneHistory(session: String, keepingLast count: Int) async throws(StoreError) -> Int {
        precondition(count >= 1, "pruneHistory keeps at least one snapshot")
        return try await write { db in try Self.prune(db, session: session, keepingLast: count) }
    }
}
