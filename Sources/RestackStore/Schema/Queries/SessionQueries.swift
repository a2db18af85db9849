import Foundation
import GRDB
import Restack

/// The SQL of sessions: finding one by owner and name (created at its first save), listing them
/// with the extent of their history, deleting one's row.
///
/// A session is its owner's (migration 11): every lookup names the owner as stored
/// (``SnapshotStore/Options/ownerKey``, '' for the default owner), bound by its bytes like the
/// name, so that two owners' sessions of one name are two sessions.
enum SessionQueries {
    /// The id of owner `owner`'s session named `name`, created if absent.
    static func id(_ db: Database, owner: String, name: String, creatingAt date: Date) throws -> Int64 {
        if let id = try existingID(db, owner: owner, name: name) {
            return id
        }
        try StoredIDs.inserting(into: "restack_session", db) {
            try db.execute("INSERT INTO restack_session (owner, name, created_at) VALUES (CAST(? AS TEXT), CAST(? AS TEXT), ?)",
                           binding: [owner.databaseValue, name.databaseValue, SnapshotQueries.milliseconds(date).databaseValue])
        }
        return db.lastInsertedRowID
    }

    /// The session named `name`, created if absent, with the snapshot whose restore is pending.
    static func forSaving(_ db: Database, owner: String, name: String, creatingAt date: Date) throws -> (id: Int64, restoringSnapshotID: Int64?) {
        // Read from the statement (``StepCursor``), not through `Row.fetchOne`: no `Row` built;
        // the name bound as it is (its bytes, NUL characters included), not through the generic
        // `StatementArguments(_:)`.
        var found: (id: Int64, restoringSnapshotID: Int64?)?
        try db.forEachRow("SELECT id, restoring_snapshot_id FROM restack_session WHERE owner = CAST(? AS TEXT) AND name = CAST(? AS TEXT)",
                          binding: [owner.databaseValue, name.databaseValue]) { step in
            let id = try StoredValues(statement: step, name: .unidentified).integer(0, .sessionID)
            found = (id, try StoredValues(statement: step, name: .session(id)).optionalInteger(1, .restoringSnapshotID))
            return false
        }
        if let found {
            return found
        }
        return (try id(db, owner: owner, name: name, creatingAt: date), nil)
    }

    /// The id of owner `owner`'s session named `name`, if there is one.
    static func existingID(_ db: some StatementRunner, owner: String, name: String) throws -> Int64? {
        var id: Int64?
        try db.forEachRow("SELECT id FROM restack_session WHERE owner = CAST(? AS TEXT) AND name = CAST(? AS TEXT)",
                          binding: [owner.databaseValue, name.databaseValue]) { step in
            id = try StoredValues(statement: step, name: .unidentified).integer(0, .sessionID)
            return false
        }
        return id
    }

    /// The id of owner `owner`'s session named `name`; throws when there is none.
    static func requireID(_ db: some StatementRunner, owner: String, name: String) throws -> Int64 {
        guard let id = try existingID(db, owner: owner, name: name) else {
            throw StoreError.sessionNotFound(name)
        }
        return id
    }

    /// Deletes the row of session `id` (its snapshots are deleted first, by the caller).
    static func delete(_ db: some StatementRunner, id: Int64) throws {
        try db.execute("DELETE FROM restack_session WHERE id = ?", binding: [id.databaseValue])
    }

    /// The ids of owner `owner`'s sessions.
    static func ids(_ db: some StatementRunner, owner: String) throws -> [Int64] {
        var ids: [Int64] = []
        try db.forEachRow("SELECT id FROM restack_session WHERE owner = CAST(? AS TEXT)", binding: [owner.databaseValue]) { step in
            ids.append(try StoredValues(statement: step, name: .unidentified).integer(0, .sessionID))
            return true
        }
        return ids
    }

    /// Owner `owner`'s sessions, or every owner's when `owner` is `nil`, by name (then owner),
    /// with the extent of their history.
    static func list(_ db: some StatementRunner, owner: String?) throws -> [SessionInfo] {
        var sessions: [SessionInfo] = []
        try db.forEachRow("""
            SELECT ss.id, ss.name, COALESCE(agg.count, 0), agg.latest, latest.saved_at, ss.owner
            FROM restack_session ss
            LEFT JOIN (
                SELECT session_id, COUNT(*) AS count, MAX(id) AS latest
                FROM restack_snapshot GROUP BY session_id
            ) agg ON agg.session_id = ss.id
            LEFT JOIN restack_snapshot latest ON latest.id = agg.latest
            WHERE ?1 IS NULL OR ss.owner = CAST(?1 AS TEXT)
            ORDER BY ss.name, ss.owner
            """, binding: [SnapshotQueries.exact(owner)]) { step in
            let id = try StoredValues(statement: step, name: .unidentified).integer(0, .sessionID)
            let session = StoredValues(statement: step, name: .session(id))
            // A session without snapshots has NULL for its latest (the LEFT JOIN).
            let latest = try session.optionalInteger(3, .latestSnapshotID)
            let owner = try session.requiredExactText(5, .sessionOwner)
            sessions.append(SessionInfo(
                owner: owner.utf8.isEmpty ? nil : owner,
                name: try session.requiredExactText(1, .sessionName),
                snapshotCount: try session.int(2, .count),
                latestSnapshotID: latest,
                latestSavedAt: try latest.map { try StoredValues(statement: step, name: .snapshot($0)).date(4, .savedAt) }
            ))
            return true
        }
        return sessions
    }
}
