import Foundation
import GRDBSQLite
import Restack

/// The raw baseline's save and restore on migration 9's layout, through the C API: the floor
/// Restack is compared with. A save, in one `BEGIN IMMEDIATE` transaction, reads the session's
/// previous snapshot (its tree and values), inserts only the `restack_value` rows that differ
/// (byte for byte), inserts the snapshot row with its tree blob under the next id (above the
/// high-water mark), prunes the session to retention's 10 and deletes the values only the pruned
/// snapshots referenced. A restore reads the session's newest ordinary snapshot row, decodes its
/// tree, reads its values in one statement, rebuilds the state and plans it.
extension RawSQLite {
    /// Restack's default retention: the newest 10 ordinary snapshots of a session.
    static let retention: Int64 = 10

    func save(_ state: RestorationTree, session: String) throws {
        try save(state, session: session, savedAt: Int64(Date().timeIntervalSince1970 * 1000), transaction: true)
    }

    /// Saves one snapshot; without `transaction`, the caller holds one open (bulk loading) and
    /// nothing is pruned (the bulk loader writes no more than retention keeps).
    func save(_ state: RestorationTree, session: String, savedAt: Int64, transaction: Bool) throws {
        if transaction { try execute("BEGIN IMMEDIATE") }
        do {
            let sessionID = try sessionID(session, savedAt: savedAt)
            // The previous snapshot's values, by content: a record equal to one of them, byte
            // for byte, references its row instead of a new one (as does a record equal to one
            // this save inserted).
            let last = try prepared("SELECT tree FROM restack_snapshot WHERE session_id = ? ORDER BY id DESC LIMIT 1")
            sqlite3_bind_int64(last, 1, sessionID)
            var previousIDs: [Int64] = []
            if sqlite3_step(last) == SQLITE_ROW {
                do {
                    previousIDs = try withBlob(last, 0) { try RawTree.valueIDs($0) }
                } catch {
                    sqlite3_reset(last)
                    throw error
                }
            }
            sqlite3_reset(last)
            var previous: [StoredValue: Int64] = [:]
            try forEachValue(previousIDs) { id, record in previous[StoredValue(record)] = id }
            let (records, boxes) = RawTree.flatten(state)
            let insertValue = try prepared("INSERT INTO restack_value (identifier, class_name, payload) VALUES (?, ?, ?)")
            var entries: [RawTree.Entry] = []
            entries.reserveCapacity(records.count)
            for (entry, record) in records {
                var entry = entry
                if let id = previous[StoredValue(record)] {
                    entry.valueID = id
                } else {
                    bind(insertValue, 1, record.identifier)
                    bind(insertValue, 2, record.className)
                    bind(insertValue, 3, record.payload)
                    try step(insertValue)
                    entry.valueID = sqlite3_last_insert_rowid(db)
                    previous[StoredValue(record)] = entry.valueID
                }
                entries.append(entry)
            }
            // An id is never given twice: the next one is above both the highest id and the
            // high-water mark a deletion of the highest id leaves.
            let highest = try scalar("""
                SELECT max(coalesce((SELECT max(id) FROM restack_snapshot), 0),
                           coalesce((SELECT value FROM restack_meta WHERE key = 'snapshot_high_water'), 0))
                """)
            guard highest < Int64.max else { throw Failure.sqlite("snapshot ids exhausted") }
            let snapshotID = highest + 1
            let snapshot = try prepared("""
                INSERT INTO restack_snapshot (id, session_id, format_version, app_version, saved_at, shape, record_count, tree)
                VALUES (?, ?, ?, NULL, ?, ?, ?, ?)
                """)
            sqlite3_bind_int64(snapshot, 1, snapshotID)
            sqlite3_bind_int64(snapshot, 2, sessionID)
            sqlite3_bind_int64(snapshot, 3, Int64(state.formatVersion))
            sqlite3_bind_int64(snapshot, 4, savedAt)
            bind(snapshot, 5, state.form.rawValue)
            sqlite3_bind_int64(snapshot, 6, Int64(entries.count))
            bind(snapshot, 7, try RawTree.encode(entries, boxes))
            try step(snapshot)
            if transaction {
                try prune(sessionID: sessionID, keeping: snapshotID)
                try execute("COMMIT")
            }
        } catch {
            if transaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// The same retention as Restack's default (keep the newest 10), in the same transaction: a
    /// hand-written store that keeps history must prune it too. Then the values that only the
    /// pruned snapshots referenced are deleted. The pruning never deletes the highest id (the
    /// snapshot just saved), so it never moves the high-water mark.
    func prune(sessionID: Int64, keeping snapshotID: Int64) throws {
        // Restack's retention statement (SnapshotQueries.pruneSQL), word for word, returning the
        // pruned trees.
        let prune = try prepared("""
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
            RETURNING tree
            """)
        sqlite3_bind_int64(prune, 1, sessionID)
        sqlite3_bind_int64(prune, 2, snapshotID)
        sqlite3_bind_int64(prune, 3, Self.retention)
        sqlite3_bind_int64(prune, 4, Int64.min)
        var orphans = Set<Int64>()
        do {
            var result = sqlite3_step(prune)
            while result == SQLITE_ROW {
                orphans.formUnion(try withBlob(prune, 0) { try RawTree.valueIDs($0) })
                result = sqlite3_step(prune)
            }
            guard result == SQLITE_DONE else { throw Failure.sqlite(String(cString: sqlite3_errmsg(db))) }
            sqlite3_reset(prune)
        } catch {
            sqlite3_reset(prune)
            throw error
        }
        guard !orphans.isEmpty else { return }
        // Values are shared only by snapshots of one session: what its remaining snapshots
        // reference stays.
        let remaining = try prepared("SELECT tree FROM restack_snapshot WHERE session_id = ?")
        sqlite3_bind_int64(remaining, 1, sessionID)
        do {
            while sqlite3_step(remaining) == SQLITE_ROW {
                orphans.subtract(try withBlob(remaining, 0) { try RawTree.valueIDs($0) })
            }
            sqlite3_reset(remaining)
        } catch {
            sqlite3_reset(remaining)
            throw error
        }
        let delete = try prepared("DELETE FROM restack_value WHERE id = ?")
        for id in orphans.sorted() {
            sqlite3_bind_int64(delete, 1, id)
            try step(delete)
        }
    }

    // MARK: Restoring

    /// The session's newest ordinary snapshot, rebuilt: its row, its tree decoded, its values
    /// read in one statement.
    func load(session: String) throws -> RestorationTree {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        let latest = try prepared("""
            SELECT s.format_version, s.tree FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE ss.name = ? AND s.quarantined_at IS NULL AND s.provisional_for IS NULL ORDER BY s.id DESC LIMIT 1
            """)
        bind(latest, 1, session)
        guard sqlite3_step(latest) == SQLITE_ROW else {
            sqlite3_reset(latest)
            throw Failure.sqlite("no session \(session)")
        }
        let formatVersion = Int(sqlite3_column_int64(latest, 0))
        let decoded: (entries: [RawTree.Entry], boxes: [RawTree.Box])
        do {
            decoded = try withBlob(latest, 1) { try RawTree.decode($0) }
            sqlite3_reset(latest)
        } catch {
            sqlite3_reset(latest)
            throw error
        }
        // A snapshot's few values, found by a scan: no dictionary to hash them into.
        var values: [(id: Int64, record: RestorationRecord)] = []
        values.reserveCapacity(decoded.entries.count)
        try forEachValue(decoded.entries.map(\.valueID)) { id, record in values.append((id, record)) }
        return try RawTree.state(decoded.entries, decoded.boxes, values: values, formatVersion: formatVersion)
    }

    /// Loads the latest state of the session and plans it; returns the records a drill-down
    /// restores.
    func restore(session: String) throws -> Int {
        Restorer.plan(try load(session: session)).drillDownCount
    }

    /// Loads the latest tree of the session and plans it; returns the records restored.
    func restoreTree(session: String) throws -> Int {
        Restorer.plan(try load(session: session)).restoredCount
    }

    // MARK: Values

    /// Calls `body` with each `restack_value` row of `ids` (in one statement, prepared once per
    /// count of ids).
    func forEachValue(_ ids: [Int64], _ body: (Int64, RestorationRecord) throws -> Void) throws {
        guard !ids.isEmpty else { return }
        let select = try prepared("SELECT id, identifier, class_name, payload FROM restack_value WHERE id IN ("
            + Array(repeating: "?", count: ids.count).joined(separator: ", ") + ")")
        defer { sqlite3_reset(select) }
        for (index, id) in ids.enumerated() {
            sqlite3_bind_int64(select, Int32(index + 1), id)
        }
        while sqlite3_step(select) == SQLITE_ROW {
            try body(sqlite3_column_int64(select, 0),
                     RestorationRecord(identifier: text(select, 1), className: text(select, 2), payload: blob(select, 3)))
        }
    }

    /// Calls `body` with the bytes of the blob in `column` of the row `statement` stands on.
    func withBlob<T>(_ statement: OpaquePointer, _ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        let count = Int(sqlite3_column_bytes(statement, column))
        let base = sqlite3_column_blob(statement, column)
        return try body(UnsafeRawBufferPointer(start: base, count: base == nil ? 0 : count))
    }
}

/// A record's three values, compared byte for byte (text by its UTF-8 bytes, not by Unicode
/// equivalence), each with its storage class (NULL apart from empty).
struct StoredValue: Hashable {
    var identifier: [UInt8]?
    var className: [UInt8]?
    var payload: Data?

    init(_ record: RestorationRecord) {
        identifier = record.identifier.map { Array($0.utf8) }
        className = record.className.map { Array($0.utf8) }
        payload = record.payload
    }
}
