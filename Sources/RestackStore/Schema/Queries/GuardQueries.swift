import Foundation
import GRDB

/// The SQL of the crash-loop guard's bookkeeping (migrations 2 and 3): a begun restore counted
/// and made pending, snapshots quarantined, a confirmation, a quarantine lifted. The same
/// statements on GRDB's connection and on the store's launch connection.
enum GuardQueries {
    /// Quarantines session `sessionID`'s provisional snapshots not yet quarantined: saves of an
    /// earlier launch whose restore was never confirmed. They stay marked provisional, so that
    /// they are never candidates.
    static func quarantineUnconfirmedSaves(_ db: some StatementRunner, sessionID: Int64, at now: Int64) throws {
        try db.execute("""
            UPDATE restack_snapshot SET quarantined_at = ?
            WHERE session_id = ? AND provisional_for IS NOT NULL AND quarantined_at IS NULL
            """, binding: [now.databaseValue, sessionID.databaseValue])
    }

    /// Quarantines snapshot `snapshotID`.
    static func quarantine(_ db: some StatementRunner, snapshotID: Int64, at now: Int64) throws {
        try db.execute("UPDATE restack_snapshot SET quarantined_at = ? WHERE id = ?", binding: [now.databaseValue, snapshotID.databaseValue])
    }

    /// Ends session `sessionID`'s pending restore, if any.
    static func endPending(_ db: some StatementRunner, sessionID: Int64) throws {
        try db.execute("UPDATE restack_session SET restoring_snapshot_id = NULL WHERE id = ?", binding: [sessionID.databaseValue])
    }

    /// Counts a restore of snapshot `snapshotID` and makes it session `sessionID`'s pending one.
    static func markPending(_ db: some StatementRunner, sessionID: Int64, snapshotID: Int64) throws {
        try db.execute("UPDATE restack_session SET restoring_snapshot_id = ? WHERE id = ?",
                       binding: [snapshotID.databaseValue, sessionID.databaseValue])
        try db.execute("UPDATE restack_snapshot SET unconfirmed_restores = unconfirmed_restores + 1 WHERE id = ?",
                       binding: [snapshotID.databaseValue])
    }

    /// Confirms the restore of snapshot `snapshotID`: its count reset, the saves made while it was
    /// pending made ordinary, its session's restore no longer pending.
    ///
    /// - Throws: ``StoreError/snapshotNotFound(_:session:)`` when owner `owner` has no such
    ///   snapshot.
    static func confirm(_ db: some StatementRunner, snapshotID: Int64, owner: String, at now: Int64) throws {
        try db.execute("UPDATE restack_snapshot SET unconfirmed_restores = 0, confirmed_at = ? WHERE id = ? AND \(ownedBy)",
                       binding: [now.databaseValue, snapshotID.databaseValue, owner.databaseValue])
        guard db.changesCount == 1 else {
            throw StoreError.snapshotNotFound(snapshotID, session: nil)
        }
        try db.execute("UPDATE restack_snapshot SET provisional_for = NULL WHERE provisional_for = ? AND quarantined_at IS NULL",
                       binding: [snapshotID.databaseValue])
        try db.execute("UPDATE restack_session SET restoring_snapshot_id = NULL WHERE restoring_snapshot_id = ?",
                       binding: [snapshotID.databaseValue])
    }

    /// Lifts snapshot `snapshotID`'s quarantine and resets its count of unconfirmed restores.
    ///
    /// - Throws: ``StoreError/snapshotNotFound(_:session:)`` when owner `owner` has no such
    ///   snapshot.
    static func lift(_ db: some StatementRunner, snapshotID: Int64, owner: String) throws {
        try db.execute("""
            UPDATE restack_snapshot SET quarantined_at = NULL, unconfirmed_restores = 0, provisional_for = NULL
            WHERE id = ? AND \(ownedBy)
            """, binding: [snapshotID.databaseValue, owner.databaseValue])
        guard db.changesCount == 1 else {
            throw StoreError.snapshotNotFound(snapshotID, session: nil)
        }
    }

    /// A snapshot row's condition: its session is owner ?'s (a snapshot of another owner is not
    /// found).
    static let ownedBy = "session_id IN (SELECT id FROM restack_session WHERE owner = CAST(? AS TEXT))"
}
