import Foundation
import GRDB
import Restack

/// A SQLite store of drill-down states: sessions, their snapshots, and the records of each.
///
/// Opening a path creates the file if it is absent and brings its schema up to date (WAL
/// journal, foreign keys on, `synchronous = FULL`). Each save is one transaction: it commits
/// whole or writes nothing. Snapshots are kept as history until pruned.
///
/// ```swift
/// let store = try SnapshotStore(path: storeURL.path)
/// try store.save(state, session: scene.session.persistentIdentifier, appVersion: "2.3")
///
/// // On the next launch:
/// let restoration = try store.restore(session: sessionID) { record in
///     factory.canMake(record.className)
/// }
/// ```
///
/// The store knows nothing of the restoration rules: ``restore(session:canRebuild:)`` loads a
/// snapshot and hands it to ``Restorer``.
///
/// ## Topics
///
/// ### Opening a store
/// - ``init(path:options:)``
/// - ``init(readingAt:options:)``
/// - ``init(database:options:)``
/// - ``registerMigrations(in:)``
/// - ``Options``
///
/// ### Saving
/// - ``save(_:session:appVersion:savedAt:)``
/// - ``Limits``
/// - ``Retention``
///
/// ### Reading
/// - ``sessions()``
/// - ``snapshots(session:)``
/// - ``latestSnapshot(session:)``
/// - ``snapshot(id:session:)``
///
/// ### Restoring
/// - ``beginRestore(session:canRebuild:)``
/// - ``confirmRestore(snapshotID:)``
/// - ``restore(session:canRebuild:)``
/// - ``restore(session:resolver:)``
/// - ``liftQuarantine(snapshotID:)``
///
/// ### Managing history
/// - ``deleteSession(_:)``
/// - ``pruneHistory(session:keepingLast:)``
/// - ``check()``
public final class SnapshotStore: Sendable {
    /// The connection, or pool of connections, the store works through.
    let database: any DatabaseWriter

    /// The path of the store's file, as given when opening it.
    public let path: String

    /// Whether the store was opened for reading only; saving then fails with
    /// ``StoreError/readOnly(path:)``.
    public let isReadOnly: Bool

    /// The caps, retention and crash-loop threshold the store applies.
    public let options: Options

    /// Opens the store at `path` for reading and writing, creating the file if it is absent and
    /// applying any migration it lacks.
    ///
    /// An existing file is first examined through a connection that writes nothing, so that a
    /// file that is refused is left byte for byte as it was. A file without write permission
    /// is opened for reading only: reads work and saves fail with ``StoreError/readOnly(path:)``.
    ///
    /// - Parameters:
    ///   - path: The store's file.
    ///   - options: Caps, retention and the crash-loop threshold; the defaults by default.
    /// - Throws: ``StoreError/directoryNotFound(path:)``, ``StoreError/isDirectory(path:)``,
    ///   ``StoreError/notADatabase(path:)``, ``StoreError/corrupt(path:detail:)``,
    ///   ``StoreError/foreignDatabase(path:tables:)`` (another application's database),
    ///   ``StoreError/newerSchema(path:unknownMigrations:)``, and errors opening the file.
    public convenience init(path: String, options: Options = Options()) throws(StoreError) {
        let exists = try StoreLocation.check(path, mustExist: false)
        if exists && !StoreLocation.isWritable(path) {
            try self.init(readingAt: path, options: options)
            return
        }
        if exists {
            try Self.refuseUnusable(path: path)
        }
        let pool = try withStoreErrors(path: path) {
            try DatabasePool(path: path, configuration: Self.configuration(durability: options.durability))
        }
        try withStoreErrors(path: path) {
            try StoreSchema.migrator.migrate(pool)
        }
        self.init(connection: pool, path: path, isReadOnly: false, options: options)
    }

    /// Opens an existing store for reading only. Nothing is ever created, migrated or written.
    ///
    /// - Parameters:
    ///   - path: The store's file.
    ///   - options: The crash-loop threshold used to say what a restore would give.
    /// - Throws: ``StoreError/fileNotFound(path:)`` when there is no file, the errors of
    ///   ``init(path:)``, and ``StoreError/outdatedSchema(path:missingMigrations:)`` when the
    ///   store lacks migrations that only a writable opening can apply.
    public convenience init(readingAt path: String, options: Options = Options()) throws(StoreError) {
        _ = try StoreLocation.check(path, mustExist: true)
        let queue = try Self.inspectionQueue(path: path)
        let status = try withStoreErrors(path: path) { try queue.read(StoreSchema.status) }
        switch status {
        case .empty:
            throw .foreignDatabase(path: path, tables: [])
        case .foreign(let tables):
            throw .foreignDatabase(path: path, tables: tables)
        case .restack(let unknown, _) where !unknown.isEmpty:
            throw .newerSchema(path: path, unknownMigrations: unknown)
        case .restack(_, let missing) where !missing.isEmpty:
            throw .outdatedSchema(path: path, missingMigrations: missing)
        case .restack:
            break
        }
        self.init(connection: queue, path: path, isReadOnly: true, options: options)
    }

    /// Hosts Restack's tables in a database the app already opened with GRDB, applying
    /// Restack's migrations to it.
    ///
    /// Restack's tables are prefixed `restack_` and its migrations `restack.`, so they live
    /// beside the app's own. An app that runs its own `DatabaseMigrator` can register
    /// Restack's migrations there instead, with ``registerMigrations(in:)``; this initializer
    /// then finds them applied.
    ///
    /// - Parameters:
    ///   - database: The app's `DatabaseQueue` or `DatabasePool`.
    ///   - options: Caps, retention and the crash-loop threshold; the defaults by default.
    /// - Throws: ``StoreError/newerSchema(path:unknownMigrations:)`` when the database holds
    ///   Restack migrations this library does not know, and database errors.
    public convenience init(database: some DatabaseWriter, options: Options = Options()) throws(StoreError) {
        let path = database.path
        let status = try withStoreErrors(path: path) { try database.read(StoreSchema.status) }
        if case .restack(let unknown, _) = status, !unknown.isEmpty {
            throw .newerSchema(path: path, unknownMigrations: unknown)
        }
        try withStoreErrors(path: path) {
            try StoreSchema.migrator.migrate(database)
        }
        self.init(connection: database, path: path, isReadOnly: false, options: options)
    }

    private init(connection: any DatabaseWriter, path: String, isReadOnly: Bool, options: Options) {
        self.database = connection
        self.path = path
        self.isReadOnly = isReadOnly
        self.options = options
    }

    /// Registers Restack's schema migrations, in order, in an app's own migrator.
    ///
    /// ```swift
    /// var migrator = DatabaseMigrator()
    /// migrator.registerMigration("app.v1") { db in ... }
    /// SnapshotStore.registerMigrations(in: &migrator)
    /// try migrator.migrate(dbQueue)
    /// let store = try SnapshotStore(database: dbQueue)
    /// ```
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        StoreSchema.register(in: &migrator)
    }

    /// The identifiers of the schema migrations this library knows, oldest first.
    public static var knownMigrations: [String] {
        StoreSchema.knownMigrations
    }

    // MARK: - Opening

    static func configuration(durability: Durability) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.label = "Restack"
        // Wait for other processes' writes instead of failing with "database is locked".
        configuration.busyMode = .timeout(30)
        configuration.prepareDatabase { db in
            switch durability {
            case .full:
                // An acknowledged save survives a power loss, not only a crash.
                try db.execute(sql: "PRAGMA synchronous = FULL")
            case .normal:
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        return configuration
    }

    /// A connection that reads an existing file and leaves nothing behind: not a byte of the
    /// file changed, and no side file created.
    ///
    /// A read-only connection to a WAL database creates `-wal` and `-shm` files when they are
    /// absent and cannot remove them. So when there are none, the connection is opened
    /// read-write but pinned with `PRAGMA query_only`: it writes nothing, and on closing removes
    /// the side files it created. When side files exist (a process has the store open, or
    /// crashed), a read-only connection uses them and creates nothing.
    static func inspectionQueue(path: String) throws(StoreError) -> DatabaseQueue {
        let sideFilesExist = ["-wal", "-shm", "-journal"].contains {
            FileManager.default.fileExists(atPath: path + $0)
        }
        var configuration = Configuration()
        configuration.label = "Restack.inspection"
        configuration.busyMode = .timeout(30)
        if sideFilesExist {
            configuration.readonly = true
        } else {
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA query_only = 1")
            }
        }
        return try withStoreErrors(path: path) {
            try DatabaseQueue(path: path, configuration: configuration)
        }
    }

    /// Examines an existing file read-only and throws if it must not be opened for writing.
    private static func refuseUnusable(path: String) throws(StoreError) {
        let queue = try inspectionQueue(path: path)
        let status = try withStoreErrors(path: path) {
            defer { try? queue.close() }
            return try queue.read(StoreSchema.status)
        }
        switch status {
        case .foreign(let tables):
            throw .foreignDatabase(path: path, tables: tables)
        case .restack(let unknown, _) where !unknown.isEmpty:
            throw .newerSchema(path: path, unknownMigrations: unknown)
        case .empty, .restack:
            break
        }
    }

    // MARK: - Access

    /// Reads with errors mapped to ``StoreError``.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try withStoreErrors(path: path) { try database.read(body) }
    }

    /// Writes in one immediate transaction, with errors mapped to ``StoreError``. Nothing is
    /// written unless `body` returns.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        guard !isReadOnly else { throw .readOnly(path: path) }
        return try withStoreErrors(path: path) {
            try database.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        }
    }
}
