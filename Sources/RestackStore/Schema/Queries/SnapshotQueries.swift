import Foundation
import GRDB
import GRDBSQLite
import Restack

/// The SQL of snapshot rows: their information (``SnapshotInfo``), history, the crash-loop
/// guard's candidates, inserting and deleting rows, and retention's choice of rows to prune.
/// What a row's `tree` holds is the format's (``SnapshotFormat``).
///
/// Text that the app gave (session names, identifiers, class names, app versions) goes in exactly:
/// bound by its bytes where the store binds a statement itself (``GRDB/Statement/execute(binding:)``,
/// ``StepCursor``), through ``exact(_:)`` where GRDB binds the arguments; it comes back as bytes
/// (`CAST(... AS BLOB)`, or ``ColumnText``), because GRDB binds and reads TEXT as C strings, which
/// would cut it at the first NUL character: every Unicode string comes back exactly as it was
/// saved. Times are whole milliseconds since 1970.
package enum SnapshotQueries {
    // MARK: Values

    /// A text argument that survives binding: the string itself, or its UTF-8 bytes when it
    /// holds a NUL (such a string is never empty, so the bytes never bind as NULL). The SQL
    /// wraps it in `CAST(? AS TEXT)`.
    static func exact(_ string: String?) -> DatabaseValue {
        guard let string else { return .null }
        // A NUL looked for in the string's contiguous UTF-8 (a native string's), not through
        // the generic `utf8.contains`, which is slower per value.
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

    // MARK: Information

    /// The columns of a `SnapshotInfo`, over `restack_snapshot AS s` joined with
    /// `restack_session AS ss`, in the order ``info(_:from:)`` reads them: text as it is stored,
    /// one column reference each (``StoredValues/exactText(_:_:)``). `count` is the record
    /// count's expression: the count the snapshot row keeps.
    static func infoColumns(count: String = "s.record_count") -> String {
        "s.id, ss.name, s.format_version, s.app_version, s.saved_at, \(count), s.unconfirmed_restores, s.quarantined_at, s.provisional_for, s.shape"
    }

    /// How many columns ``infoColumns(count:)`` selects.
    static let infoColumnCount = 10

    /// The one `SnapshotInfo` decoder: the row a statement stands on, from column `first` on
    /// (``infoColumns(count:)``), every value checked.
    static func info(_ step: SQLiteStatement, from first: Int = 0) throws(DamagedValue) -> SnapshotInfo {
        let id = try StoredValues(statement: step, name: .unidentified).integer(first, .snapshotID)
        let values = StoredValues(statement: step, name: .snapshot(id))
        return SnapshotInfo(
            id: id,
            session: try values.requiredExactText(first + 1, .sessionName),
            formatVersion: try values.int(first + 2, .formatVersion),
            appVersion: try values.exactText(first + 3, .appVersion),
            savedAt: try values.date(first + 4, .savedAt),
            recordCount: try values.int(first + 5, .recordCount),
            unconfirmedRestores: try values.int(first + 6, .unconfirmedRestores),
            quarantinedAt: try values.optionalDate(first + 7, .quarantinedAt),
            isProvisional: try values.optionalInteger(first + 8, .provisionalFor) != nil,
            form: try form(values.requiredExactText(first + 9, .shape), snapshotID: id)
        )
    }

    /// The snapshot infos a statement over ``infoColumns(count:)`` returns, in order.
    static func infos(_ db: some StatementRunner, _ sql: String, binding values: [DatabaseValue]) throws -> [SnapshotInfo] {
        var result: [SnapshotInfo] = []
        try db.forEachRow(sql, binding: values) { step in
            result.append(try info(step))
            return true
        }
        return result
    }

    /// A stored shape, checked: the tree's form.
    static func form(_ text: String, snapshotID: Int64) throws(DamagedValue) -> RestorationTree.Form {
        guard let form = RestorationTree.Form(rawValue: text) else {
            throw DamagedValue(detail: StoredColumn.shape.problem(in: StoredRow.snapshot(snapshotID).description,
                                                                  "expected 'drillDown' or 'tree', found \(String(reflecting: text))"))
        }
        return form
    }

    /// The newest snapshot of a session, if it has any.
    static func latestInfo(_ db: some StatementRunner, sessionID: Int64) throws -> SnapshotInfo? {
        try infos(db, """
            SELECT \(infoColumns())
            FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE s.session_id = ? ORDER BY s.id DESC LIMIT 1
            """, binding: [sessionID.databaseValue]).first
    }

    /// A snapshot of owner `owner`'s by id, optionally only within one session.
    static func info(_ db: some StatementRunner, snapshotID: Int64, owner: String, sessionID: Int64?) throws -> SnapshotInfo? {
        try infos(db, """
            SELECT \(infoColumns())
            FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE s.id = ?1 AND (?2 IS NULL OR s.session_id = ?2) AND ss.owner = CAST(?3 AS TEXT)
            """, binding: [snapshotID.databaseValue, sessionID?.databaseValue ?? .null, owner.databaseValue]).first
    }

    /// A session's ordinary snapshots (provisional ones are never restored), newest first, for
    /// the crash-loop guard to choose from: the newest `limit` of them, or all.
    static func guardCandidates(_ db: some StatementRunner, sessionID: Int64, limit: Int?) throws -> [SnapshotInfo] {
        try infos(db, guardCandidatesSQL, binding: [sessionID.databaseValue, (limit ?? -1).databaseValue])
    }

    /// Session ?1's ordinary snapshots, newest first, at most ?2 of them (-1: all).
    static let guardCandidatesSQL = """
        SELECT \(infoColumns())
        FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
        WHERE s.session_id = ? AND s.provisional_for IS NULL ORDER BY s.id DESC LIMIT ?
        """

    /// Every snapshot of a session, oldest first.
    static func history(_ db: some StatementRunner, sessionID: Int64) throws -> [SnapshotInfo] {
        try infos(db, """
            SELECT \(infoColumns())
            FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE s.session_id = ? ORDER BY s.id
            """, binding: [sessionID.databaseValue])
    }

    // MARK: Writing

    /// Inserts the row of snapshot `id` of session `sessionID`, its tree `tree`.
    static func insert(_ db: some StatementRunner, id: Int64, sessionID: Int64, formatVersion: Int, appVersion: String?, savedAt: Date,
                       provisionalFor: Int64?, form: RestorationTree.Form, recordCount: Int, tree: Data) throws {
        try db.execute("""
            INSERT INTO restack_snapshot (id, session_id, format_version, app_version, saved_at, provisional_for, shape, record_count, tree)
            VALUES (?, ?, ?, CAST(? AS TEXT), ?, ?, ?, ?, ?)
            """, binding: [
                id.databaseValue, sessionID.databaseValue, formatVersion.databaseValue, appVersion?.databaseValue ?? .null,
                milliseconds(savedAt).databaseValue, provisionalFor?.databaseValue ?? .null,
                form.rawValue.databaseValue, recordCount.databaseValue, tree.databaseValue,
            ])
    }

    /// Sets the tree of snapshot `id`.
    static func setTree(_ db: some StatementRunner, id: Int64, tree: Data) throws {
        try db.execute("UPDATE restack_snapshot SET tree = ? WHERE id = ?", binding: [tree.databaseValue, id.databaseValue])
    }

    /// Every snapshot (id, tree) of session `sessionID`; a tree that is not a blob is `nil`.
    static func trees(_ db: some StatementRunner, sessionID: Int64) throws -> [(id: Int64, tree: Data?)] {
        var snapshots: [(id: Int64, tree: Data?)] = []
        try db.forEachRow("SELECT id, tree FROM restack_snapshot WHERE session_id = ?", binding: [sessionID.databaseValue]) { step in
            let values = StoredValues(statement: step, name: .unidentified)
            snapshots.append((try values.integer(0, .snapshotID), try? values.blob(1, .tree)))
            return true
        }
        return snapshots
    }

    /// Deletes the snapshot rows `ids`, and keeps the largest id ever given when it is among
    /// them. Their values are the format's to release (``SnapshotFormat``).
    static func delete(_ db: some StatementRunner, _ ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try RecordValues.inLists(ids) { list in
            try db.execute("DELETE FROM restack_snapshot WHERE id IN (\(list.map { _ in "?" }.joined(separator: ", ")))", binding: list)
        }
        try StoredIDs.keep(db, StoredIDs.snapshots, removed: ids.max())
    }

    // MARK: Retention

    /// The snapshots (id, tree) of a session's history that retention drops: the one rule
    /// behind retention after each save and `pruneHistory(session:keepingLast:)`.
    ///
    /// Keeps the newest `keepLast` ordinary snapshots and, with a `cutoff`, drops older ones
    /// saved before it. Never drops `newest` (the snapshot just saved), a quarantined
    /// snapshot, or the snapshot whose restore is pending. Of provisional snapshots only the
    /// newest is kept; while a restore is pending, ordinary snapshots are not pruned at all (the
    /// crash-loop guard may need to fall back to them).
    static func pruned(_ db: some StatementRunner, sessionID: Int64, keeping newest: Int64?, keepLast: Int,
                       savedBefore cutoff: Date?) throws -> [(id: Int64, tree: Data?)] {
        var doomed: [(id: Int64, tree: Data?)] = []
        try db.forEachRow(prunedSQL, binding: [
            sessionID.databaseValue, newest?.databaseValue ?? .null, keepLast.databaseValue,
            (cutoff.map(milliseconds) ?? Int64.min).databaseValue,
        ]) { step in
            let values = StoredValues(statement: step, name: .unidentified)
            doomed.append((try values.integer(0, .snapshotID), try? values.blob(1, .tree)))
            return true
        }
        return doomed
    }

    /// The snapshots (id, tree) of session ?1 beyond the newest ?3 ordinary ones, or saved
    /// before ?4, but never ?2, a quarantined one, or the one being restored; and every
    /// provisional one but the newest.
    static let prunedSQL = "SELECT id, tree FROM restack_snapshot WHERE " + prunedCondition

    /// The retention rule as a condition on `restack_snapshot`'s rows; the bench's raw subject
    /// deletes by it, so that both prune the same snapshots.
    package static let prunedCondition = """
        session_id = ?1 AND quarantined_at IS NULL AND id IS NOT ?2
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
}
