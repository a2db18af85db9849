import Foundation
import GRDBSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A device that locks on command: an SQLite file layer (a VFS) that wraps SQLite's default one
/// and refuses a store's files while they are locked, as iOS data protection refuses a protected
/// file while the device is locked. Not part of Restack's API.
///
/// Installed as SQLite's default VFS (``install()``), so that every connection opened after it,
/// the store's own included, goes through it; files that are not locked are passed through
/// untouched. A store's files are the file at its path and its `-wal` and `-journal` (SQLite
/// maps the `-shm` index into memory, beneath any VFS). While they are locked:
///
/// - opening fails (SQLite: `SQLITE_CANTOPEN`), as `open` fails on iOS;
/// - reading, writing, syncing, truncating, asking the size, mapping the log's index and removing
///   fail (`SQLITE_IOERR_READ`, `_WRITE`, `_FSYNC`, ..., or `SQLITE_AUTH`);
/// - the system error SQLite reads (`errno`, through the VFS's `xGetLastError`) is the
///   refusal's: `EPERM` as iOS answers, or `EACCES`.
///
/// Every such operation on a store's files is counted, so that a test can lock the device at
/// each moment of an operation in turn (``lock(_:as:afterOperations:)``).
public enum LockedDevice {
    /// How a locked file is refused.
    public struct Refusal: Sendable, Equatable {
        /// The result code of a refused read, write, sync...: `nil` for the `SQLITE_IOERR_*` code
        /// of each operation.
        public var code: Int32?
        /// The system error: `EPERM` (iOS data protection), `EACCES`, `EIO` (a failing disk).
        public var systemError: Int32
        /// Whether opening the file is refused too.
        public var refusesOpening: Bool
        /// Whether the first 100 bytes of each file (the store's header) still read.
        public var readsHeader: Bool

        /// A refusal: `code` for each refused operation but opening (`nil`: its own
        /// `SQLITE_IOERR_*`), `systemError` for `errno`.
        public init(code: Int32?, systemError: Int32, refusesOpening: Bool, readsHeader: Bool) {
            self.code = code
            self.systemError = systemError
            self.refusesOpening = refusesOpening
            self.readsHeader = readsHeader
        }

        /// iOS data protection while the device is locked: opening and every I/O refused with
        /// `EPERM`, reported as SQLite's I/O errors.
        public static let locked = Refusal(code: nil, systemError: EPERM, refusesOpening: true, readsHeader: false)
        /// The same, reported as `SQLITE_AUTH` (23) "not authorized", as GRDB's documentation
        /// says SQLite may on iOS.
        public static let lockedNotAuthorized = Refusal(code: SQLITE_AUTH, systemError: EPERM, refusesOpening: true, readsHeader: false)
        /// The same, with `EACCES` for the system error.
        public static let lockedAccessDenied = Refusal(code: nil, systemError: EACCES, refusesOpening: true, readsHeader: false)
        /// Not a locked device: a failing disk, whose files open and whose header reads, and
        /// whose other reads and writes fail with `EIO`.
        public static let failingDisk = Refusal(code: nil, systemError: EIO, refusesOpening: false, readsHeader: true)
    }

    /// Makes the VFS SQLite's default, once per process: connections opened before keep the
    /// VFS they were opened with.
    public static func install() {
        _ = installed
    }

    /// Locks the files of the store at `path` (its real path): after `count` more operations on
    /// them succeed, every one is refused as `refusal` says, until ``unlock(_:)``.
    public static func lock(_ path: String, as refusal: Refusal = .locked, afterOperations count: Int = 0) {
        install()
        registry.update(path) { target in
            target.refusal = refusal
            target.grace = count
            target.refused = 0
        }
    }

    /// Unlocks the files of the store at `path`.
    public static func unlock(_ path: String) {
        registry.update(path) { target in
            target.refusal = nil
            target.grace = 0
        }
    }

    /// How many operations on the files of the store at `path` went through the VFS.
    public static func operations(_ path: String) -> Int {
        registry.read(path) { $0.operations }
    }

    /// How many operations on the files of the store at `path` were refused since it was last
    /// locked.
    public static func refusals(_ path: String) -> Int {
        registry.read(path) { $0.refused }
    }

    // MARK: - The stores (the file layer is in LockedDevice+FileLayer.swift)

    static let registry = Registry()

    /// Each store path seen, with its count of operations and its lock.
    final class Registry: @unchecked Sendable {
        enum Operation {
            case opening, readingHeader, other
        }

        struct Target {
            var operations = 0
            var refused = 0
            var refusal: Refusal?
            /// Operations still allowed before the refusal applies.
            var grace = 0
        }

        private let lock = NSLock()
        private var indexes: [String: Int32] = [:]
        private var targets: [Target] = []

        /// The index of the store that a file of that name belongs to: its own path, or the
        /// path its `-wal` or `-journal` suffix is added to.
        func index(ofFile name: String) -> Int32 {
            var store = name
            for suffix in ["-wal", "-journal"] where store.hasSuffix(suffix) {
                store.removeLast(suffix.count)
            }
            return index(ofStore: store)
        }

        private func index(ofStore path: String) -> Int32 {
            lock.lock()
            defer { lock.unlock() }
            if let index = indexes[path] { return index }
            let index = Int32(targets.count)
            indexes[path] = index
            targets.append(Target())
            return index
        }

        func update(_ path: String, _ change: (inout Target) -> Void) {
            let index = Int(index(ofStore: path))
            lock.lock()
            defer { lock.unlock() }
            change(&targets[index])
        }

        func read<T>(_ path: String, _ value: (Target) -> T) -> T {
            let index = Int(index(ofStore: path))
            lock.lock()
            defer { lock.unlock() }
            return value(targets[index])
        }

        func isLocked(_ index: Int32) -> Bool {
            guard index >= 0 else { return false }
            lock.lock()
            defer { lock.unlock() }
            return targets[Int(index)].refusal != nil && targets[Int(index)].grace == 0
        }

        /// Counts an operation of the store at `index`, and returns the refusal that applies to
        /// it, if any.
        func admit(_ index: Int32, _ operation: Operation) -> Refusal? {
            guard index >= 0 else { return nil }
            lock.lock()
            defer { lock.unlock() }
            targets[Int(index)].operations += 1
            guard let refusal = targets[Int(index)].refusal else { return nil }
            if targets[Int(index)].grace > 0 {
                targets[Int(index)].grace -= 1
                return nil
            }
            switch operation {
            case .opening where !refusal.refusesOpening, .readingHeader where refusal.readsHeader:
                return nil
            default:
                targets[Int(index)].refused += 1
                return refusal
            }
        }
    }
}
