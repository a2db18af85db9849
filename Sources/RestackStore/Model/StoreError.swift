import GRDB
import Restack

/// Why a store operation failed. Every case says what to do in its description.
///
/// A failed operation never changes stored data: a save either commits whole or writes nothing,
/// and a store that is refused on opening is left byte for byte as it was.
///
/// ```swift
/// do throws(StoreError) {
///     let store = try SnapshotStore(path: path)
///     try store.save(tree, session: sceneID)
/// } catch {
///     switch error {
///     case .newerSchema(let path, let unknown):
///         log("\(path) was written by a newer Restack (\(unknown))")
///     default:
///         log("\(error)")
///     }
/// }
/// ```
public enum StoreError: Error, Hashable, Sendable {
    /// There is no file at the path (inspection never creates one).
    case fileNotFound(path: String)
    /// The folder that should hold the store does not exist.
    case directoryNotFound(path: String)
    /// The path is longer than a store's path may be: a name over 255 bytes, or a real path
    /// over the 512 bytes SQLite opens (a relative path counts with the folder it is in).
    case pathTooLong(path: String)
    /// The path names a directory, not a file.
    case isDirectory(path: String)
    /// The store file has more than one hard link. SQLite names its lock and journal files after
    /// the path it opens, so writers reaching one file through two names would not see each
    /// other's locks and could corrupt it: remove the other links, or copy the file.
    case hardLinked(path: String, links: Int)
    /// Another process holds a lock on the store that keeps it from being read or written
    /// within the store's busy timeout (``SnapshotStore/Options/busyTimeout``). Try again.
    case locked(path: String)
    /// The file is protected while the device is locked: the system refuses to read or write
    /// it now (iOS data protection, before the first unlock after a restart, or while locked
    /// for the `complete` classes). Nothing was changed, and nothing is counted: no launch, no
    /// quarantine, no pruning. Try again once the device is unlocked
    /// (`UIApplication.protectedDataDidBecomeAvailableNotification`); an ``Autosaver`` does by
    /// itself. Told from a damaged file or a permission error by asking the system again: the
    /// file's permission bits grant access, yet opening or reading it is refused (`EPERM`,
    /// `EACCES`). Where to keep the store so that it is readable at launch:
    /// <doc:WhereToKeepTheStore>.
    case unavailable(path: String)
    /// The store was closed (``SnapshotStore/close()-6sv8j``): open it again to use it.
    case closed(path: String)
    /// A writer stopped mid-write and left what only a writer may recover: a hot rollback
    /// journal (part of a transaction to roll back), or a write-ahead log without its index
    /// (`-shm`; a crash, or a copy of the file without it). The store is writable: the next
    /// writer (the app, or `restore-inspect import`) recovers it. An opening for reading only
    /// writes and creates nothing, so it cannot read the file until then.
    case interruptedWrite(path: String)
    /// The file exists but SQLite cannot open it (permissions, a lock, an I/O error).
    case cannotOpen(path: String, detail: String)
    /// The file is not a SQLite database (random bytes, text, a truncated header).
    case notADatabase(path: String)
    /// The file is a SQLite database but damaged: SQLite found it malformed, or a stored value
    /// is not what its column must hold. For a value, the detail names the table, column and
    /// row, such as `restack_snapshot.saved_at of snapshot 7: expected an integer, found text`.
    case corrupt(path: String, detail: String)
    /// The file is a SQLite database with no Restack tables: another application's, or an
    /// empty one opened for inspection. Restack never adds its tables to such a database.
    case foreignDatabase(path: String, tables: [String])
    /// The store was migrated by a newer Restack: its applied migrations include ones this
    /// library does not know. It is refused and left untouched.
    case newerSchema(path: String, unknownMigrations: [String])
    /// The store needs migrations that a read-only opening cannot apply.
    case outdatedSchema(path: String, missingMigrations: [String])
    /// The store cannot be written: the file, its folder or the opening is read-only.
    case readOnly(path: String)
    /// The disk (or the store's page limit) is full; nothing of the failed write was kept.
    case diskFull(path: String)
    /// No session has that name.
    case sessionNotFound(String)
    /// No snapshot has that id (in that session, when one was named).
    case snapshotNotFound(Int64, session: String?)
    /// A save went over one of the store's ``SnapshotStore/Limits``; nothing was written.
    case limitExceeded(SnapshotStore.Limit, size: Int, limit: Int)
    /// Every snapshot of the session is quarantined by the crash-loop guard: start afresh, or
    /// lift a quarantine with `liftQuarantine(snapshotID:)`.
    case noRestorableSnapshot(session: String, quarantined: [Int64])
    /// An expiry of 0 seconds or less, or not a finite number (``SnapshotStore/Expiry/init(after:)``).
    case invalidExpiry(age: Double)
    /// An empty ``SnapshotStore/Options/owner``: the default owner is `nil`, and no other owner
    /// may be taken for it. Thrown when the store opens; nothing was opened.
    case emptyOwner
    /// Another SQLite error, with its result code and message.
    case database(path: String, code: Int32, message: String)
}

extension StoreError: CustomStringConvertible {
    /// One sentence saying what went wrong and, where it helps, what to do.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "no store at \(path)"
        case .directoryNotFound(let path):
            "the folder for \(path) does not exist; create it first"
        case .pathTooLong(let path):
            "the path \(path) is too long for a store (a file name over 255 bytes, or a real path over SQLite's 512); choose a shorter one"
        case .isDirectory(let path):
            "\(path) is a directory, not a store file"
        case .hardLinked(let path, let links):
            "\(path) has \(links) hard links; SQLite cannot lock a file reached through several names, so Restack will not open it: remove the other links or use a copy"
        case .locked(let path):
            "\(path) is locked by another process; nothing was read or written, try again"
        case .unavailable(let path):
            "\(path) is protected while the device is locked and cannot be read or written now; nothing was changed, try again once the device is unlocked"
        case .closed(let path):
            "the store at \(path) was closed; open it again to use it"
        case .interruptedWrite(let path):
            "\(path) holds an interrupted write (a hot journal, or a write-ahead log without its -shm index); the next writer (the app, or restore-inspect import) recovers it, and a read-only opening, which writes and creates nothing, cannot read the store until then"
        case .cannotOpen(let path, let detail):
            "cannot open \(path): \(detail)"
        case .notADatabase(let path):
            "\(path) is not a SQLite database (wrong path, or the file is damaged)"
        case .corrupt(let path, let detail):
            "\(path) is damaged: \(detail); restore it from a backup or delete it"
        case .foreignDatabase(let path, let tables) where tables.isEmpty:
            "\(path) is an empty database, not a Restack store"
        case .foreignDatabase(let path, let tables):
            "\(path) belongs to another application (tables: \(tables.joined(separator: ", "))); Restack will not add its tables to it"
        case .newerSchema(let path, let unknown):
            "\(path) was written by a newer version of Restack (unknown migrations: \(unknown.joined(separator: ", "))); upgrade Restack to open it"
        case .outdatedSchema(let path, let missing):
            "\(path) needs migrations (\(missing.joined(separator: ", "))) that a read-only opening cannot apply; open it for writing once"
        case .readOnly(let path):
            "\(path) is read-only; nothing was written"
        case .diskFull(let path):
            "no space left to write to \(path); nothing was written"
        case .sessionNotFound(let name):
            "no session named \"\(name)\""
        case .snapshotNotFound(let id, let session?):
            "no snapshot \(id) in session \"\(session)\""
        case .snapshotNotFound(let id, nil):
            "no snapshot \(id)"
        case .limitExceeded(let limit, let size, let cap):
            "the save is over the cap on \(limit.name): \(size) > \(cap); nothing was written"
        case .noRestorableSnapshot(let session, let quarantined):
            "every snapshot of session \"\(session)\" is quarantined (\(quarantined.map(String.init).joined(separator: ", "))); start afresh or lift a quarantine"
        case .invalidExpiry(let age):
            "an expiry must be a number of seconds greater than 0, not \(age); to forget a session, delete it"
        case .emptyOwner:
            "an owner's name cannot be empty; the default owner is nil (no owner)"
        case .database(let path, let code, let message):
            "SQLite error \(code) on \(path): \(message)"
        }
    }
}

extension StoreError {
    /// Maps an error thrown by GRDB or SQLite to a store error about `path`.
    init(_ error: any Error, path: String) {
        if let error = error as? StoreError {
            self = error
            return
        }
        if let error = error as? DamagedValue {
            self = .corrupt(path: path, detail: error.detail)
            return
        }
        guard let error = error as? DatabaseError else {
            self = .database(path: path, code: -1, message: "\(error)")
            return
        }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB:
            self = .notADatabase(path: path)
        case .SQLITE_CORRUPT:
            self = .corrupt(path: path, detail: error.message ?? "database disk image is malformed")
        case .SQLITE_FULL:
            self = .diskFull(path: path)
        case .SQLITE_IOERR where StoreLocation(path: path, exists: true).availableBytes == 0:
            // Growing the WAL index or a side file on a full disk is an I/O error to SQLite.
            self = .diskFull(path: path)
        case let code where FileProtection.codes.contains(code) && FileProtection.isUnavailable(path):
            // The system refuses a file whose permissions allow it: data protection, while the
            // device is locked. A damaged file (`CORRUPT`, `NOTADB`) or a file whose permissions
            // forbid it never gets here.
            self = .unavailable(path: path)
        case .SQLITE_READONLY where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK:
            // A read-only connection found a hot journal it may not roll back.
            self = .interruptedWrite(path: path)
        case .SQLITE_READONLY:
            self = .readOnly(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .locked(path: path)
        case .SQLITE_CANTOPEN:
            self = .cannotOpen(path: path, detail: error.message ?? "unable to open database file")
        default:
            self = .database(path: path, code: error.extendedResultCode.rawValue, message: error.message ?? "\(error)")
        }
    }
}

/// Runs `body`, turning any error into a ``StoreError`` about `path`.
func withStoreErrors<T>(path: String, _ body: () throws -> T) throws(StoreError) -> T {
    do {
        return try body()
    } catch {
        throw StoreError(error, path: path)
    }
}
