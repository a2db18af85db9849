import GRDB

extension SnapshotStore {
    /// Deletes a session with all its snapshots, in one transaction.
    ///
    /// - Throws: ``StoreError/sessionNotFound(_:)`` when there is no such session.
    public func deleteSession(_ session: String) throws(StoreError) {
        try write { db in
            let sessionID = try SnapshotQueries.requireSessionID(db, name: session)
            try db.execute(sql: "DELETE FROM restack_session WHERE id = ?", arguments: [sessionID])
        }
    }

    /// Deletes all but the newest `count` snapshots of a session, in one transaction.
    ///
    /// - Parameters:
    ///   - session: The session.
    ///   - count: How many of the newest snapshots to keep; at least 1.
    /// - Returns: How many snapshots were deleted.
    /// - Throws: ``StoreError/sessionNotFound(_:)`` when there is no such session.
    @discardableResult
    public func pruneHistory(session: String, keepingLast count: Int) throws(StoreError) -> Int {
        precondition(count >= 1, "pruneHistory keeps at least one snapshot")
        return try write { db in
            let sessionID = try SnapshotQueries.requireSessionID(db, name: session)
            try db.execute(sql: """
                DELETE FROM restack_snapshot
                WHERE session_id = ?1 AND id NOT IN (
                    SELECT id FROM restack_snapshot WHERE session_id = ?1 ORDER BY id DESC LIMIT ?2
                )
                """, arguments: [sessionID, count])
            return db.changesCount
        }
    }
}
