import Foundation
import GRDB
import GRDBSQLite

/// The store's lean read connection: one SQLite connection, opened and used through the SQLite
/// C API that GRDB links and exports (its `GRDBSQLite` module), that serves the launch read
/// (``SnapshotStore/restore(session:layout:resolver:)`` in the usual case) and nothing else.
/// Everything else, every write included, goes through GRDB's connection, which a store opened
/// this way opens when it is first needed.
///
/// Why beneath GRDB: a GRDB connection's set-up is a fixed cost that a launch pays in full, in a
/// fresh process, before its first screen. Counted by callgrind over `restack-bench probe` (open
/// a 3-session store, restore one session of 10 records, close it, in a fresh process; Linux,
/// release build), opening through GRDB cost 3.10M instructions and the first restore 1.33M
/// more, where raw SQLite spends 2.25M on the whole: 6.33M, 2.81x. Nearly all of GRDB's share
/// is the Swift runtime looking up generic conformances the first time GRDB's types are used
/// (each lookup scans every conformance record of the process): its default SQL functions and
/// collations (0.86M), its statement authorizer's `DatabaseRegion`s at the first statements
/// (1.4M), `validateFormat` (0.13M), and `NotificationCenter` in the queue's deinitializer
/// (0.69M). GRDB has no setting that leaves them out. This connection has none of them, and
/// prepares its few statements once. The file is still examined before it is used (a Restack
/// store with exactly this library's migrations, in WAL mode), and every value is still read
/// through the checked decoding (``StoredValues``).
///
/// It never writes. Where there were side files (another process has the file open, or one was
/// killed), it is opened read-only, so that closing it can never checkpoint another process's
/// log into a file that is then refused; otherwise read-write, like the connection GRDB would
/// open, which removes the side files it made when it closes.
final class LaunchConnection: StatementRunner, @unchecked Sendable {
    private let connection: OpaquePointer
    /// Serialises every use: the store is used from any thread, and the connection is opened
    /// without SQLite's own mutex.
    private let lock = NSLock()
    /// Statements prepared once for the connection's lifetime. A list, not a dictionary: there
    /// are four, and their SQL strings are compared by identity first.
    private var statements: [(sql: String, statement: OpaquePointer)] = []
    private var isClosed = false

    private init(connection: OpaquePointer) {
        self.connection = connection
    }

    deinit {
        close()
    }

    /// Closes the connection; it answers nothing after. Closing again does nothing.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        isClosed = true
        for entry in statements {
            sqlite3_finalize(entry.statement)
        }
        statements = []
        sqlite3_close_v2(connection)
    }

    /// Opens the existing store at `location` and examines it.
    ///
    /// - Parameter examine: Whether to check that the file is a current Restack store in WAL
    ///   mode; `false` when GRDB's connection has just opened and migrated it (the connection
    ///   is then read-write, like GRDB's).
    /// - Returns: The connection, or `nil` when the file must be opened the general way (GRDB's
    ///   connection examines it again and says why it is refused, or migrates it, or recovers it).
    /// - Throws: ``StoreError/locked(path:)`` when another process's lock outlasted the busy
    ///   timeout: the general way would wait it out a second time.
    static func open(_ location: StoreLocation, busyTimeout: TimeInterval, examine: Bool) throws(StoreError) -> LaunchConnection? {
        guard location.exists else { return nil }
        // A file with side files is examined read-only until it is known to be a Restack store.
        let readOnly = examine && !location.existingSideFiles.isEmpty
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(location.path, &handle, flags, nil) == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            return nil
        }
        let launch = LaunchConnection(connection: handle)
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, CInt(min(busyTimeout * 1000, Double(CInt.max))))
        guard examine else { return launch }
        do {
            let current = try launch.read { db in
                try StoreSchema.isCurrent(applied: StoreSchema.appliedMigrations(db)) && db.journalMode() == "wal"
            }
            return current ? launch : nil
        } catch let error as DatabaseError where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode.primaryResultCode) {
            throw .locked(path: location.path)
        } catch {
            return nil
        }
    }

    /// Runs `body` in one read transaction (a consistent view of the file).
    func read<T>(_ body: (LaunchConnection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the launch connection is closed")
        }
        try run("BEGIN DEFERRED TRANSACTION")
        do {
            let value = try body(self)
            try run("COMMIT TRANSACTION")
            return value
        } catch {
            if sqlite3_get_autocommit(connection) == 0 {
                _ = try? run("ROLLBACK TRANSACTION")
            }
            throw error
        }
    }

    /// The session's newest snapshot by the launch read, when it answers: `nil` when the
    /// general path must (``LaunchRead/newest(_:session:threshold:)``), and when this
    /// connection fails in any way, for the general path to fail the same way and say so.
    func newest(session: String, threshold: Int) -> LaunchRead.Found? {
        try? read { db in try LaunchRead.newest(db, session: session, threshold: threshold) }
    }

    func forEachRow(_ sql: String, binding values: [DatabaseValue], _ body: (SQLiteStatement) throws -> Bool) throws {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        guard values.count == Int(sqlite3_bind_parameter_count(statement)) else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "\(values.count) values for \(sqlite3_bind_parameter_count(statement)) parameters", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let code = Statement.bind(value, to: statement, at: CInt(offset + 1))
            guard code == SQLITE_OK else { throw failure(code, sql) }
        }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                guard try body(statement) else { return }
            case SQLITE_DONE:
                return
            case let code:
                throw failure(code, sql)
            }
        }
    }

    /// The journal mode, as SQLite names it (`wal`, `delete`, ...).
    func journalMode() throws -> String? {
        var mode: String?
        try forEachRow("PRAGMA journal_mode", binding: []) { step in
            mode = sqlite3_column_text(step, 0).map { String(cString: $0) }
            return false
        }
        return mode
    }

    private func run(_ sql: String) throws {
        try forEachRow(sql, binding: []) { _ in true }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let entry = statements.first(where: { $0.sql == sql }) {
            return entry.statement
        }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw failure(code, sql)
        }
        statements.append((sql, statement))
        return statement
    }

    private func failure(_ code: CInt, _ sql: String) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }
}
