import Foundation
import GRDBSQLite
import Restack
import RestackMigrations

/// The "raw SQLite" baseline: Restack's schema and the same rows, written and read through the
/// SQLite C API directly with prepared statements, in one `BEGIN IMMEDIATE` transaction per save,
/// WAL journal and the same `synchronous` setting.
final class RawSQLite: BenchSubject {
    let name: String
    private(set) var db: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

    enum Failure: Error, CustomStringConvertible {
        case sqlite(String)
        var description: String {
            switch self { case .sqlite(let message): "SQLite: \(message)" }
        }
    }

    /// Opens (creating if needed) a database at `path` with Restack's schema.
    init(name: String = "raw SQLite", path: String, synchronous: String) throws {
        self.name = name
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw Failure.sqlite("cannot open \(path)")
        }
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = \(synchronous); PRAGMA foreign_keys = ON")
        let hasSchema = try scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = 'restack_snapshot'") > 0
        if !hasSchema {
            // Restack's schema, from the same migration files: those of the rows this subject
            // writes (migrations 1 to 8). Migration 9 needs the store's tree encoder, and this
            // subject does not write its layout yet (issue 30: the bench's own change).
            for migration in RestackMigrations.all.prefix(8) {
                try execute(migration.sql)
            }
        }
    }

    deinit {
        for statement in statements.values {
            sqlite3_finalize(statement)
        }
        sqlite3_close_v2(db)
    }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw Failure.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }

    func scalar(_ sql: String) throws -> Int64 {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return 0 }
        return sqlite3_column_int64(statement, 0)
    }

    /// A statement prepared once and reused.
    func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] {
            return statement
        }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK, let statement else {
            throw Failure.sqlite(String(cString: sqlite3_errmsg(db)))
        }
        statements[sql] = statement
        return statement
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func bind(_ statement: OpaquePointer, _ index: Int32, _ string: String?) {
        guard var string else { sqlite3_bind_null(statement, index); return }
        string.withUTF8 { bytes in
            if let base = bytes.baseAddress {
                _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text(statement, index, $0, Int32(bytes.count), Self.transient)
                }
            } else {
                _ = sqlite3_bind_text(statement, index, "", 0, Self.transient)
            }
        }
    }

    func bind(_ statement: OpaquePointer, _ index: Int32, _ data: Data?) {
        guard let data else { sqlite3_bind_null(statement, index); return }
        data.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), Self.transient)
        }
    }

    func step(_ statement: OpaquePointer) throws {
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw Failure.sqlite(String(cString: sqlite3_errmsg(db)))
        }
    }

    /// The id of the session named `name`, created if absent.
    func sessionID(_ name: String, savedAt: Int64) throws -> Int64 {
        let find = try prepared("SELECT id FROM restack_session WHERE name = ?")
        bind(find, 1, name)
        var sessionID: Int64
        if sqlite3_step(find) == SQLITE_ROW {
            sessionID = sqlite3_column_int64(find, 0)
            sqlite3_reset(find)
        } else {
            sqlite3_reset(find)
            let insert = try prepared("INSERT INTO restack_session (name, created_at) VALUES (?, ?)")
            bind(insert, 1, name)
            sqlite3_bind_int64(insert, 2, savedAt)
            try step(insert)
            sessionID = sqlite3_last_insert_rowid(db)
        }
        return sessionID
    }

    /// The same retention as Restack's default (keep the newest 10), in the same transaction: a
    /// hand-written store that keeps history must prune it too.
    func prune(sessionID: Int64, keeping snapshotID: Int64) throws {
        // Restack's retention statement (SnapshotQueries.pruneSQL), word for word.
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
            """)
        sqlite3_bind_int64(prune, 1, sessionID)
        sqlite3_bind_int64(prune, 2, snapshotID)
        sqlite3_bind_int64(prune, 3, 10)
        sqlite3_bind_int64(prune, 4, Int64.min)
        try step(prune)
    }

    func save(_ state: RestorationTree, session: String) throws {
        try save(state, session: session, savedAt: Int64(Date().timeIntervalSince1970 * 1000), transaction: true)
    }

    /// Saves one snapshot; without `transaction`, the caller holds one open (bulk loading).
    func save(_ state: RestorationTree, session: String, savedAt: Int64, transaction: Bool) throws {
        if transaction { try execute("BEGIN IMMEDIATE") }
        do {
            let sessionID = try sessionID(session, savedAt: savedAt)
            let snapshot = try prepared("INSERT INTO restack_snapshot (session_id, format_version, app_version, saved_at) VALUES (?, ?, ?, ?)")
            sqlite3_bind_int64(snapshot, 1, sessionID)
            sqlite3_bind_int64(snapshot, 2, Int64(state.formatVersion))
            sqlite3_bind_null(snapshot, 3)
            sqlite3_bind_int64(snapshot, 4, savedAt)
            try step(snapshot)
            let snapshotID = sqlite3_last_insert_rowid(db)
            let record = try prepared("""
                INSERT INTO restack_record (snapshot_id, path, parent, slot, position, identifier, class_name, payload)
                VALUES (?, ?, '', ?, ?, ?, ?, ?)
                """)
            for (path, entry) in state.allRecords {
                sqlite3_bind_int64(record, 1, snapshotID)
                bind(record, 2, path.description)
                bind(record, 3, path.steps[0].slotName)
                sqlite3_bind_int64(record, 4, Int64(path.steps[0].index))
                bind(record, 5, entry.identifier)
                bind(record, 6, entry.className)
                bind(record, 7, entry.payload)
                try step(record)
            }
            if transaction {
                try prune(sessionID: sessionID, keeping: snapshotID)
                try execute("COMMIT")
            }
        } catch {
            if transaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    func text(_ statement: OpaquePointer, _ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL, let bytes = sqlite3_column_text(statement, column) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    /// The id and format version of a session's newest snapshot (in the caller's transaction).
    func latestSnapshot(session: String) throws -> (id: Int64, formatVersion: Int) {
        let latest = try prepared("""
            SELECT s.id, s.format_version FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id
            WHERE ss.name = ? ORDER BY s.id DESC LIMIT 1
            """)
        defer { sqlite3_reset(latest) }
        bind(latest, 1, session)
        guard sqlite3_step(latest) == SQLITE_ROW else {
            throw Failure.sqlite("no session \(session)")
        }
        return (sqlite3_column_int64(latest, 0), Int(sqlite3_column_int64(latest, 1)))
    }

    func restore(session: String) throws -> Int {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        let (snapshotID, formatVersion) = try latestSnapshot(session: session)
        var state = DrillDownContainer<RestorationRecord>(left: [])
        let records = try prepared("SELECT slot, identifier, class_name, payload FROM restack_record WHERE snapshot_id = ? ORDER BY slot, position")
        sqlite3_bind_int64(records, 1, snapshotID)
        while sqlite3_step(records) == SQLITE_ROW {
            let payload = sqlite3_column_blob(records, 3).map { Data(bytes: $0, count: Int(sqlite3_column_bytes(records, 3))) }
            let record = RestorationRecord(identifier: text(records, 1), className: text(records, 2), payload: payload)
            if text(records, 0) == "right" { state.right = record } else { state.left.append(record) }
        }
        sqlite3_reset(records)
        let plan = Restorer.plan(.drillDown(formatVersion: formatVersion, left: state.left, right: state.right))
        return plan.drillDownCount
    }
}
