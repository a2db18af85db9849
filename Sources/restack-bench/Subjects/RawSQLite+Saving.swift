import Foundation
import GRDBSQLite
import Restack
import RestackStore

/// The raw baseline's save and restore, through the C API: the floor Restack is compared with.
/// Its SQL and its orchestration are its own, written as an app that stores its state in
/// SQLite by hand would write them; what a row holds is the format's, through Restack's own
/// encoder and reader (`TreeEntries`, `TreeBlob`, `ValuePlan`, `TreeReader`), so that both
/// subjects write the same bytes (checked at the start of every run: `SameBytesCheck`).
///
/// A save, in one `BEGIN IMMEDIATE` transaction, reads the session's newest tree and its values,
/// inserts the snapshot row under the next id (above the high-water mark), prunes the session to
/// retention's 10 (`DELETE ... RETURNING tree`), releases the values only the pruned trees named,
/// writes the values the plan gives (a new record in a released value's place, else a new
/// block), and sets the row's tree. A restore reads the session's newest ordinary snapshot row,
/// decodes its tree, reads its values in one statement, and plans the state.
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
            var entries = TreeEntries(state)
            // The newest tree's values, by content: a record equal to one of them, byte for
            // byte, names its row.
            var shared: [ValueContent: Int64] = [:]
            if let newest = try newestTree(sessionID: sessionID) {
                try forEachValue(try TreeBlob(decoding: newest).records.map(\.valueID)) { id, record in shared[ValueContent(record)] = id }
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
                VALUES (?, ?, ?, NULL, ?, ?, ?, X'')
                """)
            sqlite3_bind_int64(snapshot, 1, snapshotID)
            sqlite3_bind_int64(snapshot, 2, sessionID)
            sqlite3_bind_int64(snapshot, 3, Int64(state.formatVersion))
            sqlite3_bind_int64(snapshot, 4, savedAt)
            bind(snapshot, 5, state.form.rawValue)
            sqlite3_bind_int64(snapshot, 6, Int64(entries.contents.count))
            try step(snapshot)
            let released = transaction ? try prune(sessionID: sessionID, keeping: snapshotID, kept: shared, of: entries) : []
            let plan = try ValuePlan(contents: entries.contents, shared: shared, released: released,
                                     blocksFrom: released.isEmpty ? nil : try blocksFrom(),
                                     largestGiven: { try self.scalar("""
                                         SELECT max(coalesce((SELECT max(id) FROM restack_value), 0),
                                                    coalesce((SELECT value FROM restack_meta WHERE key = 'value_high_water'), 0))
                                         """) })
            try write(plan, contents: entries.contents)
            if let largest = released.last, try scalar("SELECT coalesce(max(id), 0) FROM restack_value") < largest {
                // The largest value id was deleted: it stays given.
                let mark = try prepared("""
                    INSERT INTO restack_meta (key, value) VALUES ('value_high_water', ?1)
                    ON CONFLICT (key) DO UPDATE SET value = max(value, ?1)
                    """)
                sqlite3_bind_int64(mark, 1, largest)
                try step(mark)
            }
            for (index, id) in plan.ids.enumerated() {
                entries.blob.records[index].valueID = id
            }
            let tree = try prepared("UPDATE restack_snapshot SET tree = ? WHERE id = ?")
            bind(tree, 1, entries.blob.encoded)
            sqlite3_bind_int64(tree, 2, snapshotID)
            try step(tree)
            if transaction { try execute("COMMIT") }
        } catch {
            if transaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// The tree of the session's newest snapshot, if it has one.
    private func newestTree(sessionID: Int64) throws -> Data? {
        let newest = try prepared("SELECT tree FROM restack_snapshot WHERE session_id = ? ORDER BY id DESC LIMIT 1")
        defer { sqlite3_reset(newest) }
        sqlite3_bind_int64(newest, 1, sessionID)
        return sqlite3_step(newest) == SQLITE_ROW ? blob(newest, 0) : nil
    }

    /// Where blocks of value ids begin (migration 10), if the store says.
    private func blocksFrom() throws -> Int64? {
        let statement = try prepared("SELECT value FROM restack_meta WHERE key = 'value_blocks_from' AND typeof(value) = 'integer'")
        defer { sqlite3_reset(statement) }
        return sqlite3_step(statement) == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : nil
    }

    /// The same retention as Restack's default (keep the newest 10), in the same transaction: a
    /// hand-written store that keeps history must prune it too. Returns the values only the
    /// pruned snapshots named (not the new tree's `kept` ones), in id order. The pruning never
    /// deletes the highest id (the snapshot just saved), so it never moves the high-water mark.
    private func prune(sessionID: Int64, keeping snapshotID: Int64, kept shared: [ValueContent: Int64],
                       of entries: TreeEntries) throws -> [Int64] {
        // Restack's retention rule (SnapshotQueries.prunedCondition), deleting and returning the
        // pruned trees.
        let prune = try prepared("DELETE FROM restack_snapshot WHERE \(SnapshotQueries.prunedCondition) RETURNING tree")
        sqlite3_bind_int64(prune, 1, sessionID)
        sqlite3_bind_int64(prune, 2, snapshotID)
        sqlite3_bind_int64(prune, 3, Self.retention)
        sqlite3_bind_int64(prune, 4, Int64.min)
        var orphans = Set<Int64>()
        do {
            var result = sqlite3_step(prune)
            while result == SQLITE_ROW {
                orphans.formUnion(try TreeBlob(decoding: blob(prune, 0) ?? Data()).records.map(\.valueID))
                result = sqlite3_step(prune)
            }
            guard result == SQLITE_DONE else { throw Failure.sqlite(String(cString: sqlite3_errmsg(db))) }
            sqlite3_reset(prune)
        } catch {
            sqlite3_reset(prune)
            throw error
        }
        orphans.subtract(entries.contents.compactMap { shared[ValueContent($0)] })
        guard !orphans.isEmpty else { return [] }
        // Values are shared only by snapshots of one session: what its other snapshots name stays.
        let remaining = try prepared("SELECT tree FROM restack_snapshot WHERE session_id = ? AND id != ?")
        sqlite3_bind_int64(remaining, 1, sessionID)
        sqlite3_bind_int64(remaining, 2, snapshotID)
        do {
            while sqlite3_step(remaining) == SQLITE_ROW {
                orphans.subtract(try TreeBlob(decoding: blob(remaining, 0) ?? Data()).records.map(\.valueID))
            }
            sqlite3_reset(remaining)
        } catch {
            sqlite3_reset(remaining)
            throw error
        }
        return orphans.sorted()
    }

    /// Runs the plan's writes to `restack_value`.
    private func write(_ plan: ValuePlan, contents: [RestorationRecord]) throws {
        let insert = try prepared("INSERT INTO restack_value (id, identifier, class_name, payload) VALUES (?, ?, ?, ?)")
        let replace = try prepared("UPDATE restack_value SET id = ?, identifier = ?, class_name = ?, payload = ? WHERE id = ?")
        let delete = try prepared("DELETE FROM restack_value WHERE id = ?")
        for write in plan.writes {
            switch write {
            case .insert(let id, let index):
                sqlite3_bind_int64(insert, 1, id)
                bind(insert, 2, contents[index].identifier)
                bind(insert, 3, contents[index].className)
                bind(insert, 4, contents[index].payload)
                try step(insert)
            case .replace(let from, let to, let index):
                sqlite3_bind_int64(replace, 1, to)
                bind(replace, 2, contents[index].identifier)
                bind(replace, 3, contents[index].className)
                bind(replace, 4, contents[index].payload)
                sqlite3_bind_int64(replace, 5, from)
                try step(replace)
            case .delete(let id):
                sqlite3_bind_int64(delete, 1, id)
                try step(delete)
            }
        }
    }

    // MARK: Restoring

    /// The session's newest ordinary snapshot, rebuilt: its row, its tree decoded, its values
    /// read in one statement.
    func load(session: String) throws -> RestorationTree {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        let latest = try prepared("""
            SELECT s.id, s.format_version, s.shape, s.tree FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE ss.name = ? AND s.quarantined_at IS NULL AND s.provisional_for IS NULL ORDER BY s.id DESC LIMIT 1
            """)
        bind(latest, 1, session)
        guard sqlite3_step(latest) == SQLITE_ROW else {
            sqlite3_reset(latest)
            throw Failure.sqlite("no session \(session)")
        }
        let id = sqlite3_column_int64(latest, 0)
        let formatVersion = Int(sqlite3_column_int64(latest, 1))
        let form = text(latest, 2).flatMap(RestorationTree.Form.init(rawValue:)) ?? .tree
        let bytes = blob(latest, 3) ?? Data()
        sqlite3_reset(latest)
        let tree = try TreeBlob(decoding: bytes)
        // A snapshot's few values, found by a scan: no dictionary to hash them into.
        var values: [(id: Int64, record: RestorationRecord)] = []
        values.reserveCapacity(tree.records.count)
        try forEachValue(tree.records.map(\.valueID)) { id, record in values.append((id, record)) }
        let records = try tree.records.map { entry in
            guard let record = values.first(where: { $0.id == entry.valueID })?.record else { throw Failure.sqlite("value \(entry.valueID) has no row") }
            return record
        }
        return try TreeReader.tree(tree, values: records, formatVersion: formatVersion, form: form, snapshotID: id)
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
}
