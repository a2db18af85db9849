import Foundation
import GRDB

extension SnapshotStore {
    /// Deletes a session with all its snapshots, in one transaction.
    ///
    /// - Throws: ``StoreError/sessionNotFound(_:)`` when there is no such session.
    public func deleteSession(_ session: String) throws(StoreError) {
        try write { db in try Self.delete(db, session: session) }
    }

    static func delete(_ db: Database, session: String) throws {
        let sessionID = try SessionQueries.requireID(db, name: session)
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
        return try write { db in try Self.prune(db, session: session, keepingLast: count) }
    }

    static func prune(_ db: Database, session: String, keepingLast count: Int) throws -> Int {
        let sessionID = try SessionQueries.requireID(db, name: session)
        let pruned = try SnapshotQueries.pruned(db, sessionID: sessionID, keeping: nil, keepLast: count, savedBefore: nil)
        try SnapshotQueries.delete(db, pruned.map(\.id))
        try SnapshotFormat.release(db, deleted: pruned.map(\.tree), sessionID: sessionID)
        return pruned.count
    }
}
