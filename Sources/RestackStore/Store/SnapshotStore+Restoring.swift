import Foundation
import GRDB
import Logging
import Restack

extension SnapshotStore {
    /// Begins a restore at launch: chooses the newest snapshot the crash-loop guard allows,
    /// counts the attempt, and plans its restoration with `Restorer` for the layout the app is
    /// in now (``StoreRestoration/plan``), asking `resolver` about each restorable record.
    ///
    /// Call it once per session at launch, then `confirmRestore(_:)` with the restoration once
    /// the restored UI is up. Between the two, the restore is *pending*:
    ///
    /// - saves of the session are provisional (``SnapshotInfo/isProvisional``): the app may save
    ///   on every navigation change while it rebuilds, but a provisional snapshot is never
    ///   restored and does not count for retention until the confirmation makes it ordinary;
    /// - retention prunes no ordinary snapshot of the session, so the snapshots the guard may
    ///   fall back to stay.
    ///
    /// When a launch never confirms (the app crashed while restoring), the next call quarantines
    /// that launch's provisional snapshots and restores the same snapshot again; a snapshot whose
    /// restores began ``Options/crashLoopThreshold`` times without a confirmation is quarantined,
    /// and the guard falls back to the newest earlier ordinary snapshot that is not.
    /// ``StoreRestoration/skippedQuarantined`` lists what was passed over. Quarantined snapshots
    /// are kept, visible in `snapshots(session:)`, and never pruned.
    ///
    /// With an ``Options/expiry``, a chosen snapshot saved longer ago than the expiry (or dated
    /// further ahead, see ``Expiry``) is not restored: the answer is ``RestoreAnswer/expired(_:)``
    /// with the snapshot, which is kept; nothing is counted or pending, and the store records an
    /// expired outcome.
    ///
    /// A session that was never saved is ``RestoreAnswer/nothingSaved``: a first launch, not an
    /// error. The launch sequence, compiled and run: <doc:LaunchSequence>.
    ///
    /// - Throws: ``StoreError/noRestorableSnapshot(session:quarantined:)`` when every snapshot is
    ///   quarantined, and database errors.
    public func beginRestore(session: String, layout: Layout = .regular, resolver: RecordResolver = .acceptAll) throws(StoreError) -> RestoreAnswer<StoreRestoration> {
        let begunAt = StoreRestoration.uptime()
        let request = restoreRequest(session: session, counts: true)
        return try planned(answer(loadForRestore(request), request), layout: layout, resolver: resolver, begunAt: begunAt)
    }

    /// Confirms that a restore succeeded: the app's UI is up with `restoration`'s plan. Resets
    /// the snapshot's count of unconfirmed restores, ends the pending restore of its session,
    /// makes the saves made since ``beginRestore(session:layout:resolver:)`` ordinary snapshots,
    /// and records the restore's outcome (`restoreOutcomes(session:)`): the time, the app's
    /// version, the snapshot, the layout, whether the guard fell back, the records restored and
    /// the dropped ones by reason and class. The outcome also goes to the metrics backend the app
    /// bootstrapped, if any (<doc:LaunchSequence#Restore-outcomes>).
    ///
    /// Recording the outcome never fails the confirmation: when it cannot be written (a full
    /// disk), the confirmation is committed alone and the failure goes to ``Options/logger``.
    ///
    /// - Throws: ``StoreError/snapshotNotFound(_:session:)`` and database errors.
    public func confirmRestore(_ restoration: StoreRestoration) throws(StoreError) {
        let outcome = pendingOutcome(restoration)
        finishOutcome(outcome, failure: try recordConfirmation(of: restoration, outcome))
    }

    /// The confirmation's one body: the snapshot confirmed and `outcome` recorded in one
    /// transaction, or, when the outcome does not fit, the confirmation alone. Answers why the
    /// outcome was not recorded, if it was not. The steps around it (the outcome made, its metrics
    /// and log) run on the caller's task: a metrics backend bound to a task sees them.
    func recordConfirmation(of restoration: StoreRestoration, _ outcome: RestoreOutcome) throws(StoreError) -> StoreError? {
        let id = restoration.snapshot.info.id
        let retention = options.outcomeRetention, path = self.path, owner = options.ownerKey
        let failure: StoreError?
        do {
            failure = try write { db in
                try Self.confirm(db, snapshotID: id, owner: owner, now: outcome.recordedAt)
                return try OutcomeQueries.insertInSavepoint(db, outcome, owner: owner, retention: retention, path: path)
            }
        } catch {
            // The outcome may be what did not fit (a full disk rolls the whole transaction
            // back): the confirmation alone, whose own failure is the one thrown.
            try write { db in try Self.confirm(db, snapshotID: id, owner: owner, now: outcome.recordedAt) }
            failure = error
        }
        return failure
    }

    /// Lifts a snapshot's quarantine and resets its count of unconfirmed restores, so that it
    /// can be restored again.
    ///
    /// - Throws: ``StoreError/snapshotNotFound(_:session:)`` and database errors.
    public func liftQuarantine(snapshotID: Int64) throws(StoreError) {
        let owner = options.ownerKey
        try write { db in try Self.lift(db, snapshotID: snapshotID, owner: owner) }
    }

    /// Says what a restore of the session would give, without counting an attempt or writing
    /// anything: the snapshot ``beginRestore(session:layout:resolver:)`` would choose, and its
    /// plan, that it expired, or ``RestoreAnswer/nothingSaved`` for a session never saved.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - layout: The layout the app is in now; `Layout.regular` by default.
    ///   - resolver: Says what becomes of each restorable record; by default all are rebuilt.
    /// - Throws: ``StoreError/noRestorableSnapshot(session:quarantined:)`` and read errors.
    public func restore(session: String, layout: Layout = .regular, resolver: RecordResolver = .acceptAll) throws(StoreError) -> RestoreAnswer<StoreRestoration> {
        let request = restoreRequest(session: session, counts: false)
        return try planned(answer(loadForRestore(request), request), layout: layout, resolver: resolver, begunAt: nil)
    }

    // MARK: - The one core, shared by the synchronous and asynchronous forms

    /// What a restore of `session` asks now, by the store's options and clock.
    func restoreRequest(session: String, counts: Bool) -> RestoreRead.Request {
        RestoreRead.Request(owner: options.ownerKey, session: session, threshold: options.crashLoopThreshold, expiry: options.expiry,
                            now: options.clock.now(), counts: counts,
                            passesOverNewerThan: options.restoresNewerAppVersions ? nil : options.appVersion)
    }

    /// A restore's load, and the outcome written for a begun restore whose snapshot expired.
    struct LoadedForRestore: Sendable {
        var loaded: RestoreRead.Loaded
        /// The expired outcome recorded, and its failure if it could not be written.
        var expiredOutcome: (outcome: RestoreOutcome, failure: StoreError?)?
    }

    /// The synchronous core of every restore entry, the database side only (no log record, no
    /// metric: those are the caller's, ``answer(_:_:)``): the read on the connection
    /// chosen once, and, for a begun restore that found its snapshot expired, the expired
    /// outcome written. The asynchronous forms run it on a dispatch queue.
    func loadForRestore(_ request: RestoreRead.Request) throws(StoreError) -> LoadedForRestore {
        let loaded = try restoreRead(request)
        guard request.counts, let expired = loaded.expired else {
            return LoadedForRestore(loaded: loaded)
        }
        let outcome = RestoreOutcome(expired: expired, skippedQuarantined: loaded.skipped.count, appVersion: options.appVersion, at: request.now)
        let retention = options.outcomeRetention, owner = options.ownerKey
        var failure: StoreError?
        do {
            try write { db in try OutcomeQueries.insert(db, outcome, owner: owner, retention: retention) }
        } catch {
            failure = error
        }
        return LoadedForRestore(loaded: loaded, expiredOutcome: (outcome, failure))
    }

    /// ``RestoreRead`` on the connection chosen once: the lean launch connection when it can
    /// serve (open; for a begun restore, while GRDB's connection is not open, on a writable store
    /// whose file is still current), GRDB's connection otherwise. The same statements either way.
    ///
    /// - Throws: ``StoreError/locked(path:)`` when the launch connection did not get the lock
    ///   within the busy timeout (GRDB's would wait it out again). Any other failure of the launch
    ///   connection is left to GRDB's, which meets it again and says what it is.
    private func restoreRead(_ request: RestoreRead.Request) throws(StoreError) -> RestoreRead.Loaded {
        if let launch = connections.launch, !request.counts || (writeRefusal == nil && !connections.isWriterOpen) {
            do throws(StoreError) {
                let served = try whileOpen { () throws(StoreError) in
                    try withStoreErrors(path: path) { () throws -> RestoreRead.Loaded? in
                        if request.counts {
                            return try launch.write { db -> RestoreRead.Loaded? in
                                // Examined again in the transaction that writes: another process (a
                                // newer Restack) may have migrated the file since the store opened;
                                // GRDB's connection examines it as it opens, and refuses it.
                                guard StoreSchema.isCurrent(applied: try StoreSchema.appliedMigrations(db)) else { return nil }
                                return try RestoreRead.run(db, request)
                            }
                        }
                        return try launch.read { db in try RestoreRead.run(db, request) }
                    }
                }
                if let served { return served }
            } catch {
                switch error {
                case .locked, .unavailable, .closed:
                    throw error
                default:
                    break
                }
            }
        }
        if request.counts {
            return try write { db in try RestoreRead.run(db, request) }
        }
        return try read { db in try RestoreRead.run(db, request) }
    }

    /// The answer, on the caller's side of every restore entry, synchronous or asynchronous: the
    /// log records of the quarantines and of an expired snapshot, the expired outcome's metrics,
    /// and the error when every snapshot is quarantined. The plan's own records (a fallback, the
    /// records dropped) are logged by ``LoadedRestoration/plan(layout:resolver:)``.
    func answer(_ result: LoadedForRestore, _ request: RestoreRead.Request) throws(StoreError) -> Answered {
        let loaded = result.loaded
        if loaded.nothingSaved {
            return .nothingSaved
        }
        logQuarantines(loaded.quarantined, session: request.session)
        if let expired = loaded.expired {
            if let recorded = result.expiredOutcome {
                finishOutcome(recorded.outcome, failure: recorded.failure)
            }
            logExpired(expired)
            return .expired(expired)
        }
        guard let snapshot = loaded.snapshot else {
            throw .noRestorableSnapshot(session: request.session, quarantined: loaded.skipped)
        }
        return .restore(snapshot, skipped: loaded.skipped, newer: loaded.passedOverNewer)
    }

    /// A restore's answer before planning. Not a `RestoreAnswer<LoadedRestoration>`: the
    /// synchronous forms plan in the call and never make one (a generic instance costs a
    /// conformance lookup in a fresh process, <doc:Performance>).
    enum Answered {
        case restore(StoredSnapshot, skipped: [Int64], newer: [Int64])
        case expired(SnapshotInfo)
        case nothingSaved
    }

    /// The synchronous forms' answer: planned in the call by ``StoreRestoration/planned(_:skipped:layout:resolver:logger:begunAt:)``,
    /// as ``LoadedRestoration/plan(layout:resolver:)`` plans for the asynchronous forms.
    func planned(_ answered: Answered, layout: Layout, resolver: RecordResolver, begunAt: UInt64?) -> RestoreAnswer<StoreRestoration> {
        switch answered {
        case .restore(let snapshot, let skipped, let newer):
            .restore(StoreRestoration.planned(snapshot, skipped: skipped, layout: layout,
                                              resolver: options.applyingPolicies(to: resolver, for: snapshot), logger: options.logger, begunAt: begunAt,
                                              passedOverNewer: newer))
        case .expired(let info): .expired(info)
        case .nothingSaved: .nothingSaved
        }
    }

    /// The asynchronous forms' answer: the loaded snapshot, for the caller to plan.
    func loaded(_ answered: Answered, begunAt: UInt64?) -> RestoreAnswer<LoadedRestoration> {
        switch answered {
        case .restore(let snapshot, let skipped, let newer):
            var loaded = LoadedRestoration(snapshot: snapshot, skippedQuarantined: skipped, logger: options.logger, begunAt: begunAt,
                                           policies: options.policies, snapshotAge: options.snapshotAge(of: snapshot))
            loaded.passedOverNewer = newer
            return .restore(loaded)
        case .expired(let info): return .expired(info)
        case .nothingSaved: return .nothingSaved
        }
    }

    static func confirm(_ db: Database, snapshotID: Int64, owner: String, now: Date) throws {
        try GuardQueries.confirm(db, snapshotID: snapshotID, owner: owner, at: SnapshotQueries.milliseconds(now))
    }

    static func lift(_ db: Database, snapshotID: Int64, owner: String) throws {
        try GuardQueries.lift(db, snapshotID: snapshotID, owner: owner)
    }
}
