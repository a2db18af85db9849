import Foundation
import GRDB
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
    /// ```swift
    /// switch try store.beginRestore(session: id, layout: .compact, resolver: RecordResolver { factory.canMake($0.className) }) {
    /// case .restore(let restoration):
    ///     rebuild(restoration.plan)            // may save: those saves are provisional
    ///     try store.confirmRestore(restoration)
    /// case .expired, .nothingSaved:
    ///     showInitialUI()
    /// }
    /// ```
    ///
    /// A session that was never saved is ``RestoreAnswer/nothingSaved``: a first launch, not an
    /// error.
    ///
    /// - Throws: ``StoreError/noRestorableSnapshot(session:quarantined:)`` when every snapshot is
    ///   quarantined, and database errors.
    public func beginRestore(session: String, layout: Layout = .regular, resolver: RecordResolver = .acceptAll) throws(StoreError) -> RestoreAnswer<StoreRestoration> {
        let begunAt = StoreRestoration.uptime()
        let threshold = options.crashLoopThreshold
        let expiry = options.expiry, now = options.clock.now()
        let loaded: Loaded
        if let usual = try beginUsual(session: session, threshold: threshold, expiry: expiry, now: now) {
            loaded = usual
        } else {
            guard let general = try Self.unlessNeverSaved({ () throws(StoreError) in
                try write { db in try Self.beginLoad(db, session: session, threshold: threshold, expiry: expiry, now: now) }
            }) else { return .nothingSaved }
            loaded = general
        }
        if let expired = loaded.expired {
            recordExpired(expired, skipped: loaded.skipped.count, at: now)
        }
        return try answer(loaded, session: session, layout: layout, resolver: resolver, begunAt: begunAt)
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
        let id = restoration.snapshot.info.id
        let retention = options.outcomeRetention, path = self.path
        let failure: StoreError?
        do {
            failure = try write { db in
                try Self.confirm(db, snapshotID: id, now: outcome.recordedAt)
                return try Self.recordInSavepoint(db, outcome, retention: retention, path: path)
            }
        } catch {
            // The outcome may be what did not fit (a full disk rolls the whole transaction
            // back): the confirmation alone, whose own failure is the one thrown.
            try write { db in try Self.confirm(db, snapshotID: id, now: outcome.recordedAt) }
            failure = error
        }
        finishOutcome(outcome, failure: failure)
    }

    /// Lifts a snapshot's quarantine and resets its count of unconfirmed restores, so that it
    /// can be restored again.
    ///
    /// - Throws: ``StoreError/snapshotNotFound(_:session:)`` and database errors.
    public func liftQuarantine(snapshotID: Int64) throws(StoreError) {
        try write { db in try Self.lift(db, snapshotID: snapshotID) }
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
        let threshold = options.crashLoopThreshold
        let expiry = options.expiry, now = options.clock.now()
        let loaded: Loaded
        // The usual case through the lean launch connection, which never opens GRDB's; the
        // general path (GRDB's connection, opened if it was not) answers the rest, and says
        // what failed when the lean connection failed.
        if let launch = connections.launch?.newest(session: session, threshold: threshold) {
            loaded = Self.peek(launch, expiry: expiry, now: now)
        } else {
            guard let general = try Self.unlessNeverSaved({ () throws(StoreError) in
                try read { db in try Self.peekLoad(db, session: session, threshold: threshold, expiry: expiry, now: now) }
            }) else { return .nothingSaved }
            loaded = general
        }
        return try answer(loaded, session: session, layout: layout, resolver: resolver, begunAt: nil)
    }

    /// `nil` for a session that was never saved (``RestoreAnswer/nothingSaved``), the result otherwise.
    static func unlessNeverSaved<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T? {
        do {
            return try body()
        } catch {
            if case .sessionNotFound = error { return nil }
            throw error
        }
    }

    /// The plan of the guard's chosen snapshot, the expired snapshot, or the error when every
    /// snapshot is quarantined.
    private func answer(
        _ loaded: Loaded,
        session: String,
        layout: Layout,
        resolver: RecordResolver,
        begunAt: UInt64?
    ) throws(StoreError) -> RestoreAnswer<StoreRestoration> {
        logQuarantines(loaded.quarantined, session: session)
        if let expired = loaded.expired {
            logExpired(expired)
            return .expired(expired)
        }
        guard let snapshot = loaded.snapshot else {
            throw .noRestorableSnapshot(session: session, quarantined: loaded.skipped)
        }
        var restoration = StoreRestoration(snapshot: snapshot, layout: layout, skippedQuarantined: loaded.skipped, resolver: resolver)
        restoration.begunAt = begunAt
        logRestoration(restoration, session: session)
        return .restore(restoration)
    }

    // MARK: - The database side, shared by the synchronous and asynchronous forms

    /// The guard's choice for a session, counted: earlier unconfirmed launches' saves and
    /// snapshots over the threshold quarantined, the chosen one's restores counted and its
    /// restore pending, and its records loaded.
    ///
    /// With an expiry (and the time now), a chosen snapshot that has expired is neither counted
    /// nor made pending: the answer names it in ``Loaded/expired``.
    static func beginLoad(_ db: Database, session: String, threshold: Int, expiry: Expiry?, now date: Date) throws -> Loaded {
        // The usual case in one statement (`LaunchRead`); the general path below otherwise.
        if let usual = try beginUsual(db, session: session, threshold: threshold, expiry: expiry, now: date) {
            return usual
        }
        let sessionID = try SnapshotQueries.requireSessionID(db, name: session)
        let now = SnapshotQueries.milliseconds(date)
        try quarantineUnconfirmedSaves(db, sessionID: sessionID, now: now)
        var quarantined: [Int64] = []
        var skipped: [Int64] = []
        while true {
            let choice = try SnapshotQueries.guardChoice(db, sessionID: sessionID, threshold: threshold)
            for id in choice.toQuarantine {
                try db.execute(sql: "UPDATE restack_snapshot SET quarantined_at = ? WHERE id = ?", arguments: [now, id])
            }
            quarantined += choice.toQuarantine
            skipped += choice.skipped.filter { !skipped.contains($0) }
            guard var info = choice.chosen else {
                // The quarantines above are kept: they are what the guard learned.
                try db.execute(sql: "UPDATE restack_session SET restoring_snapshot_id = NULL WHERE id = ?", arguments: [sessionID])
                return Loaded(snapshot: nil, skipped: skipped, quarantined: quarantined)
            }
            if let expiry, expiry.hasExpired(savedAt: info.savedAt, now: date) {
                // The guard's choice decides: an older snapshot is not restored in its place.
                // The quarantines are kept; nothing is pending.
                try db.execute(sql: "UPDATE restack_session SET restoring_snapshot_id = NULL WHERE id = ?", arguments: [sessionID])
                // The guard's candidates are read without their session and record count.
                let full = try SnapshotQueries.info(db, snapshotID: info.id, sessionID: sessionID) ?? info
                return Loaded(snapshot: nil, skipped: skipped, quarantined: quarantined, expired: full)
            }
            let stored: StoredSnapshot
            do {
                stored = try SnapshotQueries.load(db, info, session: session)
            } catch is DamagedValue {
                // A snapshot that cannot be read would fail every launch: it is quarantined (kept
                // for `check` and inspection) and the guard chooses again.
                try db.execute(sql: "UPDATE restack_snapshot SET quarantined_at = ? WHERE id = ?", arguments: [now, info.id])
                quarantined.append(info.id)
                skipped.append(info.id)
                continue
            }
            try markPending(db, snapshotID: info.id, sessionID: sessionID)
            info.unconfirmedRestores += 1
            var snapshot = stored
            snapshot.info.unconfirmedRestores = info.unconfirmedRestores
            return Loaded(snapshot: snapshot, skipped: skipped, quarantined: quarantined)
        }
    }

    /// A begun restore in the usual case, through the store's launch connection while GRDB's
    /// connection is not open (``LaunchConnection``: a launch then never opens it before its
    /// first screen); `nil` when the general path must answer, through GRDB's connection.
    ///
    /// - Throws: ``StoreError/locked(path:)`` when the write lock was not had within the busy
    ///   timeout (the general path would wait it out again). Any other failure of the launch
    ///   connection is left to the general path, which meets it again and says what it is.
    func beginUsual(session: String, threshold: Int, expiry: Expiry?, now: Date) throws(StoreError) -> Loaded? {
        guard writeRefusal == nil, let launch = connections.launch, !connections.isWriterOpen else {
            return nil
        }
        do {
            return try launch.write { db -> Loaded? in
                // Examined again in the transaction that writes: the launch connection examined
                // the file when the store opened, and another process (a newer Restack) may have
                // migrated it since. GRDB's connection examines it as it opens, and refuses it.
                // About 27k instructions on a launch's 3.2M (callgrind, `probe --begin`).
                guard StoreSchema.isCurrent(applied: try StoreSchema.appliedMigrations(db)) else { return nil }
                return try Self.beginUsual(db, session: session, threshold: threshold, expiry: expiry, now: now)
            }
        } catch {
            if case .locked = StoreError(error, path: path) { throw .locked(path: path) }
            return nil
        }
    }

    /// The usual case of ``beginLoad(_:session:threshold:expiry:now:)``: the launch read finds the
    /// session's newest ordinary snapshot and the guard takes it. The earlier launches' unconfirmed
    /// saves are quarantined, and the snapshot is counted and made pending, or found expired; in
    /// the caller's transaction, on GRDB's connection or the launch connection. `nil`, having
    /// written nothing, when the general path must answer.
    static func beginUsual(_ db: some StatementRunner, session: String, threshold: Int, expiry: Expiry?, now date: Date) throws -> Loaded? {
        guard let launch = try LaunchRead.newest(db, session: session, threshold: threshold) else {
            return nil
        }
        let sessionID = launch.sessionID
        var snapshot = launch.snapshot
        try quarantineUnconfirmedSaves(db, sessionID: sessionID, now: SnapshotQueries.milliseconds(date))
        if let expiry, expiry.hasExpired(savedAt: snapshot.info.savedAt, now: date) {
            try db.execute("UPDATE restack_session SET restoring_snapshot_id = NULL WHERE id = ?", binding: [sessionID.databaseValue])
            return Loaded(snapshot: nil, skipped: [], quarantined: [], expired: snapshot.info)
        }
        try markPending(db, snapshotID: snapshot.info.id, sessionID: sessionID)
        snapshot.info.unconfirmedRestores += 1
        return Loaded(snapshot: snapshot, skipped: [], quarantined: [])
    }

    /// Saves of an earlier launch whose restore was never confirmed: it crashed (or was killed)
    /// before its UI came up. Kept for inspection, never restored; they stay marked provisional,
    /// so that they are never candidates (restoring the same snapshot again is not a fallback).
    private static func quarantineUnconfirmedSaves(_ db: some StatementRunner, sessionID: Int64, now: Int64) throws {
        try db.execute("""
            UPDATE restack_snapshot SET quarantined_at = ?
            WHERE session_id = ? AND provisional_for IS NOT NULL AND quarantined_at IS NULL
            """, binding: [now.databaseValue, sessionID.databaseValue])
    }

    /// Counts a restore of the chosen snapshot and makes it its session's pending restore, in
    /// the caller's transaction (statements prepared once: this is the launch path).
    private static func markPending(_ db: some StatementRunner, snapshotID: Int64, sessionID: Int64) throws {
        try db.execute("UPDATE restack_session SET restoring_snapshot_id = ? WHERE id = ?",
                       binding: [snapshotID.databaseValue, sessionID.databaseValue])
        try db.execute("UPDATE restack_snapshot SET unconfirmed_restores = unconfirmed_restores + 1 WHERE id = ?",
                       binding: [snapshotID.databaseValue])
    }

    /// The guard's choice for a session and its records, without counting anything.
    static func peekLoad(_ db: Database, session: String, threshold: Int, expiry: Expiry?, now date: Date) throws -> Loaded {
        func expired(_ info: SnapshotInfo) -> Bool {
            expiry?.hasExpired(savedAt: info.savedAt, now: date) ?? false
        }
        if let launch = try LaunchRead.newest(db, session: session, threshold: threshold) {
            return peek(launch, expiry: expiry, now: date)
        }
        let choice = try SnapshotQueries.guardChoice(db, session: session, threshold: threshold)
        if let chosen = choice.chosen, expired(chosen) {
            // The guard's candidates are read without their session and record count.
            let full = try SnapshotQueries.info(db, snapshotID: chosen.id, sessionID: nil) ?? chosen
            return Loaded(snapshot: nil, skipped: choice.skipped, quarantined: [], expired: full)
        }
        return Loaded(snapshot: try choice.chosen.map { try SnapshotQueries.load(db, $0, session: session) }, skipped: choice.skipped, quarantined: [])
    }

    /// What the launch read's snapshot gives a restore that counts nothing: the snapshot, or
    /// that it expired.
    static func peek(_ launch: LaunchRead.Found, expiry: Expiry?, now: Date) -> Loaded {
        if let expiry, expiry.hasExpired(savedAt: launch.snapshot.info.savedAt, now: now) {
            return Loaded(snapshot: nil, skipped: [], quarantined: [], expired: launch.snapshot.info)
        }
        return Loaded(snapshot: launch.snapshot, skipped: [], quarantined: [])
    }

    /// What a load for a restore found: the chosen snapshot (none when every one is
    /// quarantined, or when it expired), the newer ones passed over, those quarantined just now,
    /// and the chosen snapshot when it expired.
    struct Loaded: Sendable {
        var snapshot: StoredSnapshot?
        var skipped: [Int64]
        var quarantined: [Int64]
        var expired: SnapshotInfo? = nil
    }

    static func confirm(_ db: Database, snapshotID: Int64, now: Date) throws {
        try db.execute(sql: "UPDATE restack_snapshot SET unconfirmed_restores = 0, confirmed_at = ? WHERE id = ?",
                       arguments: [SnapshotQueries.milliseconds(now), snapshotID])
        guard db.changesCount == 1 else {
            throw StoreError.snapshotNotFound(snapshotID, session: nil)
        }
        try db.execute(sql: "UPDATE restack_snapshot SET provisional_for = NULL WHERE provisional_for = ? AND quarantined_at IS NULL",
                       arguments: [snapshotID])
        try db.execute(sql: "UPDATE restack_session SET restoring_snapshot_id = NULL WHERE restoring_snapshot_id = ?",
                       arguments: [snapshotID])
    }

    static func lift(_ db: Database, snapshotID: Int64) throws {
        try db.execute(sql: """
            UPDATE restack_snapshot SET quarantined_at = NULL, unconfirmed_restores = 0, provisional_for = NULL
            WHERE id = ?
            """, arguments: [snapshotID])
        guard db.changesCount == 1 else {
            throw StoreError.snapshotNotFound(snapshotID, session: nil)
        }
    }
}
