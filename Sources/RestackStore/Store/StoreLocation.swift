import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A store path resolved before SQLite sees it: one real file, however the path was spelled.
///
/// SQLite names its side files (`-wal`, `-shm`, `-journal`) and takes its locks by the path it is
/// given. Two spellings of one file (`a/./b.sqlite`, `b.sqlite/`, a symbolic link) are harmless
/// only once they are resolved to the same real path; a file with several hard links has several
/// real paths and cannot be locked safely at all, so it is refused.
struct StoreLocation: Equatable {
    /// The real path of the store file: absolute, no `.` or `..`, no symbolic link, no trailing
    /// slash. Errors name this path.
    var path: String
    /// Whether a file exists there.
    var exists: Bool

    /// Resolves `spelled` and checks that it can hold a store.
    ///
    /// - Parameter mustExist: When `true`, a missing file is ``StoreError/fileNotFound(path:)``.
    /// - Throws: ``StoreError/fileNotFound(path:)``, ``StoreError/directoryNotFound(path:)``,
    ///   ``StoreError/isDirectory(path:)``, ``StoreError/hardLinked(path:links:)``,
    ///   ``StoreError/pathTooLong(path:)``.
    static func resolve(_ spelled: String, mustExist: Bool) throws(StoreError) -> StoreLocation {
        // `store.sqlite/` names no file on POSIX systems; it is taken to mean the file.
        var trimmed = spelled
        while trimmed.count > 1 && trimmed.hasSuffix("/") {
            trimmed.removeLast()
        }
        let resolved = realPath(trimmed)
        if resolved == nil && (errno == ENAMETOOLONG || trimmed.split(separator: "/").contains(where: { $0.utf8.count > maxNameBytes })) {
            throw .pathTooLong(path: trimmed)
        }
        if let real = resolved {
            guard real.utf8.count <= maxPathBytes else { throw .pathTooLong(path: real) }
            var info = stat()
            guard stat(real, &info) == 0 else {
                throw .cannotOpen(path: real, detail: String(cString: strerror(errno)))
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                throw .isDirectory(path: real)
            }
            if info.st_nlink > 1 {
                throw .hardLinked(path: real, links: Int(info.st_nlink))
            }
            return StoreLocation(path: real, exists: true)
        }
        // No file: the folder must exist; the store will be created in it under its real path.
        let url = URL(fileURLWithPath: trimmed)
        let name = url.lastPathComponent
        let folder = url.deletingLastPathComponent().path
        var linkInfo = stat()
        if lstat(trimmed, &linkInfo) == 0, linkInfo.st_mode & S_IFMT == S_IFLNK {
            throw .cannotOpen(path: trimmed, detail: "a symbolic link to a file that does not exist")
        }
        guard let realFolder = realPath(folder), isDirectory(realFolder) else {
            if mustExist {
                throw .fileNotFound(path: trimmed)
            }
            throw .directoryNotFound(path: trimmed)
        }
        let path = realFolder == "/" ? "/" + name : realFolder + "/" + name
        guard path.utf8.count <= maxPathBytes else { throw .pathTooLong(path: path) }
        if mustExist {
            throw .fileNotFound(path: path)
        }
        return StoreLocation(path: path, exists: false)
    }

    /// The longest file name the file systems Restack runs on accept (`NAME_MAX`).
    static let maxNameBytes = 255
    /// The longest path SQLite's Unix file layer opens (`MAX_PATHNAME` in `os_unix.c`); a
    /// longer one fails inside SQLite with a bare "unable to open database file".
    static let maxPathBytes = 512

    /// Whether the store may be written: the file (when it exists) has a write permission bit
    /// and the process may write it, and the folder accepts new files (SQLite creates its
    /// journal and WAL files there). The permission-bit test makes a read-only file read-only
    /// for the superuser too, who has write access to everything.
    var isWritable: Bool {
        let folder = (path as NSString).deletingLastPathComponent
        guard access(folder, W_OK) == 0 else { return false }
        guard exists else { return true }
        var info = stat()
        guard access(path, W_OK) == 0, stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 != 0
    }

    /// Whether the folder holding the store accepts new files.
    var folderIsWritable: Bool {
        access((path as NSString).deletingLastPathComponent, W_OK) == 0
    }

    /// The bytes the process may still write in the store's folder, or `nil` when unknown.
    var availableBytes: Int64? {
        var info = statvfs()
        guard statvfs((path as NSString).deletingLastPathComponent, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// Whether the folder has room for the side files of a WAL database (its shared-memory
    /// index is 32 KiB) and a few pages: below this, opening would fail half-way and leave
    /// side files behind.
    var hasRoomForSideFiles: Bool {
        (availableBytes ?? .max) >= 256 * 1024
    }

    /// The side files SQLite keeps beside a database that is open, or was left by a crash.
    var existingSideFiles: [String] {
        ["-wal", "-shm", "-journal"].filter { access(path + $0, F_OK) == 0 }
    }

    /// A file as one look saw it: which file (a file deleted and made again is another) and
    /// its length.
    struct FileLook: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64

        /// Whether a `-wal` file this long can hold a page: its 32-byte header, and a frame of
        /// a 24-byte header and a page of at least 512 bytes. A shorter log changes nothing.
        var holdsPages: Bool {
            size >= 32 + 24 + 512
        }
    }

    /// The `-wal` file, or `nil` when there is none (now: another process may delete it, or
    /// make it, at any moment).
    var writeAheadLog: FileLook? {
        var info = stat()
        guard stat(path + "-wal", &info) == 0 else { return nil }
        return FileLook(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size))
    }

    /// Whether some connection, of this process or another, holds a lock on the file: any of
    /// SQLite's lock bytes (the pending, reserved and shared bytes at 1 GiB). Asked with an open
    /// file description lock on Linux, which sees the locks of this process too.
    var isLockedByAProcess: Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var request = flock()
        request.l_type = Int16(F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = 0x4000_0000
        request.l_len = 512
        #if os(Linux)
        let query: Int32 = 36   // F_OFD_GETLK
        #else
        let query = F_GETLK
        #endif
        guard fcntl(descriptor, query, &request) == 0 else { return true }
        return request.l_type != Int16(F_UNLCK)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

/// What ``StoreOpening/inspectionMode(_:)`` looks at, each look a new one: the store's location on
/// disk, or, in a test, a scripted run of looks that puts a closing writer's moments between them.
protocol StoreFileLooks {
    var path: String { get }
    var existingSideFiles: [String] { get }
    var writeAheadLog: StoreLocation.FileLook? { get }
    var isLockedByAProcess: Bool { get }
    var folderIsWritable: Bool { get }
    var isWritable: Bool { get }
    var hasRoomForSideFiles: Bool { get }
}

extension StoreLocation: StoreFileLooks {}
