import Foundation
import GRDB
import Restack

/// The SQL the store runs, in one place. Statements on the save and restore paths are cached.
///
/// Text that the app gave (session names, identifiers, class names, app versions) goes in exactly:
/// bound by its bytes where the store binds a statement itself (``GRDB/Statement/execute(binding:)``,
/// ``StepCursor``), through ``exact(_:)`` where GRDB binds the arguments; it comes back as bytes
/// (`CAST(... AS BLOB)`, or ``ColumnText``), because GRDB binds and reads TEXT as C strings, which
/// would cut it at the first NUL character: every Unicode string comes back exactly as it was
/// saved. Times are whole milliseconds since 1970.
enum SnapshotQueries {
    // MARK: Sessions

    /// The id of the session named `name`, created if absent.
    static func sessionID(_ db: Database, name: String, creatingAt date: Date) throws -> Int64 {
        if let id = try existingSessionID(db, name: name) {
            return id
        }
        try ExhaustedIDs.inserting(into: "restack_session", db) {
            try db.cachedStatement(sql: "INSERT INTO restack_session (name, created_at) VALUES (CAST(? AS TEXT), ?)")
                .execute(binding: [name.databaseValue, milliseconds(date).databaseValue])
        }
        return db.lastInsertedRowID
    }

    /// The session named `name`, created if absent, with the snapshot whose restore is pending.
    static func sessionForSaving(_ db: Database, name: String, creatingAt date: Date) throws -> (id: Int64, restoringSnapshotID: Int64?) {
        // Read from the statement (``StepCursor``), not through `Row.fetchOne`: no `Row` built;
        // the name bound as it is (its bytes, NUL characters included), not through the generic
        // `StatementArguments(_:)` (12k instructions a save, callgrind).
        let cursor = try StepCursor(
            db.cachedStatement(sql: "SELECT id, restoring_snapshot_id FROM restack_session WHERE name = CAST(? AS TEXT)"),
            binding: [name.databaseValue]
        )
        if let step = try cursor.next() {
            let id = try StoredValues(statement: step, name: .unidentified).integer(0, .sessionID)
            let restoring = try StoredValues(statement: step, name: StoredRow.session(id)).optionalInteger(1, .restoringSnapshotID)
            return (id, restoring)
        }
        return (try sessionID(db, name: name, creatingAt: date), nil)
    }

    /// The id of the session named `name`, if there is one.
    static func existingSessionID(_ db: Database, name: String) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM restack_session WHERE name = CAST(? AS TEXT)"),
            arguments: [exact(name)]
        )
    }

    /// The id of the session named `name`; throws when there is none.
    static func requireSessionID(_ db: Database, name: String) throws -> Int64 {
        guard let id = try existingSessionID(db, name: name) else {
            throw StoreError.sessionNotFound(name)
        }
        return id
    }

    // MARK: Values

    /// A text argument that survives binding: the string itself, or its UTF-8 bytes when it
    /// holds a NUL (such a string is never empty, so the bytes never bind as NULL). The SQL
    /// wraps it in `CAST(? AS TEXT)`.
    static func exact(_ string: String?) -> DatabaseValue {
        guard let string else { return .null }
        // A NUL looked for in the string's contiguous UTF-8 (a native string's), not through
        // the generic `utf8.contains`: about 400 instructions less per value, 21 values a save.
        let hasNUL = string.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? string.utf8.contains(0)
        return hasNUL ? Data(string.utf8).databaseValue : string.databaseValue
    }

    /// A date as whole milliseconds since 1970, as stored. A date past what 64 bits of
    /// milliseconds hold (a cutoff of a retention whose `maxAge` is infinite, a clock gone wild)
    /// is the end of the range it is past, and a date that is not a number the start: never a trap.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        if value.isNaN || value < -9.223372036854775808e18 { return .min }
        return value < 9.223372036854775808e18 ? Int64(value) : .max
    }

    /// A stored time back as a date.
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    // MARK: Snapshots

    /// The columns of `SnapshotInfo`, for a query over `restack_snapshot AS s` joined with
    /// `restack_session AS ss`, read by ``info(_:)``.
    static let infoColumns = """
        s.id, \(StoredColumn.sessionName.selection("ss")), s.format_version, \(StoredColumn.appVersion.selection("s")),
        s.saved_at, (SELECT COUNT(*) FROM restack_record r WHERE r.snapshot_id = s.id),
        s.unconfirmed_restores, s.quarantined_at, s.provisional_for, \(StoredColumn.shape.selection("s"))
        """

    /// A row of ``infoColumns``, every value checked.
    static func info(_ row: Row) throws -> SnapshotInfo {
        let values = try StoredValues(row: row, idAt: 0, .snapshotID, name: StoredRow.snapshot)
        return SnapshotInfo(
            id: try values.integer(0, .snapshotID),
            session: try values.requiredText(1, .sessionName),
            formatVersion: try values.int(2, .formatVersion),
            appVersion: try values.text(3, .appVersion),
            savedAt: try values.date(4, .savedAt),
            recordCount: try values.int(5, .count),
            unconfirmedRestores: try values.int(6, .unconfirmedRestores),
            quarantinedAt: try values.optionalDate(7, .quarantinedAt),
            isProvisional: try values.optionalInteger(8, .provisionalFor) != nil,
            form: try shape(values.requiredText(9, .shape), snapshotID: values.integer(0, .snapshotID))
        )
    }

    /// A stored shape, checked.
    static func shape(_ text: String, snapshotID: Int64) throws(DamagedValue) -> DocumentRows.Shape {
        guard let shape = DocumentRows.Shape(rawValue: text) else {
            throw DamagedValue(detail: StoredColumn.shape.problem(in: StoredRow.snapshot(snapshotID).description,
                                                                  "expected 'drillDown' or 'tree', found \(String(reflecting: text))"))
        }
        return shape
    }

    /// The newest snapshot of a session, if it has any.
    static func latestInfo(_ db: Database, sessionID: Int64) throws -> SnapshotInfo? {
        try Row.fetchOne(db.cachedStatement(sql: """
            SELECT \(infoColumns)
            FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE s.session_id = ? ORDER BY s.id DESC LIMIT 1
            """), arguments: [sessionID]).map(info)
    }

    /// A snapshot by id, optionally only within one session.
    static func info(_ db: Database, snapshotID: Int64, sessionID: Int64?) throws -> SnapshotInfo? {
        try Row.fetchOne(db.cachedStatement(sql: """
            SELECT \(infoColumns)
            FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE s.id = ?1 AND (?2 IS NULL OR s.session_id = ?2)
            """), arguments: [snapshotID, sessionID]).map(info)
    }

    /// A session's ordinary snapshots (provisional ones are never restored), newest first, for
    /// the crash-loop guard to choose from: the newest `limit` of them, or all. Without record counts, which the guard does not need (a
    /// restore counts the records it loads): one index lookup for the usual case.
    static func guardCandidates(_ db: Database, sessionID: Int64, limit: Int?) throws -> [SnapshotInfo] {
        let statement = try db.cachedStatement(sql: guardCandidatesSQL)
        let rows = try Row.fetchCursor(statement, arguments: [sessionID, limit ?? -1])
        var result: [SnapshotInfo] = []
        while let row = try rows.next() {
            let values = try StoredValues(row: row, idAt: 0, .snapshotID, of: statement, name: StoredRow.snapshot)
            result.append(SnapshotInfo(
                id: try values.integer(0, .snapshotID), session: "", formatVersion: try values.int(1, .formatVersion),
                appVersion: try values.text(2, .appVersion),
                savedAt: try values.date(3, .savedAt), recordCount: 0,
                unconfirmedRestores: try values.int(4, .unconfirmedRestores),
                quarantinedAt: try values.optionalDate(5, .quarantinedAt),
                form: try shape(values.requiredText(6, .shape), snapshotID: values.integer(0, .snapshotID))
            ))
        }
        return result
    }

    /// Session ?1's ordinary snapshots, newest first, at most ?2 of them (-1: all).
    static let guardCandidatesSQL = """
        SELECT s.id, s.format_version, \(StoredColumn.appVersion.selection("s")), s.saved_at,
               s.unconfirmed_restores, s.quarantined_at, \(StoredColumn.shape.selection("s"))
        FROM restack_snapshot s WHERE s.session_id = ? AND s.provisional_for IS NULL ORDER BY s.id DESC LIMIT ?
        """

    /// The crash-loop guard's choice for a session: looks at the newest snapshot first, and at
    /// the rest of the history only when the newest is passed over.
    static func guardChoice(_ db: Database, sessionID: Int64, threshold: Int) throws -> CrashLoopGuard.Choice {
        let newest = try guardCandidates(db, sessionID: sessionID, limit: 1)
        let choice = CrashLoopGuard.choose(from: newest, threshold: threshold)
        if choice.chosen != nil || newest.isEmpty {
            return choice
        }
        return CrashLoopGuard.choose(from: try guardCandidates(db, sessionID: sessionID, limit: nil), threshold: threshold)
    }

    /// The crash-loop guard's choice for the session named `session`.
    ///
    /// - Throws: ``StoreError/sessionNotFound(_:)`` when there is no such session.
    static func guardChoice(_ db: Database, session: String, threshold: Int) throws -> CrashLoopGuard.Choice {
        try guardChoice(db, sessionID: requireSessionID(db, name: session), threshold: threshold)
    }

    /// A chosen snapshot's records, with its information completed (session, record count).
    static func load(_ db: Database, _ info: SnapshotInfo, session: String) throws -> StoredSnapshot {
        var info = info
        let tree = try DocumentRows.load(db, snapshotID: info.id, formatVersion: info.formatVersion, shape: info.form)
        info.session = session
        info.recordCount = tree.recordCount
        return StoredSnapshot(info: info, tree: tree)
    }

    /// Prunes a session's history: the one statement behind retention after each save and
    /// `pruneHistory(session:keepingLast:)`.
    ///
    /// Keeps the newest `keepLast` ordinary snapshots and, with a `cutoff`, drops older ones
    /// saved before it. Never deletes `newest` (the snapshot just saved), a quarantined
    /// snapshot, or the snapshot whose restore is pending. Of provisional snapshots only the
    /// newest is kept; while a restore is pending, ordinary snapshots are not pruned at all (the
    /// crash-loop guard may need to fall back to them).
    ///
    /// - Returns: How many snapshots were deleted.
    @discardableResult
    static func prune(_ db: Database, sessionID: Int64, keeping newest: Int64?, keepLast: Int, savedBefore cutoff: Date?) throws -> Int {
        try db.cachedStatement(sql: pruneSQL).execute(binding: [
            sessionID.databaseValue, newest?.databaseValue ?? .null, keepLast.databaseValue,
            (cutoff.map(milliseconds) ?? Int64.min).databaseValue,
        ])
        return db.changesCount
    }

    /// Deletes session ?1's snapshots beyond the newest ?3 ordinary ones, or saved before ?4,
    /// but never ?2, a quarantined one, or the one being restored; and every provisional one
    /// but the newest.
    static let pruneSQL = """
        DELETE FROM restack_snapshot
        WHERE session_id = ?1 AND quarantined_at IS NULL AND id IS NOT ?2
          AND id IS NOT (SELECT restoring_snapshot_id FROM restack_session WHERE id = ?1)
          AND CASE
            WHEN provisional_for IS NOT NULL THEN
              id != (SELECT MAX(id) FROM restack_snapshot
                     WHERE session_id = ?1 AND provisional_for IS NOT NULL AND quarantined_at IS NULL)
            WHEN (SELECT restoring_snapshot_id FROM restack_session WHERE id = ?1) IS NOT NULL THEN 0
            ELSE id NOT IN (SELECT id FROM restack_snapshot
                            WHERE session_id = ?1 AND quarantined_at IS NULL AND provisional_for IS NULL
                            ORDER BY id DESC LIMIT ?3)
                 OR saved_at < ?4
          END
        """

    /// Every snapshot of a session, oldest first.
    static func history(_ db: Database, sessionID: Int64) throws -> [SnapshotInfo] {
        try Row.fetchAll(db, sql: """
            SELECT \(infoColumns)
            FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE s.session_id = ? ORDER BY s.id
            """, arguments: [sessionID]).map(info)
    }
}
