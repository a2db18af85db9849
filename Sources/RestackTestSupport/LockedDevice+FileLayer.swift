import Foundation
import GRDBSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The locked device's file layer: a VFS that wraps SQLite's default one, passes every file
/// through, and asks ``LockedDevice``'s registry before each operation on a store's files.
extension LockedDevice {
    /// Where the wrapped file starts in the file SQLite allocates for the VFS: after the
    /// `sqlite3_file` header (its methods) and the index of the file's store in the registry.
    private static let innerOffset = 16

    static let installed: Bool = {
        guard let inner = sqlite3_vfs_find(nil) else { fatalError("SQLite has no default VFS") }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: sqlite3_vfs())
        vfs.pointee.iVersion = inner.pointee.iVersion
        vfs.pointee.szOsFile = Int32(innerOffset) + inner.pointee.szOsFile
        vfs.pointee.mxPathname = inner.pointee.mxPathname
        vfs.pointee.zName = UnsafePointer(strdup("restack-locked-device"))
        vfs.pointee.pAppData = UnsafeMutableRawPointer(inner)
        vfs.pointee.xOpen = { vfs, name, file, flags, outFlags in
            guard let file else { return SQLITE_MISUSE }
            let inner = LockedDevice.inner(vfs)
            let raw = UnsafeMutableRawPointer(file)
            raw.storeBytes(of: nil, as: UnsafePointer<sqlite3_io_methods>?.self)
            let index = name.map { LockedDevice.registry.index(ofFile: String(cString: $0)) } ?? -1
            raw.storeBytes(of: index, toByteOffset: 8, as: Int32.self)
            if let refusal = LockedDevice.registry.admit(index, .opening) {
                errno = refusal.systemError
                return SQLITE_CANTOPEN
            }
            let wrapped = raw.advanced(by: innerOffset).assumingMemoryBound(to: sqlite3_file.self)
            let code = inner.pointee.xOpen(inner, name, wrapped, flags, outFlags)
            if code == SQLITE_OK {
                raw.storeBytes(of: UnsafePointer(LockedDevice.methods), as: UnsafePointer<sqlite3_io_methods>?.self)
            }
            return code
        }
        vfs.pointee.xDelete = { vfs, name, syncDirectory in
            let inner = LockedDevice.inner(vfs)
            let index = name.map { LockedDevice.registry.index(ofFile: String(cString: $0)) } ?? -1
            if let refusal = LockedDevice.registry.admit(index, .other) {
                errno = refusal.systemError
                return refusal.code ?? ioError(10)   // SQLITE_IOERR_DELETE
            }
            return inner.pointee.xDelete(inner, name, syncDirectory)
        }
        vfs.pointee.xAccess = { vfs, name, flags, result in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xAccess(inner, name, flags, result)
        }
        vfs.pointee.xFullPathname = { vfs, name, count, output in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xFullPathname(inner, name, count, output)
        }
        vfs.pointee.xDlOpen = { vfs, name in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xDlOpen(inner, name)
        }
        vfs.pointee.xDlError = { vfs, count, message in
            let inner = LockedDevice.inner(vfs)
            inner.pointee.xDlError(inner, count, message)
        }
        vfs.pointee.xDlSym = { vfs, handle, symbol in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xDlSym(inner, handle, symbol)
        }
        vfs.pointee.xDlClose = { vfs, handle in
            let inner = LockedDevice.inner(vfs)
            inner.pointee.xDlClose(inner, handle)
        }
        vfs.pointee.xRandomness = { vfs, count, output in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xRandomness(inner, count, output)
        }
        vfs.pointee.xSleep = { vfs, microseconds in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xSleep(inner, microseconds)
        }
        vfs.pointee.xCurrentTime = { vfs, time in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xCurrentTime(inner, time)
        }
        vfs.pointee.xGetLastError = { vfs, count, message in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xGetLastError(inner, count, message)
        }
        vfs.pointee.xCurrentTimeInt64 = { vfs, time in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xCurrentTimeInt64(inner, time)
        }
        vfs.pointee.xSetSystemCall = { vfs, name, call in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xSetSystemCall(inner, name, call)
        }
        vfs.pointee.xGetSystemCall = { vfs, name in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xGetSystemCall(inner, name)
        }
        vfs.pointee.xNextSystemCall = { vfs, name in
            let inner = LockedDevice.inner(vfs)
            return inner.pointee.xNextSystemCall(inner, name)
        }
        guard sqlite3_vfs_register(vfs, 1) == SQLITE_OK else { fatalError("the locked-device VFS could not be registered") }
        return true
    }()

    /// The methods of every file opened through the VFS: each counts and refuses, or passes the
    /// call to the wrapped file.
    nonisolated(unsafe) private static let methods: UnsafeMutablePointer<sqlite3_io_methods> = {
        let methods = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        methods.initialize(to: sqlite3_io_methods())
        methods.pointee.iVersion = 3
        methods.pointee.xClose = { file in
            let inner = LockedDevice.inner(file)
            return inner.pointee.pMethods.pointee.xClose(inner)
        }
        methods.pointee.xRead = { file, buffer, amount, offset in
            let inner = LockedDevice.inner(file)
            if let refusal = LockedDevice.admit(file, offset < 100 ? .readingHeader : .other) {
                return refusal.code ?? ioError(1)   // SQLITE_IOERR_READ
            }
            return inner.pointee.pMethods.pointee.xRead(inner, buffer, amount, offset)
        }
        methods.pointee.xWrite = { file, buffer, amount, offset in
            let inner = LockedDevice.inner(file)
            if let refusal = LockedDevice.admit(file, .other) {
                return refusal.code ?? ioError(3)   // SQLITE_IOERR_WRITE
            }
            return inner.pointee.pMethods.pointee.xWrite(inner, buffer, amount, offset)
        }
        methods.pointee.xTruncate = { file, size in
            let inner = LockedDevice.inner(file)
            if let refusal = LockedDevice.admit(file, .other) {
                return refusal.code ?? ioError(6)   // SQLITE_IOERR_TRUNCATE
            }
            return inner.pointee.pMethods.pointee.xTruncate(inner, size)
        }
        methods.pointee.xSync = { file, flags in
            let inner = LockedDevice.inner(file)
            if let refusal = LockedDevice.admit(file, .other) {
                return refusal.code ?? ioError(4)   // SQLITE_IOERR_FSYNC
            }
            return inner.pointee.pMethods.pointee.xSync(inner, flags)
        }
        methods.pointee.xFileSize = { file, size in
            let inner = LockedDevice.inner(file)
            if let refusal = LockedDevice.admit(file, .other) {
                return refusal.code ?? ioError(7)   // SQLITE_IOERR_FSTAT
            }
            return inner.pointee.pMethods.pointee.xFileSize(inner, size)
        }
        methods.pointee.xLock = { file, level in
            let inner = LockedDevice.inner(file)
            return inner.pointee.pMethods.pointee.xLock(inner, level)
        }
        methods.pointee.xUnlock = { file, level in
            let inner = LockedDevice.inner(file)
            return inner.pointee.pMethods.pointee.xUnlock(inner, level)
        }
        methods.pointee.xCheckReservedLock = { file, result in
            let inner = LockedDevice.inner(file)
            return inner.pointee.pMethods.pointee.xCheckReservedLock(inner, result)
        }
        methods.pointee.xFileControl = { file, operation, argument in
            let inner = LockedDevice.inner(file)
            return inner.pointee.pMethods.pointee.xFileControl(inner, operation, argument)
        }
        methods.pointee.xSectorSize = { file in
            let inner = LockedDevice.inner(file)
            return inner.pointee.pMethods.pointee.xSectorSize(inner)
        }
        methods.pointee.xDeviceCharacteristics = { file in
            let inner = LockedDevice.inner(file)
            return inner.pointee.pMethods.pointee.xDeviceCharacteristics(inner)
        }
        methods.pointee.xShmMap = { file, region, size, extend, pointer in
            let inner = LockedDevice.inner(file)
            guard let map = inner.pointee.pMethods.pointee.xShmMap else { return ioError(21) }
            if let refusal = LockedDevice.admit(file, .other) {
                return refusal.code ?? ioError(21)   // SQLITE_IOERR_SHMMAP
            }
            return map(inner, region, size, extend, pointer)
        }
        methods.pointee.xShmLock = { file, offset, count, flags in
            let inner = LockedDevice.inner(file)
            return inner.pointee.pMethods.pointee.xShmLock?(inner, offset, count, flags) ?? ioError(20)
        }
        methods.pointee.xShmBarrier = { file in
            let inner = LockedDevice.inner(file)
            inner.pointee.pMethods.pointee.xShmBarrier?(inner)
        }
        methods.pointee.xShmUnmap = { file, delete in
            let inner = LockedDevice.inner(file)
            return inner.pointee.pMethods.pointee.xShmUnmap?(inner, delete) ?? SQLITE_OK
        }
        methods.pointee.xFetch = { file, offset, amount, pointer in
            let inner = LockedDevice.inner(file)
            if LockedDevice.registry.isLocked(LockedDevice.index(file)) {
                // No memory-mapped page while locked: SQLite reads through xRead, which refuses.
                pointer?.pointee = nil
                return SQLITE_OK
            }
            return inner.pointee.pMethods.pointee.xFetch?(inner, offset, amount, pointer) ?? SQLITE_OK
        }
        methods.pointee.xUnfetch = { file, offset, pointer in
            let inner = LockedDevice.inner(file)
            return inner.pointee.pMethods.pointee.xUnfetch?(inner, offset, pointer) ?? SQLITE_OK
        }
        return methods
    }()

    /// The extended I/O error code `SQLITE_IOERR | (n << 8)`.
    private static func ioError(_ n: Int32) -> Int32 {
        SQLITE_IOERR | (n << 8)
    }

    /// The default VFS this one wraps.
    private static func inner(_ vfs: UnsafeMutablePointer<sqlite3_vfs>?) -> UnsafeMutablePointer<sqlite3_vfs> {
        vfs!.pointee.pAppData.assumingMemoryBound(to: sqlite3_vfs.self)
    }

    /// The wrapped file of a file opened through the VFS.
    private static func inner(_ file: UnsafeMutablePointer<sqlite3_file>?) -> UnsafeMutablePointer<sqlite3_file> {
        UnsafeMutableRawPointer(file!).advanced(by: innerOffset).assumingMemoryBound(to: sqlite3_file.self)
    }

    /// The registry index of the store a file belongs to, `-1` for none.
    private static func index(_ file: UnsafeMutablePointer<sqlite3_file>?) -> Int32 {
        UnsafeMutableRawPointer(file!).load(fromByteOffset: 8, as: Int32.self)
    }

    /// Counts an operation on `file`, and says how it is refused, if it is (with `errno` set).
    private static func admit(_ file: UnsafeMutablePointer<sqlite3_file>?, _ kind: Registry.Operation) -> Refusal? {
        let refusal = registry.admit(index(file), kind)
        if let refusal { errno = refusal.systemError }
        return refusal
    }
}
