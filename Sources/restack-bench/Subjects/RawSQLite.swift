import Foundation
import GRDBSQLite
import Restack

/// The "raw SQLite" baseline: Restack's schema and the same rows, written and read through the
/// SQLite C API directly with prepared statements, in one `BEGIN IMMEDIATE` transaction per save,
/// WAL journal and the same `synchronous` setting. Saving and restoring on migration 9's layout
/// (a snapshot row with its tree blob, records' values shared by consecutive snapshots) are in
/// `RawSQLite+Saving.swift`; what a row holds is written and read by Restack's own encoder and reader.
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
        if try scalar("SELECT COUNT(*) FROM sqlite_master WHERE name = 'restack_snapshot'") == 0 {
            try createSchema(path: path)
        }
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = \(synchronous); PRAGMA foreign_keys = ON")
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

    /// The first column of every row of `sql`, as text.
    func column(_ sql: String) throws -> [String] {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(text(statement, 0) ?? "NULL")
        }
        return rows
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

    func text(_ statement: OpaquePointer, _ column: Int32) -> String? {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL, let bytes = sqlite3_column_text(statement, column) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    func blob(_ statement: OpaquePointer, _ column: Int32) -> Data? {
        guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}
