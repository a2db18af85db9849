import Foundation
import GRDB
import Restack

/// A SQLite store of navigation states: sessions, their snapshots, and the records of each, as
/// format-1 drill-down states or format-2 trees of containers.
///
/// Opening a path creates the file if it is absent and brings its schema up to date (WAL
/// journal, foreign keys on, `synchronous = FULL` by default: each save syncs before it
/// returns). Each save is one transaction: it commits whole or writes nothing. Snapshots are
/// kept as history until pruned.
///
/// ```swift
/// let store = try SnapshotStore(path: storeURL.path, options: .init(appVersion: "2.3"))
/// try store.save(tree, session: sceneID)
///
/// // On the next launch: a restoration, an expired snapshot, or nothing saved.
/// let answer = try store.beginRestore(session: sceneID, resolver: RecordResolver { factory.canMake($0.className) })
/// ```
///
/// The store knows nothing of the restoration rules: ``restore(session:layout:resolver:)``
/// loads a snapshot and hands it to `Restorer`.
///
/// ## Topics
///
/// ### Opening a store
/// - ``init(path:options:)``
/// - ``inMemory(options:)``
/// - ``init(readingAt:options:)``
/// - ``init(database:options:)``
/// - ``registerMigrations(in:)``
/// - ``Options``
///
/// ### Saving
/// - ``Limits``
/// - ``Retention``
///
/// ### Restoring
/// - <doc:LaunchSequence>
/// - ``beginRestore(session:layout:resolver:)``
/// - ``beginRestore(session:)``
/// - ``restore(session:layout:resolver:)``
/// - ``restore(session:)``
///
/// ### Closing
/// - ``close()-6sv8j``
/// - ``close()-5s5a8``
///
/// ### Managing history
/// - ``deleteSession(_:)-1hz51``
/// - ``deleteSession(_:)-92xrs``
/// - ``deleteOwner()-8yq63``
/// - ``deleteOwner()-7jjx3``
/// - ``liftQuarantine(snapshotID:)``
public final class SnapshotStore: Sendable {
    /// GRDB's connection, or pool of connections, the store works through, and its lean launch
    /// connection when it was opened at a path.
    let connections: StoreConnections

    /// GRDB's connection, opened first if it was not yet.
    var database: any DatabaseWriter {
        get throws(StoreError) { try connections.writer() }
    }

    /// The real path of the store's file (symbolic links resolved), or the hosting database's
    /// path.
    public let path: String

    /// Whether the store was opened for reading only; saving then fails with
    /// ``StoreError/readOnly(path:)`` (or ``StoreError/diskFull(path:)`` when the disk was full
    /// at opening).
    public var isReadOnly: Bool {
        writeRefusal != nil
    }

    /// Why writes fail, for a store opened for reading only.
    let writeRefusal: StoreError?

    /// The caps, retention and crash-loop threshold the store applies.
    public let options: Options

    /// The tree each session's last save through this store wrote.
    let writtenTrees = WrittenTrees()

    /// Opens the store at `path` for reading and writing, creating the file if it is absent and
    /// applying any migration it lacks.
    ///
    /// The path is resolved first (symbolic links, `.` and `..`, a trailing slash): the store
    /// is the real file, and errors name it. The file is examined before anything is written, so
    /// that a file that is refused is left byte for byte as it was. A file without write
    /// permission, or in a folder that accepts no new file, is opened for reading only: reads
    /// work and saves fail with ``StoreError/readOnly(path:)``. Opening a current store writes
    /// nothing. Several processes may open a new path at once; one creates the store and the
    /// others find it.
    ///
    /// A current store is examined, and restored at launch (``restore(session:layout:resolver:)``
    /// and ``beginRestore(session:layout:resolver:)`` in the usual case), through a lean SQLite
    /// connection; GRDB's connection opens at the first other write or read, and examines the
    /// file again (<doc:Performance>).
    ///
    /// - Parameters:
    ///   - path: The store's file.
    ///   - options: Caps, retention, the crash-loop threshold, durability; the defaults by default.
    /// - Throws: ``StoreError/directoryNotFound(path:)``, ``StoreError/isDirectory(path:)``,
    ///   ``StoreError/hardLinked(path:links:)``, ``StoreError/notADatabase(path:)``,
    ///   ``StoreError/corrupt(path:detail:)``, ``StoreError/foreignDatabase(path:tables:)``
    ///   (another application's database), ``StoreError/newerSchema(path:unknownMigrations:)``,
    ///   ``StoreError/readOnly(path:)`` (a new store in a read-only folder), and errors opening
    ///   the file.
    public convenience init(path: String, options: Options = Options()) throws(StoreError) {
        try options.checkOwner()
        let location = try StoreLocation.resolve(path, mustExist: false)
        guard location.isWritable else {
            guard location.exists else { throw .readOnly(path: location.path) }
            try self.init(reading: location, options: options, writeRefusal: .readOnly(path: location.path))
            return
        }
        // On a full disk, opening would fail half-way and leave side files behind: the store
        // is read in place instead, and a save says the disk is full.
        if location.existingSideFiles.isEmpty && !location.hasRoomForSideFiles {
            guard location.exists else { throw .diskFull(path: location.path) }
            try self.init(reading: location, options: options, writeRefusal: .diskFull(path: location.path))
            return
        }
        // The usual launch: a current store, examined and read through the lean launch
        // connection; GRDB's connection opens at the first write (or any other read).
        if let launch = try LaunchConnection.open(location, options: options, examine: true) {
            let connections = StoreConnections(launch: launch) { () throws(StoreError) in
                try StoreOpening.openForWriting(location, options: options, examined: true)
            }
            self.init(connections, path: location.path, writeRefusal: nil, options: options)
            return
        }
        // A new file, one to migrate or recover, or one to refuse: GRDB's connection examines it
        // and says why. Once it is open and current, the launch read has its lean connection too.
        let queue = try StoreOpening.openForWriting(location, options: options)
        let launch = try? LaunchConnection.open(StoreLocation(path: location.path, exists: true), options: options, examine: false)
        self.init(StoreConnections(queue, launch: launch), path: location.path, writeRefusal: nil, options: options)
    }

    /// Opens an existing store for reading only. Nothing is ever created, migrated or written,
    /// and no side file is left behind; on read-only media the file is read in SQLite's
    /// immutable mode. A store written by an earlier Restack (lacking newer migrations) is read
    /// as it is, unmigrated.
    ///
    /// - Parameters:
    ///   - path: The store's file.
    ///   - options: The crash-loop threshold used to say what a restore would give, and the
    ///     busy timeout.
    /// - Throws: ``StoreError/fileNotFound(path:)`` when there is no file, the errors of
    ///   ``init(path:options:)``, and ``StoreError/outdatedSchema(path:missingMigrations:)`` when
    ///   the store lacks migrations that only a writable opening can apply.
    public convenience init(readingAt path: String, options: Options = Options()) throws(StoreError) {
        try options.checkOwner()
        let location = try StoreLocation.resolve(path, mustExist: true)
        try self.init(reading: location, options: options, writeRefusal: .readOnly(path: location.path))
    }

    private convenience init(reading location: StoreLocation, options: Options, writeRefusal: StoreError) throws(StoreError) {
        let path = location.path
        let queue = try StoreOpening.readOnlyQueue(path: path, options: options, mode: StoreOpening.inspectionMode(location))
        let status = try withStoreErrors(path: path) { try queue.read(StoreSchema.status) }
        switch status {
        case .empty:
            throw .foreignDatabase(path: path, tables: [])
        case .foreign(let tables):
            throw .foreignDatabase(path: path, tables: tables)
        case .unrecorded(let tables):
            throw StoreOpening.unrecordedError(path: path, tables: tables)
        case .restack(let unknown, _) where !unknown.isEmpty:
            throw .newerSchema(path: path, unknownMigrations: unknown)
        case .restack(_, let missing) where !StoreSchema.canReadUnmigrated(missing: missing):
            throw .outdatedSchema(path: path, missingMigrations: missing)
        case .restack(_, let missing) where !missing.isEmpty:
            // An older store is read as the migrations would make it, from a copy in memory:
            // the file is left byte for byte.
            let copy = try StoreOpening.migratedCopy(of: queue, path: path)
            try? queue.close()
            self.init(StoreConnections(copy), path: path, writeRefusal: writeRefusal, options: options)
            return
        case .restack:
            break
        }
        self.init(StoreConnections(queue), path: path, writeRefusal: writeRefusal, options: options)
    }

    /// A store in memory, for tests: the whole API, no file, nothing left behind, and no need
    /// to import GRDB. It lives as long as the value.
    ///
    /// ```swift
    /// let store = try SnapshotStore.inMemory()
    /// try store.save(tree, session: "test")
    /// #expect(try store.restore(session: "test").restoration?.plan.restoredRecords.count == 2)
    /// ```
    public static func inMemory(options: Options = Options()) throws(StoreError) -> SnapshotStore {
        try options.checkOwner()
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.label = "Restack.inMemory"
        let path = ":memory:"
        let queue = try withStoreErrors(path: path) { try DatabaseQueue(configuration: configuration) }
        try withStoreErrors(path: path) { try StoreSchema.migrator.migrate(queue) }
        return SnapshotStore(StoreConnections(queue), path: path, writeRefusal: nil, options: options)
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
        try options.checkOwner()
        let path = database.path
        let status = try withStoreErrors(path: path) { try database.read(StoreSchema.status) }
        if case .restack(let unknown, _) = status, !unknown.isEmpty {
            throw .newerSchema(path: path, unknownMigrations: unknown)
        }
        if case .unrecorded(let tables) = status {
            throw StoreOpening.unrecordedError(path: path, tables: tables)
        }
        try withStoreErrors(path: path) {
            try StoreSchema.migrator.migrate(database)
        }
        self.init(StoreConnections(database, owned: false), path: path, writeRefusal: nil, options: options)
    }

    private init(_ connections: StoreConnections, path: String, writeRefusal: StoreError?, options: Options) {
        self.connections = connections
        self.path = path
        self.writeRefusal = writeRefusal
        self.options = options
    }

    /// Registers Restack's schema migrations, in order, in an app's own migrator.
    ///
    /// ```swift
    /// var migrator = DatabaseMigrator()
    /// migrator.registerMigration("app.v1") { db in try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY)") }
    /// SnapshotStore.registerMigrations(in: &migrator)
    /// try migrator.migrate(dbQueue)
    /// let store = try SnapshotStore(database: dbQueue)
    /// ```
    ///
    /// A migrator that defers foreign-key checks (GRDB's default) checks the whole file after
    /// each migration, and so refuses to migrate a damaged store whose rows refer to a missing
    /// session or snapshot; `disablingDeferredForeignKeyChecks()` migrates it with every row
    /// kept, as ``SnapshotStore``'s own initializers do.
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        StoreSchema.register(in: &migrator)
    }

    /// The identifiers of the schema migrations this library knows, oldest first.
    package static var knownMigrations: [String] {
        StoreSchema.knownMigrations
    }

    // MARK: - Access

    /// Reads in one deferred transaction (a consistent view of the file), with errors mapped to
    /// ``StoreError``. `body` only reads.
    ///
    /// Not `DatabaseQueue.read`: it brackets each read with `PRAGMA query_only`, a flag pragma
    /// that expires every prepared statement, so that each restore re-prepared its statements.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try whileOpen { () throws(StoreError) in
            try withStoreErrors(path: path) {
                try database.unsafeRead { db in try Self.inTransaction(db, begin: ConnectionSettings.beginRead, body) }
            }
        }
    }

    /// Writes in one `IMMEDIATE` transaction, with errors mapped to ``StoreError``: the write
    /// lock is taken first, so concurrent writers queue on the busy timeout instead of failing.
    /// Nothing is written unless `body` returns.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try whileOpen { () throws(StoreError) in
            if let writeRefusal { throw writeRefusal }
            return try withStoreErrors(path: path) {
                try database.writeWithoutTransaction { db in try Self.inTransaction(db, begin: ConnectionSettings.beginWrite, body) }
            }
        }
    }

    /// Runs `body` while the store is open, as one use of its connections: after ``close()``,
    /// ``StoreError/closed(path:)``; a closing waits for the uses in flight. Uses do not nest (a
    /// nested one would wait for a closing that waits for it).
    func whileOpen<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard connections.enter() else { throw .closed(path: path) }
        defer { connections.leave() }
        return try body()
    }

    /// Runs `body` in a transaction begun and committed by cached statements, rolled back if
    /// `body` or the commit throws.
    ///
    /// GRDB's `inTransaction` and `beginTransaction()`/`commit()` prepare their statements anew
    /// each time.
    static func inTransaction<T>(_ db: Database, begin: String, _ body: (Database) throws -> T) throws -> T {
        try db.cachedStatement(sql: begin).execute()
        do {
            let value = try body(db)
            try db.cachedStatement(sql: ConnectionSettings.commit).execute()
            return value
        } catch {
            if db.isInsideTransaction {
                try? db.rollback()
            }
            throw error
        }
    }
}
