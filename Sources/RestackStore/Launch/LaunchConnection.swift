import Foundation
import GRDB
import GRDBSQLite

/// The store's lean launch connection: one SQLite connection, opened and used through the SQLite
/// C API that GRDB links and exports (its `GRDBSQLite` module), that serves the launch: the
/// launch read (``SnapshotStore/restore(session:layout:resolver:)`` in the usual case) and, while
/// GRDB's connection is not open yet, ``SnapshotStore/beginRestore(session:layout:resolver:)`` in
/// the usual case (the same read, and the crash-loop guard's bookkeeping in the same
/// transaction). Everything else, every other write included, goes through GRDB's connection,
/// which a store opened this way opens when it is first needed.
///
/// Why beneath GRDB: a GRDB connection's set-up is a fixed cost that a launch pays in full, in a
/// fresh process, before its first screen, nearly all of it the Swift runtime looking up generic
/// conformances the first time GRDB's types are used (the figures: <doc:Performance>). GRDB has
/// no setting that leaves them out. This connection has none of them, and prepares its few
/// statements once. The file
/// is still examined before it is used (a Restack store with exactly this library's migrations,
/// in WAL mode), every value is still read through the checked decoding (``StoredValues``), and
/// its writes have the store's durability (`synchronous`, as on GRDB's connection).
final class LaunchConnection: StatementRunner, @unchecked Sendable {
    private let connection: OpaquePointer
    /// Serialises every use: the store is used from any thread, and the connection is opened
    /// without SQLite's own mutex.
    private let lock = NSLock()
    /// Statements prepared once for the connection's lifetime. A list, not a dictionary: there
    /// are a handful, and their SQL strings are compared by identity first.
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

    /// Copies every page of the log into the file and empties the log
    /// (`SQLITE_CHECKPOINT_TRUNCATE`), waiting for other connections within the busy timeout.
    func checkpoint() throws {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the launch connection is closed")
        }
        let code = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        guard code == SQLITE_OK else {
            throw failure(code, ConnectionSettings.truncatingCheckpoint)
        }
    }

    /// Opens the existing store at `location` and examines it.
    ///
    /// - Parameters:
    ///   - examine: Whether to check that the file is a current Restack store in WAL mode;
    ///     `false` when GRDB's connection has just opened and migrated it.
    ///   - options: The busy timeout, and the durability of the guard's bookkeeping written at
    ///     launch (``SnapshotStore/beginRestore(session:layout:resolver:)``).
    /// - Returns: The connection, read-write, or `nil` when the file must be opened the general
    ///   way (GRDB's connection examines it again and says why it is refused, or migrates it, or
    ///   recovers it).
    /// - Throws: ``StoreError/locked(path:)`` when another process's lock outlasted the busy
    ///   timeout: the general way would wait it out a second time.
    static func open(_ location: StoreLocation, options: SnapshotStore.Options, examine: Bool) throws(StoreError) -> LaunchConnection? {
        guard location.exists else { return nil }
        if examine {
            // A file with side files (another process has it open, or was killed) is examined
            // read-only: closing a read-write connection as the file's last one would checkpoint
            // the other process's log into a file that may be refused. Once it is known to be a
            // Restack store, it is opened again, read-write.
            let sideFiles = location.existingSideFiles
            // A log without its index: SQLite's read-only connection would create the index, and
            // nothing would remove it beside a file that is refused. The general path examines it
            // without one (``StoreOpening/openForWriting(_:options:examined:)``).
            if !sideFiles.isEmpty && !sideFiles.contains("-shm") {
                return nil
            }
            let readOnly = !sideFiles.isEmpty
            guard let examining = connect(location, readOnly: readOnly, options: options) else { return nil }
            guard try examining.isCurrentStore(path: location.path) else { return nil }
            if readOnly {
                examining.close()
                return connect(location, readOnly: false, options: options)?.settingDurability(options.durability)
            }
            return examining.settingDurability(options.durability)
        }
        return connect(location, readOnly: false, options: options)?.settingDurability(options.durability)
    }

    /// A connection to the file, or `nil` when SQLite cannot open it.
    private static func connect(_ location: StoreLocation, readOnly: Bool, options: SnapshotStore.Options) -> LaunchConnection? {
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(location.path, &handle, flags, nil) == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            return nil
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, CInt(min(options.busyTimeout * 1000, Double(CInt.max))))
        return LaunchConnection(connection: handle)
    }

    /// Whether the file is a Restack store with exactly this library's migrations, in WAL mode.
    private func isCurrentStore(path: String) throws(StoreError) -> Bool {
        do {
            return try read { db in
                try StoreSchema.isCurrent(applied: StoreSchema.appliedMigrations(db)) && db.journalMode() == "wal"
            }
        } catch {
            // A lock another process held past the busy timeout is the answer (the general way
            // would wait it out again); any other failure is left to the general way.
            if case .locked = StoreError(error, path: path) { throw .locked(path: path) }
            return false
        }
    }

    /// This connection with `synchronous` set for `durability`, as GRDB's writing connection
    /// has it; `nil` when it cannot be set.
    private func settingDurability(_ durability: SnapshotStore.Durability) -> LaunchConnection? {
        lock.lock()
        defer { lock.unlock() }
        return (try? run(durability.pragma)) == nil ? nil : self
    }

    /// Runs `body` in one read transaction (a consistent view of the file).
    func read<T>(_ body: (LaunchConnection) throws -> T) throws -> T {
        try transaction(ConnectionSettings.beginRead, body)
    }

    /// Runs `body` in one `IMMEDIATE` transaction (the write lock taken first).
    func write<T>(_ body: (LaunchConnection) throws -> T) throws -> T {
        try transaction(ConnectionSettings.beginWrite, body)
    }

    /// Runs `body` between `begin` and a commit, or rolls back when it throws.
    private func transaction<T>(_ begin: String, _ body: (LaunchConnection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the launch connection is closed")
        }
        try run(begin)
        do {
            let value = try body(self)
            try run(ConnectionSettings.commit)
            return value
        } catch {
            if sqlite3_get_autocommit(connection) == 0 {
                _ = try? run(ConnectionSettings.rollback)
            }
            throw error
        }
    }

    func forEachRow(_ sql: String, binding values: [DatabaseValue], _ body: (SQLiteStatement) throws -> Bool) throws {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        try Statement.bindEvery(values, to: statement, sql: sql)
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

    /// How many rows the last statement that wrote changed; read inside a use (``read(_:)`` or
    /// ``write(_:)``), which holds the connection.
    var changesCount: Int {
        Int(sqlite3_changes(connection))
    }

    /// The journal mode, as SQLite names it (`wal`, `delete`, ...).
    func journalMode() throws -> String? {
        var mode: String?
        try forEachRow(ConnectionSettings.journalMode, binding: []) { step in
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
