import GRDB
import RestackMigrations

/// Restack's schema: its migrations, and how to tell a Restack store from any other database.
enum StoreSchema {
    /// The prefix of Restack's migration identifiers and table names.
    static let migrationPrefix = "restack."
    static let tablePrefix = "restack_"

    /// A migrator that applies Restack's migrations from `Migrations/`.
    ///
    /// Its migrations run with foreign keys off and without GRDB's deferred foreign-key check,
    /// which checks the whole file: a store whose rows refer to a missing session or snapshot
    /// (damage, which `check` reports) still opens, read-only too, and migrates with every row
    /// kept, as it opened before migration 9. Restack's migrations never make such a row.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator().disablingDeferredForeignKeyChecks()
        register(in: &migrator)
        return migrator
    }

    /// Registers Restack's migrations, in order, in `migrator`.
    ///
    /// Each runs on a connection that has `restack_encode_tree` (``MigratedTree``): migration 9
    /// encodes the trees of older snapshots with the store's own encoder. The function is
    /// removed again, so that an app's connection that hosts the store is left as it was.
    static func register(in migrator: inout DatabaseMigrator) {
        for migration in RestackMigrations.all {
            migrator.registerMigration(migration.identifier) { db in
                db.add(function: MigratedTree.function)
                defer { db.remove(function: MigratedTree.function) }
                try db.execute(sql: migration.sql)
            }
        }
    }

    /// The identifiers of the migrations this library knows, oldest first.
    static var knownMigrations: [String] {
        RestackMigrations.all.map(\.identifier)
    }

    /// What an existing database holds, as far as Restack is concerned.
    enum Status: Equatable {
        /// No tables at all: a new or empty file.
        case empty
        /// Tables, none of them Restack's.
        case foreign(tables: [String])
        /// A Restack store: which of its migrations this library does not know, and which of
        /// this library's it lacks.
        case restack(unknown: [String], missing: [String])
        /// Restack's tables and nothing else, but no record of Restack's migrations (its
        /// `grdb_migrations` table dropped or emptied): a damaged store, whose schema cannot be
        /// told, so it is neither migrated nor read.
        case unrecorded(tables: [String])
    }

    /// Reads the schema of `db` without changing anything.
    ///
    /// A Restack store records its migrations, so one query usually answers: the launch path
    /// prepares one statement here (GRDB's authorizer pays per column a prepared statement
    /// reads). Other files are told apart by their tables.
    static func status(_ db: Database) throws -> Status {
        // Only a missing table is an answer here: any other error (a lock held by another
        // process, a damaged page) is thrown, never taken for "no migrations" (which would wait
        // out the busy timeout a second time, or misjudge the file).
        let applied: [String]
        do {
            applied = try appliedMigrations(db)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            return try statusFromTables(db)
        }
        if applied.contains(where: { $0.hasPrefix(migrationPrefix) }) {
            return restackStatus(applied: applied)
        }
        return try statusFromTables(db)
    }

    /// The identifiers in GRDB's migration table; throws when there is no such table.
    ///
    /// Read through a plain statement and ``StepCursor``, not `String.fetchAll(db, sql:)`: on
    /// the launch path this is the connection's first statement, and GRDB's SQL request and its
    /// generic cursor cost the Swift runtime's conformance lookups the first time in a process.
    /// A non-text identifier (a
    /// damaged table) reads as no identifier, so that the file is examined by its tables.
    static func appliedMigrations(_ db: some StatementRunner) throws -> [String] {
        var applied: [String] = []
        try db.forEachRow("SELECT identifier FROM grdb_migrations", binding: []) { step in
            if case .string(let identifier) = DatabaseValue(sqliteStatement: step, index: 0).storage {
                applied.append(identifier)
            }
            return true
        }
        return applied
    }

    /// Removes from GRDB's migration table every migration not in `applied`: an in-memory copy
    /// migrated for reading then says which migrations its file has.
    static func forgetMigrations(_ db: Database, except applied: [String]) throws {
        for identifier in try appliedMigrations(db) where !applied.contains(identifier) {
            try db.execute("DELETE FROM grdb_migrations WHERE identifier = ?", binding: [identifier.databaseValue])
        }
    }

    /// Whether a file whose migration table lists `applied` is a Restack store with exactly
    /// the migrations this library knows: one that is read and written as it is.
    static func isCurrent(applied: [String]) -> Bool {
        applied.contains { $0.hasPrefix(migrationPrefix) } && restackStatus(applied: applied) == .restack(unknown: [], missing: [])
    }

    /// The status of a store whose applied migrations include Restack's.
    private static func restackStatus(applied: [String]) -> Status {
        let restackApplied = applied.filter { $0.hasPrefix(migrationPrefix) }
        let known = knownMigrations
        return .restack(
            unknown: restackApplied.filter { !known.contains($0) }.sorted(),
            missing: known.filter { !restackApplied.contains($0) }
        )
    }

    /// The status of any file, from its list of tables.
    private static func statusFromTables(_ db: Database) throws -> Status {
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master
            WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
            ORDER BY name
            """)
        let applied = try tables.contains("grdb_migrations") ? appliedMigrations(db) : []
        // GRDB's migrator creates its table before the first migration: a file with only that
        // table, empty, is one another process has just begun to create.
        if applied.isEmpty && tables.allSatisfy({ $0 == "grdb_migrations" }) {
            return .empty
        }
        let restackApplied = applied.filter { $0.hasPrefix(migrationPrefix) }
        let hasRestackTables = tables.contains { $0.hasPrefix(tablePrefix) }
        guard hasRestackTables || !restackApplied.isEmpty else {
            return .foreign(tables: tables)
        }
        if restackApplied.isEmpty {
            // Tables named like Restack's without the record of their migrations: another
            // application's file when it holds other tables too, else a damaged store. Either
            // way nothing may be migrated into it (a migration would fail half-way, after
            // changing the file).
            let others = tables.filter { !$0.hasPrefix(tablePrefix) && $0 != "grdb_migrations" }
            return others.isEmpty ? .unrecorded(tables: tables) : .foreign(tables: tables)
        }
        return restackStatus(applied: applied)
    }

    // MARK: Reading older stores

    /// Whether a store that lacks the migrations `missing` can be read without being written:
    /// it is copied into memory (SQLite's backup, which only reads the file) and migrated there
    /// (``SnapshotStore``'s reading initializers). Every store with Restack's first migration
    /// can; the file is left byte for byte.
    static func canReadUnmigrated(missing: [String]) -> Bool {
        !missing.contains(knownMigrations[0])
    }
}
