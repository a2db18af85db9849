import Foundation
import GRDB

/// How a store file is opened: examined before anything is written, set to WAL with the
/// durability asked for, migrated when it must be, safely when several processes open a new
/// file at once.
///
/// The launch path opens one connection, examines the schema through it (a read), and writes
/// nothing when the schema is current: no journal-mode change, no migration, no sync.
enum StoreOpening {
    // MARK: Writing

    /// Opens `location` for reading and writing, creating and migrating the file as needed.
    ///
    /// A file that another application owns, or that a newer Restack migrated, is refused by the
    /// connection's first statement, a read, and left byte for byte. When side files exist (a
    /// process has the file open, or crashed), the file is first examined through a read-only
    /// connection, so that closing ours can never checkpoint someone else's WAL into a file we
    /// refuse.
    ///
    /// - Parameter examined: Whether the store's ``LaunchConnection`` examined the file already
    ///   (its side files may then be its own): this connection examines it again all the same,
    ///   by its first statement.
    static func openForWriting(_ location: StoreLocation, options: SnapshotStore.Options, examined alreadyExamined: Bool = false) throws(StoreError) -> DatabaseQueue {
        let path = location.path
        if !alreadyExamined && location.exists && !location.existingSideFiles.isEmpty {
            try refuseUnusableIfReadable(location, options: options)
        }
        // Several processes may create and migrate a new file at once (an app and its
        // extension on first launch). SQLite serialises their writes; a migration that lost
        // the race fails (the table or column is already there) and is simply re-examined.
        // A lock held by another process is waited for once, within the busy timeout: a
        // `.locked` that comes after the timeout is the answer, not a race to retry (in
        // rollback-journal mode each attempt would otherwise wait the whole timeout again).
        let deadline = Date().addingTimeInterval(options.busyTimeout)
        var attempt = 0
        while true {
            attempt += 1
            do throws(StoreError) {
                let examined = Examined()
                let queue = try withStoreErrors(path: path) {
                    try DatabaseQueue(path: path, configuration: writerConfiguration(path: path, options: options, examined: examined))
                }
                if let status = examined.status, status != .restack(unknown: [], missing: []) {
                    try migrate(queue, path: path, from: status)
                }
                return queue
            } catch let error where attempt < 8 && isLostRace(error) && (error != .locked(path: path) || Date() < deadline) {
                usleep(UInt32(1000 << attempt))   // 2 ms, 4 ms, ... 128 ms
            }
        }
    }

    /// The configuration of a writing connection: the schema is examined first, then WAL and
    /// the durability are set on this very connection (no later set-up overrides them).
    static func writerConfiguration(path: String, options: SnapshotStore.Options, examined: Examined) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.label = "Restack"
        configuration.busyMode = .timeout(options.busyTimeout)
        // GRDB's own WAL set-up (`journalMode = .wal`) would set `synchronous = NORMAL` after
        // this closure, and write a table at every open whose WAL file is absent: WAL is set
        // here instead, once per file, and the durability is the last word.
        let durability = options.durability
        configuration.prepareDatabase { db in
            let status = try StoreSchema.status(db)
            try refuse(status, path: path)
            examined.status = status
            // A new store's pages are 1 KB (a navigation change then writes about what a JSON
            // file does, <doc:Performance>); set before the first table, and before WAL, which
            // fixes the page size. An existing store keeps its own.
            if status == .empty {
                try ConnectionSettings.setNewStorePageSize(db)
            }
            guard try ConnectionSettings.useWriteAheadLog(db) else {
                throw StoreError.cannotOpen(path: path, detail: "could not switch the journal to WAL")
            }
            try db.execute(sql: durability.pragma)
        }
        return configuration
    }

    /// What the opening connection's first statement found, handed out of `prepareDatabase`
    /// (which GRDB runs synchronously while the queue opens).
    final class Examined: @unchecked Sendable {
        private let lock = NSLock()
        private var value: StoreSchema.Status?

        var status: StoreSchema.Status? {
            get { lock.lock(); defer { lock.unlock() }; return value }
            set { lock.lock(); defer { lock.unlock() }; value = newValue }
        }
    }

    /// A store that lacks migrations, read without writing the file: copied into memory
    /// (SQLite's backup reads the file and writes nothing) and migrated there.
    static func migratedCopy(of queue: DatabaseQueue, path: String) throws(StoreError) -> DatabaseQueue {
        try withStoreErrors(path: path) {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            configuration.label = "Restack.migratedCopy"
            let copy = try DatabaseQueue(configuration: configuration)
            try queue.backup(to: copy)
            let applied = try queue.read { try StoreSchema.appliedMigrations($0) }
            try StoreSchema.migrator.migrate(copy)
            try copy.writeWithoutTransaction { db in
                // The copy says which migrations the file has (`check` reports them), not the
                // ones applied to it here.
                try StoreSchema.forgetMigrations(db, except: applied)
                try ConnectionSettings.makeQueryOnly(db)
            }
            return copy
        }
    }

    /// Applies the migrations the file lacks (`status`: what it had when opened).
    ///
    /// Another process may apply the same migrations at the same moment: a migration that
    /// fails is a lost race only when the file has more of them now (fine if it is complete,
    /// the rest applied again otherwise). When it has not, the error stands at once: a damaged
    /// store (a table missing) is not retried.
    static func migrate(_ queue: DatabaseQueue, path: String, from status: StoreSchema.Status) throws(StoreError) {
        try withStoreErrors(path: path) {
            var missing = if case .restack(_, let missing) = status { missing } else { StoreSchema.knownMigrations }
            while true {
                do {
                    try StoreSchema.migrator.migrate(queue)
                    return
                } catch {
                    guard case .restack(unknown: [], let now) = try queue.read(StoreSchema.status), now.count < missing.count else {
                        throw error
                    }
                    if now.isEmpty { return }
                    missing = now
                }
            }
        }
    }

    /// Whether an error opening or migrating may come from another process doing the same at
    /// the same moment: worth examining the file again.
    static func isLostRace(_ error: StoreError) -> Bool {
        switch error {
        case .locked:
            true
        case .database(_, _, let message):
            // A migration another process applied first: its table or column is already there,
            // or, for a migration that rebuilds tables under new names (m005, m006), it ran again
            // whole and only its record in grdb_migrations collided. Either way its transaction
            // rolled back, and the file is as the other process left it.
            message.contains("already exists") || message.contains("duplicate column")
                || message.contains("UNIQUE constraint failed: grdb_migrations")
        default:
            false
        }
    }

    /// Throws when a file's schema must not be written.
    static func refuse(_ status: StoreSchema.Status, path: String) throws(StoreError) {
        switch status {
        case .foreign(let tables):
            throw .foreignDatabase(path: path, tables: tables)
        case .restack(let unknown, _) where !unknown.isEmpty:
            throw .newerSchema(path: path, unknownMigrations: unknown)
        case .unrecorded(let tables):
            throw unrecordedError(path: path, tables: tables)
        case .empty, .restack:
            break
        }
    }

    /// The error for a file holding Restack's tables without the record of their migrations.
    static func unrecordedError(path: String, tables: [String]) -> StoreError {
        .corrupt(path: path, detail: "it has Restack's tables (\(tables.joined(separator: ", "))) but no record of Restack's migrations in grdb_migrations, so its schema cannot be told; it was left as it was")
    }

    /// Examines a file that has side files through a read-only connection, and throws if it
    /// must not be opened for writing. A file that cannot be examined read-only (a hot journal
    /// to roll back, a WAL without its index) is left to the writing connection, which examines
    /// it again before writing anything, as any SQLite client would recover it.
    ///
    /// An empty log without its index, that no process holds (one in exclusive locking mode
    /// keeps its index in memory), is no change at all: the file is read in place, for SQLite's
    /// read-only connection would create the index and leave it beside a refused file.
    private static func refuseUnusableIfReadable(_ location: StoreLocation, options: SnapshotStore.Options) throws(StoreError) {
        let path = location.path
        // With side files, `inspectionMode` says `.immutable` for exactly that case (its other
        // answers, and its refusal of a log with pages and no index, are left to the read-only
        // connection below).
        let emptyLogAlone = (try? inspectionMode(location)) == .immutable
        let status: StoreSchema.Status
        do throws(StoreError) {
            let queue = try readOnlyQueue(path: path, options: options, mode: emptyLogAlone ? .immutable : .readOnly)
            status = try withStoreErrors(path: path) {
                defer { try? queue.close() }
                return try queue.read(StoreSchema.status)
            }
        } catch {
            switch error {
            case .foreignDatabase, .newerSchema, .notADatabase, .corrupt:
                throw error
            case .locked:
                // The busy timeout has passed once already: waiting it out again in the
                // writing connection would double the promised wait.
                throw error
            default:
                return
            }
        }
        try refuse(status, path: path)
    }

    // MARK: Reading only

    /// How a connection that must write nothing opens a file.
    enum ReadOnlyMode {
        /// SQLite's read-only mode: uses the side files a running or crashed process left.
        case readOnly
        /// Read-write but pinned with `PRAGMA query_only`: may create the `-wal` and `-shm`
        /// files of a WAL database and removes them on closing.
        case queryOnly
        /// SQLite's `immutable` mode: no lock, no side file. Only for a file no process has
        /// open, in a folder where side files cannot be created (read-only media, a full disk).
        case immutable
    }

    /// The mode that examines `location` and leaves nothing behind: not a byte of the file
    /// changed, and no side file created or removed.
    ///
    /// - Throws: ``StoreError/interruptedWrite(path:)`` for a write-ahead log that holds pages
    ///   but has no index (`-shm`) beside it, in a folder where SQLite would create one: no
    ///   process has the file open (it would have the index), so a writer stopped or the file
    ///   was copied without it. Reading the log needs the index, and creating it would leave a
    ///   file behind; the next writer recovers the log. An empty log is no change at all: the
    ///   file is read in place.
    ///
    /// Other processes open and close the file meanwhile, and their side files come and go: a
    /// connection closing as the file's last deletes `-shm`, then `-wal`, then lets its lock go.
    /// A log without its index is taken for one that no process holds only when two looks at
    /// it, before and after the look at the locks, see the same file (the same log, as long, and
    /// still no index); otherwise the file is looked at again. Taken from three looks that saw
    /// different moments (a log seen, then no lock, then no log: "empty"), an instant of a
    /// closing writer was read in SQLite's `immutable` mode, with no lock, while other processes
    /// wrote, and `check` saw values no tree names and trees naming values with no row (issue 38).
    static func inspectionMode(_ location: some StoreFileLooks) throws(StoreError) -> ReadOnlyMode {
        for _ in 0..<lookLimit {
            let sideFiles = location.existingSideFiles
            // A process in exclusive locking mode keeps its WAL index in memory: a live log
            // without `-shm`, which SQLite reads (or waits for) as usual.
            if sideFiles == ["-wal"] {
                guard let log = location.writeAheadLog else { continue }
                if !location.isLockedByAProcess {
                    guard location.writeAheadLog == log, location.existingSideFiles == sideFiles else { continue }
                    if !log.holdsPages {
                        return .immutable
                    }
                    if location.folderIsWritable {
                        throw .interruptedWrite(path: location.path)
                    }
                    // On read-only media SQLite reads the log with an index in memory, creating
                    // nothing.
                }
            }
            if !sideFiles.isEmpty {
                return .readOnly
            }
            // No process has the file open in WAL mode (it would have side files): read it in
            // place when side files could not be created and removed again (read-only media, a
            // full disk, a file without write permission, which SQLite would open read-only and
            // leave its side files behind).
            return location.isWritable && location.hasRoomForSideFiles ? .queryOnly : .immutable
        }
        // Side files that change at every look: processes are busy with the file, and SQLite's
        // own locks and index serve the reading.
        return .readOnly
    }

    /// How many times ``inspectionMode(_:)`` looks at side files that keep changing.
    static let lookLimit = 100

    /// A connection that reads an existing file and writes nothing.
    static func readOnlyQueue(path: String, options: SnapshotStore.Options, mode: ReadOnlyMode) throws(StoreError) -> DatabaseQueue {
        var configuration = Configuration()
        configuration.label = "Restack.inspection"
        configuration.busyMode = .timeout(options.busyTimeout)
        var openPath = path
        switch mode {
        case .readOnly, .queryOnly:
            configuration.readonly = mode == .readOnly
        case .immutable:
            configuration.readonly = true
            openPath = immutableURI(path)
        }
        configuration.prepareDatabase { db in
            if mode == .queryOnly {
                try ConnectionSettings.makeQueryOnly(db)
            }
        }
        return try withStoreErrors(path: path) {
            try DatabaseQueue(path: openPath, configuration: configuration)
        }
    }

    /// `file:/path?immutable=1`, the path percent-encoded (SQLite's URI filenames).
    static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return "file:\(encoded)?immutable=1"
    }
}
