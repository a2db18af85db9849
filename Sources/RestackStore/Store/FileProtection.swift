import Foundation
import GRDB
import GRDBSQLite

/// Whether SQLite's failure on a store file is the device's data protection: the file is there,
/// its permission bits let this process read it, and yet the system refuses to open or read it
/// now. On iOS a protected file answers so while the device is locked (or, for
/// `completeUntilFirstUserAuthentication`, until the first unlock after a restart), and SQLite
/// reports it as `SQLITE_IOERR`, `SQLITE_AUTH` or `SQLITE_CANTOPEN`
/// (``StoreError/unavailable(path:)``).
///
/// Told apart by asking the system again, through SQLite's default file layer (its VFS: a raw
/// `open` and `close` of the file would drop the POSIX locks the process's connections hold on
/// it): the store file, and its `-wal` when there is one, is opened for reading and its header
/// read. It is unavailable when that fails with `EPERM` or `EACCES` although the permission bits
/// grant reading. A damaged file is read without complaint (and SQLite says `CORRUPT` or
/// `NOTADB`, never mapped here), a failing disk fails with `EIO`, and a file whose permission
/// bits forbid reading is a permission error, not "try again later".
enum FileProtection {
    /// The primary result codes SQLite gives for a file the system refuses.
    static let codes: [ResultCode] = [.SQLITE_IOERR, .SQLITE_AUTH, .SQLITE_CANTOPEN]

    /// Whether the store file at `path`, or its log, is refused by the system now although its
    /// permissions allow it.
    static func isUnavailable(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }   // `:memory:`, a temporary database
        return isRefused(path) || isRefused(path + "-wal")
    }

    /// Whether the file at `path` exists, may be read by its permission bits, and cannot be
    /// opened or read through SQLite's default VFS, which says `EPERM` or `EACCES`.
    private static func isRefused(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              info.st_mode & 0o444 != 0, access(path, R_OK) == 0 else { return false }
        guard let vfs = sqlite3_vfs_find(nil), let open = vfs.pointee.xOpen else { return false }
        // SQLite keeps the name's pointer while the file is open: a copy that outlives it, ending
        // in the zero bytes SQLite's file names end with.
        let utf8 = Array(path.utf8)
        let name = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count + 4)
        name.initialize(repeating: 0, count: utf8.count + 4)
        utf8.withUnsafeBufferPointer { bytes in
            UnsafeMutableRawPointer(name).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        let size = Int(vfs.pointee.szOsFile)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        defer {
            memory.deallocate()
            name.deallocate()
        }
        let file = memory.assumingMemoryBound(to: sqlite3_file.self)
        var flags: Int32 = 0
        guard open(vfs, name, file, SQLITE_OPEN_READONLY | SQLITE_OPEN_MAIN_DB, &flags) == SQLITE_OK else {
            return refusalErrors.contains(lastError(vfs))
        }
        guard let methods = file.pointee.pMethods else { return false }
        defer { _ = methods.pointee.xClose?(file) }
        var header = [UInt8](repeating: 0, count: 32)
        let read = header.withUnsafeMutableBytes { methods.pointee.xRead?(file, $0.baseAddress, 32, 0) ?? SQLITE_OK }
        if read == SQLITE_OK || read == ResultCode.SQLITE_IOERR_SHORT_READ.rawValue {
            return false
        }
        return refusalErrors.contains(lastError(vfs))
    }

    /// What the system answers for a protected file: "operation not permitted" (iOS data
    /// protection) or "permission denied".
    private static let refusalErrors: [Int32] = [EPERM, EACCES]

    /// The system error of the VFS's last failure (`errno`, for SQLite's Unix VFS).
    private static func lastError(_ vfs: UnsafeMutablePointer<sqlite3_vfs>) -> Int32 {
        vfs.pointee.xGetLastError?(vfs, 0, nil) ?? 0
    }
}
