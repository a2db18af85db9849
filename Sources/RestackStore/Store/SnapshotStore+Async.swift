import Foundation
import GRDB
import Restack

/// The asynchronous forms: every store operation, awaited through GRDB's asynchronous
/// accessors, so that waiting for another process's lock or a disk sync never blocks the
/// calling actor. `try await store.save(...)` is safe from `@MainActor` code.
///
/// Restoring is split in two: ``beginRestore(session:)`` loads off the calling actor (with the
/// crash-loop guard's bookkeeping) and answers with a ``LoadedRestoration``, that the snapshot
/// expired, or ``RestoreAnswer/nothingSaved`` for a session that was never saved; its `plan(layout:resolver:)`
/// is a pure, synchronous call that may run on the main actor with a resolver that is not
/// `Sendable`, and `confirmRestore(_:)` takes the plan it returned.
extension SnapshotStore {
    // MARK: Access

    /// Reads in one deferred transaction, asynchronously; see ``read(_:)``.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await database.unsafeRead { db in try Self.inTransaction(db, begin: "BEGIN DEFERRED TRANSACTION", body) }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Writes in one `IMMEDIATE` transaction, asynchronously; see ``write(_:)``.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        if let writeRefusal { throw writeRefusal }
        do {
            return try await database.writeWithoutTransaction { db in try Self.inTransaction(db, begin: "BEGIN IMMEDIATE TRANSACTION", body) }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    // MARK: Saving

    /// Saves a tree, asynchronously; see `save(_:session:appVersion:savedAt:)`.
    @discardableResult
    public func save(_ tree: RestorationTree, session: String, appVersion: String? = nil, savedAt: Date? = nil) async throws(StoreError) -> SnapshotInfo {
        let savedAt = savedAt ?? options.clock.now()
        do {
            try options.limits.check(tree)
            let retention = options.retention
            return try await write { db in
                try Self.insert(db, tree, session: session, appVersion: appVersion, savedAt: savedAt, retention: retention)
            }
        } catch {
            logSaveFailure(error, session: session)
            throw error
        }
    }

    // MARK: Restoring

    /// Begins a restore at launch, asynchronously: the crash-loop guard's choice, counted (see
    /// ``beginRestore(session:layout:resolver:)``), loaded and not yet planned, or expired.
    ///
    /// - Returns: The loaded snapshot to plan, ``RestoreAnswer/expired(_:)`` when it expired
    ///   (``Options/expiry``), or ``RestoreAnswer/nothingSaved`` when the session was never saved:
    ///   not an error at launch (show the initial UI).
    /// - Throws: ``StoreError/noRestorableSnapshot(session:quarantined:)`` when every snapshot is
    ///   quarantined, and the store's other errors.
    public func beginRestore(session: String) async throws(StoreError) -> RestoreAnswer<LoadedRestoration> {
        let begunAt = StoreRestoration.uptime()
        let threshold = options.crashLoopThreshold
        let expiry = options.expiry, now = options.clock.now()
        // The usual case through the launch connection, as the synchronous form does.
        let usual = try await Self.offloaded { () throws(StoreError) in
            try self.beginUsual(session: session, threshold: threshold, expiry: expiry, now: now)
        }
        let result: Loaded?
        if let usual {
            result = usual
        } else {
            result = try await optionalSession { () async throws(StoreError) in
                try await write { db in try Self.beginLoad(db, session: session, threshold: threshold, expiry: expiry, now: now) }
            }
        }
        if let result, let expired = result.expired {
            await recordExpired(expired, skipped: result.skipped.count, at: now)
        }
        return try loaded(session: session, result, begunAt: begunAt)
    }

    /// Says what a restore would give, asynchronously, without counting an attempt;
    /// ``RestoreAnswer/nothingSaved`` when the session was never saved.
    public func restore(session: String) async throws(StoreError) -> RestoreAnswer<LoadedRestoration> {
        let threshold = options.crashLoopThreshold
        let expiry = options.expiry, now = options.clock.now()
        let launch = connections.launch
        if let found = try await Self.offloaded({ () throws(StoreError) in launch?.newest(session: session, threshold: threshold) }) {
            return try loaded(session: session, Self.peek(found, expiry: expiry, now: now), begunAt: nil)
        }
        return try loaded(session: session, try await optionalSession { () async throws(StoreError) in
            try await read { db in try Self.peekLoad(db, session: session, threshold: threshold, expiry: expiry, now: now) }
        }, begunAt: nil)
    }

    /// Runs `work` on a dispatch queue and awaits it: the launch connection's reads and writes
    /// (a sync, a wait for another process's lock) must not block Swift concurrency's threads,
    /// as GRDB's asynchronous accessors do not.
    private static func offloaded<T: Sendable>(_ work: @escaping @Sendable () throws(StoreError) -> T) async throws(StoreError) -> T {
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
                return try Self.recordInSavepoint(db, outcome, retention: retention, path: path)
            }
        } catch {
            try await write { db in try Self.confirm(db, snapshotID: id, now: outcome.recordedAt) }
            failure = error
        }
        finishOutcome(outcome, failure: failure)
    }

    /// Lifts a quarantine, asynchronously; see `liftQuarantine(snapshotID:)`.
    public func liftQuarantine(snapshotID: Int64) async throws(StoreError) {
        try await write { db in try Self.lift(db, snapshotID: snapshotID) }
    }

    /// `nil` for a session that does not exist, the result otherwise.
    private func optionalSession<T>(_ body: () async throws(StoreError) -> T) async throws(StoreError) -> T? {
        do {
            return try await body()
        } catch {
            if case .sessionNotFound = error { return nil }
            throw error
        }
    }

    private func loaded(session: String, _ result: Loaded?, begunAt: UInt64?) throws(StoreError) -> RestoreAnswer<LoadedRestoration> {
        guard let result else { return .nothingSaved }
        logQuarantines(result.quarantined, session: session)
        if let expired = result.expired {
            logExpired(expired)
            return .expired(expired)
        }
        guard let snapshot = result.snapshot else {
            throw .noRestorableSnapshot(session: session, quarantined: result.skipped)
        }
        return .restore(LoadedRestoration(snapshot: snapshot, skippedQuarantined: result.skipped, logger: options.logger, begunAt: begunAt))
    }

    // MARK: Reading and history

    /// Every session, asynchronously; see `sessions()`.
    public func sessions() async throws(StoreError) -> [SessionInfo] {
        try await read(Self.sessionList)
    }

    /// A session's snapshots, asynchronously; see `snapshots(session:)`.
    public func snapshots(session: String) async throws(StoreError) -> [SnapshotInfo] {
        try await read { db in try SnapshotQueries.history(db, sessionID: SnapshotQueries.requireSessionID(db, name: session)) }
    }

    /// The newest snapshot of a session, asynchronously; see `latestSnapshot(session:)`.
    public func latestSnapshot(session: String) async throws(StoreError) -> StoredSnapshot {
        try await read { db in try Self.latest(db, session: session) }
    }

    /// A snapshot by id, asynchronously; see `snapshot(id:session:)`.
    public func snapshot(id: Int64, session: String? = nil) async throws(StoreError) -> StoredSnapshot {
        try await read { db in try Self.snapshot(db, id: id, session: session) }
    }

    /// Deletes a session, asynchronously; see `deleteSession(_:)`.
    public func deleteSession(_ session: String) async throws(StoreError) {
        try await write { db in try Self.delete(db, session: session) }
    }

    /// Prunes a session's history, asynchronously; see `pruneHistory(session:keepingLast:)`.
    @discardableResult
    public func pruneHistory(session: String, keepingLast count: Int) async throws(StoreError) -> Int {
        precondition(count >= 1, "pruneHistory keeps at least one snapshot")
        return try await write { db in try Self.prune(db, session: session, keepingLast: count) }
    }
}
