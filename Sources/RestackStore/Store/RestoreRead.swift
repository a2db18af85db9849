import Foundation
import GRDB
import Restack

/// The one restore read, behind every restore entry (``SnapshotStore/beginRestore(session:layout:resolver:)``,
/// ``SnapshotStore/restore(session:layout:resolver:)`` and their asynchronous forms): the
/// crash-loop guard's choice for a session and its records, written once against
/// ``StatementRunner`` so that the store's lean launch connection and GRDB's connection run the
/// same statements.
///
/// A begun restore differs from a peek only by the guard's writes (``Request/counts``):
/// quarantining an earlier launch's unconfirmed saves and the snapshots over the threshold,
/// counting the chosen snapshot's restore and making it pending. Both read the same way:
/// the launch read first (``LaunchRead``: one statement in the usual case), the general path
/// (the session, the guard's candidates, the records) otherwise.
enum RestoreRead {
    /// What a restore asks.
    struct Request: Sendable {
        /// The store's owner, as stored (``SnapshotStore/Options/ownerKey``).
        var owner: String
        var session: String
        var threshold: Int
        var expiry: SnapshotStore.Expiry?
        var now: Date
        /// Whether the guard's writes are made: `true` for a begun restore, `false` for a peek.
        var counts: Bool
        /// The running app's version when snapshots saved by a newer one are passed over
        /// (``SnapshotStore/Options/restoresNewerAppVersions`` false); `nil`: none is.
        var passesOverNewerThan: String? = nil

        /// Whether `info` is passed over for a snapshot an app version no newer than this saved.
        func isPassedOver(_ info: SnapshotInfo) -> Bool {
            guard let running = passesOverNewerThan else { return false }
            return AppVersionOrder.isNewer(info.appVersion, than: running)
        }

        func hasExpired(_ info: SnapshotInfo) -> Bool {
            expiry?.hasExpired(savedAt: info.savedAt, now: now) ?? false
        }
    }

    /// What the read found.
    struct Loaded: Sendable {
        /// The chosen snapshot, loaded; `nil` when nothing was saved, when every snapshot is
        /// quarantined, or when the chosen one expired.
        var snapshot: StoredSnapshot?
        /// Newer snapshots passed over, newest first.
        var skipped: [Int64] = []
        /// Snapshots quarantined by this read (a begun restore only).
        var quarantined: [Int64] = []
        /// The chosen snapshot, when it expired.
        var expired: SnapshotInfo?
        /// Whether the session was never saved.
        var nothingSaved = false
        /// Newer snapshots passed over because a newer app version saved them, newest first.
        var passedOverNewer: [Int64] = []
    }

    /// Reads (and, for a begun restore, writes the guard's bookkeeping) in the caller's
    /// transaction: a write transaction when `request.counts`, a read transaction otherwise.
    static func run(_ db: some StatementRunner, _ request: Request) throws -> Loaded {
        if let found = try launchRead(db, request) {
            var snapshot = found.snapshot
            let guardWrites = request.counts ? GuardWrites(db, sessionID: found.sessionID, now: request.now) : nil
            try guardWrites?.quarantineUnconfirmedSaves()
            if request.hasExpired(snapshot.info) {
                try guardWrites?.endPending()
                return Loaded(snapshot: nil, expired: snapshot.info)
            }
            try guardWrites?.markPending(snapshot.info.id)
            if guardWrites != nil { snapshot.info.unconfirmedRestores += 1 }
            return Loaded(snapshot: snapshot)
        }
        return try general(db, request)
    }

    /// The launch read (``LaunchRead``): the session's newest ordinary snapshot, loaded, when the
    /// crash-loop guard takes it; `nil` when the general path must answer, a damaged value
    /// included (the general path reads it again and says what is damaged, or quarantines it).
    private static func launchRead(_ db: some StatementRunner, _ request: Request) throws -> (sessionID: Int64, snapshot: StoredSnapshot)? {
        do {
            guard let head = try LaunchRead.head(db, owner: request.owner, session: request.session), !request.isPassedOver(head.info),
                  CrashLoopGuard.choose(from: [head.info], threshold: request.threshold).chosen != nil else {
                return nil
            }
            return (head.sessionID, StoredSnapshot(info: head.info, tree: try SnapshotFormat.read(db, head.info, tree: head.tree)))
        } catch is DamagedValue {
            return nil
        }
    }

    /// The crash-loop guard's choice for a session, and the newer snapshots passed over because a
    /// newer app version saved them: among the snapshots an app version no newer than the
    /// running one saved, when the request passes newer ones over and the guard chooses one of
    /// those; among all of them otherwise.
    private static func guardChoice(_ db: some StatementRunner, sessionID: Int64, _ request: Request) throws -> (CrashLoopGuard.Choice, passedOver: [Int64]) {
        if request.passesOverNewerThan != nil {
            let all = try SnapshotQueries.guardCandidates(db, sessionID: sessionID, limit: nil)
            let choice = CrashLoopGuard.choose(from: all.filter { !request.isPassedOver($0) }, threshold: request.threshold)
            if let chosen = choice.chosen {
                return (choice, all.filter { $0.id > chosen.id && request.isPassedOver($0) }.map(\.id))
            }
        }
        return (try guardChoice(db, sessionID: sessionID, threshold: request.threshold), [])
    }

    /// The crash-loop guard's choice for a session: the newest snapshot first, and the rest of
    /// the history only when the newest is passed over.
    private static func guardChoice(_ db: some StatementRunner, sessionID: Int64, threshold: Int) throws -> CrashLoopGuard.Choice {
        let newest = try SnapshotQueries.guardCandidates(db, sessionID: sessionID, limit: 1)
        let choice = CrashLoopGuard.choose(from: newest, threshold: threshold)
        if choice.chosen != nil || newest.isEmpty {
            return choice
        }
        return CrashLoopGuard.choose(from: try SnapshotQueries.guardCandidates(db, sessionID: sessionID, limit: nil), threshold: threshold)
    }

    /// Where the launch read does not answer: the session, the guard's candidates, the chosen
    /// snapshot's records, each read on its own; a snapshot whose records cannot be read is
    /// quarantined by a begun restore, and the guard chooses again.
    private static func general(_ db: some StatementRunner, _ request: Request) throws -> Loaded {
        guard let sessionID = try SessionQueries.existingID(db, owner: request.owner, name: request.session) else {
            return Loaded(snapshot: nil, nothingSaved: true)
        }
        let guardWrites = request.counts ? GuardWrites(db, sessionID: sessionID, now: request.now) : nil
        try guardWrites?.quarantineUnconfirmedSaves()
        var loaded = Loaded(snapshot: nil)
        while true {
            let (choice, passedOver) = try guardChoice(db, sessionID: sessionID, request)
            if let guardWrites {
                for id in choice.toQuarantine { try guardWrites.quarantine(id) }
                loaded.quarantined += choice.toQuarantine
            }
            loaded.skipped += choice.skipped.filter { !loaded.skipped.contains($0) }
            guard let info = choice.chosen else {
                // The quarantines above are kept: they are what the guard learned.
                try guardWrites?.endPending()
                return loaded
            }
            if request.hasExpired(info) {
                // The guard's choice decides: an older snapshot is not restored in its place.
                try guardWrites?.endPending()
                loaded.expired = info
                return loaded
            }
            var snapshot: StoredSnapshot
            do {
                snapshot = try SnapshotFormat.load(db, info)
            } catch is DamagedValue where guardWrites != nil {
                // A snapshot that cannot be read would fail every launch: it is quarantined (kept
                // for `check` and inspection) and the guard chooses again. A peek says what is
                // damaged.
                try guardWrites?.quarantine(info.id)
                loaded.quarantined.append(info.id)
                loaded.skipped.append(info.id)
                continue
            }
            try guardWrites?.markPending(info.id)
            if guardWrites != nil { snapshot.info.unconfirmedRestores += 1 }
            loaded.snapshot = snapshot
            loaded.passedOverNewer = passedOver
            return loaded
        }
    }

    /// The crash-loop guard's writes for one session, in the caller's transaction
    /// (``GuardQueries``).
    private struct GuardWrites<Runner: StatementRunner> {
        let db: Runner
        let sessionID: Int64
        let now: Int64

        init(_ db: Runner, sessionID: Int64, now: Date) {
            self.db = db
            self.sessionID = sessionID
            self.now = SnapshotQueries.milliseconds(now)
        }

        /// Saves of an earlier launch whose restore was never confirmed: it crashed (or was
        /// killed) before its UI came up. Kept for inspection, never restored.
        func quarantineUnconfirmedSaves() throws {
            try GuardQueries.quarantineUnconfirmedSaves(db, sessionID: sessionID, at: now)
        }

        func quarantine(_ snapshotID: Int64) throws {
            try GuardQueries.quarantine(db, snapshotID: snapshotID, at: now)
        }

        /// Nothing pending: the guard chose nothing to restore, or its choice expired.
        func endPending() throws {
            try GuardQueries.endPending(db, sessionID: sessionID)
        }

        /// Counts a restore of the chosen snapshot and makes it its session's pending restore.
        func markPending(_ snapshotID: Int64) throws {
            try GuardQueries.markPending(db, sessionID: sessionID, snapshotID: snapshotID)
        }
    }
}
