import Foundation
import GRDB

extension SnapshotStore {
    /// Deletes a session of the store's ``Options/owner`` with all its snapshots, in one
    /// transaction.
    ///
    /// - Throws: ``StoreError/sessionNotFound(_:)`` when the owner has no such session.
    public func deleteSession(_ session: String) throws(StoreError) {
        let owner = options.ownerKey
        try write { db in try Self.delete(db, sessionID: SessionQueries.requireID(db, owner: owner, name: session)) }
    }

    /// Deletes everything of the store's ``Options/owner``, in one transaction: every session of
    /// the owner with all its snapshots and their records, and every restore outcome recorded
    /// for it (`restoreOutcomes(session:)`), of sessions deleted before too. Nothing of another
    /// owner is touched. This is an app's logout: afterwards no read of any owner finds anything
    /// of it, and the owner starts afresh at its next save (<doc:StorageAndUpgrades#Owners>).
    ///
    /// Deleting an owner that has nothing is not an error. The default owner (`nil`) may be
    /// deleted too: the sessions of a store written before owners existed.
    ///
    /// - Throws: ``StoreError/readOnly(path:)``, ``StoreError/diskFull(path:)`` and database
    ///   errors; on any error nothing was deleted.
    public func deleteOwner() throws(StoreError) {
        let owner = options.ownerKey
        try write { db in try Self.deleteOwner(db, owner) }
    }

    static func deleteOwner(_ db: Database, _ owner: String) throws {
        for sessionID in try SessionQueries.ids(db, owner: owner) {
            try delete(db, sessionID: sessionID)
        }
        try OutcomeQueries.delete(db, owner: owner)
    }

    static func delete(_ db: Database, sessionID: Int64) throws {
        // Its snapshots, with the values their trees name (only a session's own snapshots
        // share values), then the session.
        let snapshots = try SnapshotQueries.trees(db, sessionID: sessionID)
        try SnapshotQueries.delete(db, snapshots.map(\.id))
        try SnapshotFormat.release(db, deleted: snapshots.map(\.tree), sessionID: nil)
        try SessionQueries.delete(db, id: sessionID)
    }

    /// Deletes all but the newest `count` snapshots of a session, in one transaction, by the
    /// same rule as the retention applied after each save.
    ///
    /// Quarantined snapshots are kept and not counted among the `count`; the snapshot whose
    /// restore is pending is kept; of provisional snapshots only the newest is kept, and while a
    /// restore is pending no ordinary snapshot is deleted.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - count: How many of the newest ordinary snapshots to keep; at least 1.
    /// - Returns: How many snapshots were deleted.
    /// - Throws: ``StoreError/sessionNotFound(_:)`` when there is no such session.
    @discardableResult
    package func pruneHistory(session: String, keepingLast count: Int) throws(StoreError) -> Int {
        precondition(count >= 1, "pruneHistory keeps at least one snapshot")
        let owner = options.ownerKey
        return try write { db in try Self.prune(db, owner: owner, session: session, keepingLast: count) }
    }

    static func prune(_ db: Database, owner: String, session: String, keepingLast count: Int) throws -> Int {
        let sessionID = try SessionQueries.requireID(db, owner: owner, name: session)
        let pruned = try SnapshotQueries.pruned(db, sessionID: sessionID, keeping: nil, keepLast: count, savedBefore: nil)
        try SnapshotQueries.delete(db, pruned.map(\.id))
        try SnapshotFormat.release(db, deleted: pruned.map(\.tree), sessionID: sessionID)
        return pruned.count
    }
}
