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
        let sessionID = try SnapshotQueries.requireSessionID(db, name: session)
        // Its snapshots, with the values their trees reference (only a session's own snapshots
        // share values), then the session.
        var snapshots: [(id: Int64, tree: Data?)] = []
        try db.forEachRow("SELECT id, tree FROM restack_snapshot WHERE session_id = ?", binding: [sessionID.databaseValue]) { step in
            let values = StoredValues(statement: step, name: .unidentified)
            snapshots.append((try values.integer(0, .snapshotID), try? values.blob(1, .tree)))
            return true
        }
        try SnapshotQueries.delete(db, snapshots: snapshots, sessionID: nil)
        try db.execute(sql: "DELETE FROM restack_session WHERE id = ?", arguments: [sessionID])
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
    public func pruneHistory(session: String, keepingLast count: Int) throws(StoreError) -> Int {
        precondition(count >= 1, "pruneHistory keeps at least one snapshot")
        return try write { db in try Self.prune(db, session: session, keepingLast: count) }
    }

    static func prune(_ db: Database, session: String, keepingLast count: Int) throws -> Int {
        let sessionID = try SnapshotQueries.requireSessionID(db, name: session)
        return try SnapshotQueries.prune(db, sessionID: sessionID, keeping: nil, keepLast: count, savedBefore: nil)
    }
}
