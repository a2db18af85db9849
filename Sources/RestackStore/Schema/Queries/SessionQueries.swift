import Foundation
import GRDB
import Restack

/// The SQL of sessions: finding one by name (created at its first save), listing them with the
/// extent of their history, deleting one's row.
enum SessionQueries {
    /// The id of the session named `name`, created if absent.
    static func id(_ db: Database, name: String, creatingAt date: Date) throws -> Int64 {
        if let id = try existingID(db, name: name) {
            return id
        }
        try StoredIDs.inserting(into: "restack_session", db) {
            try db.execute("INSERT INTO restack_session (name, created_at) VALUES (CAST(? AS TEXT), ?)",
                           binding: [name.databaseValue, SnapshotQueries.milliseconds(date).databaseValue])
        }
        return db.lastInsertedRowID
    }

    /// The session named `name`, created if absent, with the snapshot whose restore is pending.
    static func forSaving(_ db: Database, name: String, creatingAt date: Date) throws -> (id: Int64, restoringSnapshotID: Int64?) {
        // Read from the statement (``StepCursor``), not through `Row.fetchOne`: no `Row` built;
        // the name bound as it is (its bytes, NUL characters included), not through the generic
        // `StatementArguments(_:)`.
        var found: (id: Int64, restoringSnapshotID: Int64?)?
        try db.forEachRow("SELECT id, restoring_snapshot_id FROM restack_session WHERE name = CAST(? AS TEXT)",
                          binding: [name.databaseValue]) { step in
            let id = try StoredValues(statement: step, name: .unidentified).integer(0, .sessionID)
            found = (id, try StoredValues(statement: step, name: .session(id)).optionalInteger(1, .restoringSnapshotID))
            return false
        }
        if let found {
            return found
        }
        return (try id(db, name: name, creatingAt: date), nil)
    }

    /// The id of the session named `name`, if there is one.
    static func existingID(_ db: some StatementRunner, name: String) throws -> Int64? {
        var id: Int64?
        try db.forEachRow("SELECT id FROM restack_session WHERE name = CAST(? AS TEXT)", binding: [name.databaseValue]) { step in
            id = try StoredValues(statement: step, name: .unidentified).integer(0, .sessionID)
            return false
        }
        return id
    }

    /// The id of the session named `name`; throws when there is none.
    static func requireID(_ db: some StatementRunner, name: String) throws -> Int64 {
        guard let id = try existingID(db, name: name) else {
            throw StoreError.sessionNotFound(name)
        }
        return id
    }

    /// Deletes the row of session `id` (its snapshots are deleted first, by the caller).
    static func delete(_ db: some StatementRunner, id: Int64) throws {
        try db.execute("DELETE FROM restack_session WHERE id = ?", binding: [id.databaseValue])
    }

    /// Every session, by name, with the extent of its history.
    static func list(_ db: some StatementRunner) throws -> [SessionInfo] {
        var sessions: [SessionInfo] = []
        try db.forEachRow("""
            SELECT ss.id, ss.name, COALESCE(agg.count, 0), agg.latest, latest.saved_at
            FROM restack_session ss
            LEFT JOIN (
                SELECT session_id, COUNT(*) AS count, MAX(id) AS latest
                FROM restack_snapshot GROUP BY session_id
            ) agg ON agg.session_id = ss.id
            LEFT JOIN restack_snapshot latest ON latest.id = agg.latest
            ORDER BY ss.name
            """, binding: []) { step in
            let id = try StoredValues(statement: step, name: .unidentified).integer(0, .sessionID)
            let session = StoredValues(statement: step, name: .session(id))
            // A session without snapshots has NULL for its latest (the LEFT JOIN).
            let latest = try session.optionalInteger(3, .latestSnapshotID)
            sessions.append(SessionInfo(
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
