import GRDB

/// The statements that set a connection up and bracket its transactions: the journal, the
/// durability, the page size of a new store, read-only pinning, `BEGIN` and `COMMIT`.
enum ConnectionSettings {
    /// Begins a read transaction (a consistent view of the file).
    static let beginRead = "BEGIN DEFERRED TRANSACTION"
    /// Begins a write transaction, the write lock taken first: concurrent writers queue on the
    /// busy timeout instead of failing.
    static let beginWrite = "BEGIN IMMEDIATE TRANSACTION"
    static let commit = "COMMIT TRANSACTION"
    static let rollback = "ROLLBACK TRANSACTION"
    /// The journal mode, as SQLite names it (`wal`, `delete`, ...).
    static let journalMode = "PRAGMA journal_mode"
    /// What a checkpoint that empties the log is called in errors.
    static let truncatingCheckpoint = "PRAGMA wal_checkpoint(TRUNCATE)"

    /// A new store's pages are 1 KB (a navigation change then writes less than a JSON file does,
    /// <doc:Performance>); set before the first table, and before WAL, which fixes the page size.
    static func setNewStorePageSize(_ db: Database) throws {
        try db.execute(sql: "PRAGMA page_size = 1024")
    }

    /// Sets the journal to WAL unless it is already: `false` when SQLite refuses.
    static func useWriteAheadLog(_ db: Database) throws -> Bool {
        if try String.fetchOne(db, sql: journalMode) == "wal" {
            return true
        }
        return try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal"
    }

    /// Pins a connection so that it writes nothing.
    static func makeQueryOnly(_ db: Database) throws {
        try db.execute(sql: "PRAGMA query_only = 1")
    }
}

extension SnapshotStore.Durability {
    /// The `synchronous` setting of the connection that writes.
    var pragma: String {
        switch self {
        case .full: "PRAGMA synchronous = FULL"
        case .normal: "PRAGMA synchronous = NORMAL"
        }
    }
}
