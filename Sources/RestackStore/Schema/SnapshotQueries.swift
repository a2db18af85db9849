import Foundation
import GRDB
import GRDBSQLite
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
        // `StatementArguments(_:)`.
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
    static func existingSessionID(_ db: some StatementRunner, name: String) throws -> Int64? {
        var id: Int64?
        try db.forEachRow("SELECT id FROM restack_session WHERE name = CAST(? AS TEXT)", binding: [name.databaseValue]) { step in
            id = try StoredValues(statement: step, name: .unidentified).integer(0, .sessionID)
            return false
        }
        return id
    }

    /// The id of the session named `name`; throws when there is none.
    static func requireSessionID(_ db: some StatementRunner, name: String) throws -> Int64 {
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

    // MARK: Snapshots

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
            form: try shape(values.requiredExactText(first + 9, .shape), snapshotID: id)
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

    /// A stored shape, checked.
    static func shape(_ text: String, snapshotID: Int64) throws(DamagedValue) -> DocumentRows.Shape {
        guard let shape = DocumentRows.Shape(rawValue: text) else {
            throw DamagedValue(detail: StoredColumn.shape.problem(in: StoredRow.snapshot(snapshotID).description,
                                                                  "expected 'drillDown' or 'tree', found \(String(reflecting: text))"))
        }
        return shape
    }

    /// The newest snapshot of a session, if it has any.
    static func latestInfo(_ db: some StatementRunner, sessionID: Int64) throws -> SnapshotInfo? {
        try infos(db, """
            SELECT \(infoColumns())
            FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE s.session_id = ? ORDER BY s.id DESC LIMIT 1
            """, binding: [sessionID.databaseValue]).first
    }

    /// A snapshot by id, optionally only within one session.
    static func info(_ db: some StatementRunner, snapshotID: Int64, sessionID: Int64?) throws -> SnapshotInfo? {
        try infos(db, """
            SELECT \(infoColumns())
            FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE s.id = ?1 AND (?2 IS NULL OR s.session_id = ?2)
            """, binding: [snapshotID.databaseValue, sessionID?.databaseValue ?? .null]).first
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

    /// The crash-loop guard's choice for a session: looks at the newest snapshot first, and at
    /// the rest of the history only when the newest is passed over.
    static func guardChoice(_ db: some StatementRunner, sessionID: Int64, threshold: Int) throws -> CrashLoopGuard.Choice {
        let newest = try guardCandidates(db, sessionID: sessionID, limit: 1)
        let choice = CrashLoopGuard.choose(from: newest, threshold: threshold)
        if choice.chosen != nil || newest.isEmpty {
            return choice
        }
        return CrashLoopGuard.choose(from: try guardCandidates(db, sessionID: sessionID, limit: nil), threshold: threshold)
    }

    /// A chosen snapshot's records.
    static func load(_ db: some StatementRunner, _ info: SnapshotInfo) throws -> StoredSnapshot {
        try loaded(db, info, tree: DocumentRows.storedTree(db, snapshotID: info.id))
    }

    /// The snapshot of `info` whose tree is `tree`, loaded; its record count (the row's, which
    /// history lists without decoding) must be the tree's.
    static func loaded(_ db: some StatementRunner, _ info: SnapshotInfo, tree: Data) throws -> StoredSnapshot {
        let document = try DocumentRows.document(db, snapshotID: info.id, tree: tree, formatVersion: info.formatVersion, shape: info.form)
        if let problem = countProblem(stored: info.recordCount, treeHolds: document.recordCount, snapshotID: info.id) {
            throw problem
        }
        return StoredSnapshot(info: info, tree: document.tree)
    }

    /// A record count (`restack_snapshot.record_count`) that is not its tree's, as damage: a
    /// row edited or damaged, which history would list wrong, or a tree that lost records.
    static func countProblem(stored: Int, treeHolds count: Int, snapshotID: Int64) -> DamagedValue? {
        guard stored != count else { return nil }
        return DamagedValue(detail: StoredColumn.recordCount.problem(
            in: StoredRow.snapshot(snapshotID).description, "\(stored), but its tree holds \(count) record\(count == 1 ? "" : "s")"))
    }

    /// Deletes the snapshots with the ids `ids` (of session `sessionID`, or of any), the values
    /// only they referenced, and keeps the largest id ever given when it is among them.
    static func delete(_ db: Database, snapshots ids: [(id: Int64, tree: Data?)], sessionID: Int64?) throws {
        guard !ids.isEmpty else { return }
        try RecordValues.inLists(ids.map(\.id)) { list in
            try db.cachedStatement(sql: "DELETE FROM restack_snapshot WHERE id IN (\(list.map { _ in "?" }.joined(separator: ", ")))")
                .execute(binding: list)
        }
        try ExhaustedIDs.keep(db, ExhaustedIDs.snapshots, removed: ids.map(\.id).max())
        try RecordValues.deleteUnreferenced(db, deleted: ids.compactMap(\.tree), sessionID: sessionID)
    }

    /// Prunes a session's history: the one rule behind retention after each save and
    /// `pruneHistory(session:keepingLast:)`.
    ///
    /// Keeps the newest `keepLast` ordinary snapshots and, with a `cutoff`, drops older ones
    /// saved before it. Never deletes `newest` (the snapshot just saved), a quarantined
    /// snapshot, or the snapshot whose restore is pending. Of provisional snapshots only the
    /// newest is kept; while a restore is pending, ordinary snapshots are not pruned at all (the
    /// crash-loop guard may need to fall back to them). The values only the pruned snapshots
    /// referenced are deleted with them.
    ///
    /// - Returns: How many snapshots were deleted.
    @discardableResult
    static func prune(_ db: Database, sessionID: Int64, keeping newest: Int64?, keepLast: Int, savedBefore cutoff: Date?) throws -> Int {
        var doomed: [(id: Int64, tree: Data?)] = []
        try db.forEachRow(prunedSQL, binding: [
            sessionID.databaseValue, newest?.databaseValue ?? .null, keepLast.databaseValue,
            (cutoff.map(milliseconds) ?? Int64.min).databaseValue,
        ]) { step in
            let values = StoredValues(statement: step, name: .unidentified)
            doomed.append((try values.integer(0, .snapshotID), try? values.blob(1, .tree)))
            return true
        }
        try delete(db, snapshots: doomed, sessionID: sessionID)
        return doomed.count
    }

    /// The snapshots (id, tree) of session ?1 beyond the newest ?3 ordinary ones, or saved
    /// before ?4, but never ?2, a quarantined one, or the one being restored; and every
    /// provisional one but the newest.
    static let prunedSQL = """
        SELECT id, tree FROM restack_snapshot
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
    static func history(_ db: some StatementRunner, sessionID: Int64) throws -> [SnapshotInfo] {
        try infos(db, """
            SELECT \(infoColumns())
            FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE s.session_id = ? ORDER BY s.id
            """, binding: [sessionID.databaseValue])
    }
}
