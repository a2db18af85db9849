import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// "Try again when unlocked" only for a file the system refuses although its permissions allow
/// it: never for a damaged file, a failing disk, or a file whose permissions forbid it.
@Suite("Unavailable, or damaged")
struct UnavailableOrDamagedTests {
    static func mapped(_ code: ResultCode, _ path: String) -> StoreError {
        StoreError(DatabaseError(resultCode: code, message: "m"), path: path)
    }

    @Test func onlyARefusedFileIsUnavailable() throws {
        let fixture = try LockedStoreFixture()
        let path = try fixture.copy()
        for code in [ResultCode.SQLITE_IOERR_READ, .SQLITE_IOERR_WRITE, .SQLITE_IOERR_FSYNC, .SQLITE_AUTH, .SQLITE_CANTOPEN] {
            #expect(Self.mapped(code, path) != .unavailable(path: path), "\(code): the file reads")
        }
        LockedDevice.lock(path)
        defer { LockedDevice.unlock(path) }
        for code in [ResultCode.SQLITE_IOERR_READ, .SQLITE_IOERR_WRITE, .SQLITE_IOERR_FSYNC, .SQLITE_AUTH, .SQLITE_CANTOPEN] {
            #expect(Self.mapped(code, path) == .unavailable(path: path), "\(code)")
        }
        // What SQLite says of a damaged file stays what it is, locked or not.
        #expect(Self.mapped(.SQLITE_CORRUPT, path) == .corrupt(path: path, detail: "m"))
        #expect(Self.mapped(.SQLITE_NOTADB, path) == .notADatabase(path: path))
        #expect(Self.mapped(.SQLITE_READONLY, path) == .readOnly(path: path))
        #expect(Self.mapped(.SQLITE_BUSY, path) == .locked(path: path))
        #expect(Self.mapped(.SQLITE_IOERR, "/no/such/store.sqlite") != .unavailable(path: "/no/such/store.sqlite"))
        #expect(Self.mapped(.SQLITE_IOERR, ":memory:") != .unavailable(path: ":memory:"))
    }

    /// A failing disk: the file opens and its header reads, its other pages fail with `EIO`.
    @Test func aFailingDiskIsAnIOErrorNotUnavailable() throws {
        let fixture = try LockedStoreFixture()
        let path = try fixture.copy()
        LockedDevice.lock(path, as: .failingDisk)
        defer { LockedDevice.unlock(path) }
        do throws(StoreError) {
            _ = try SnapshotStore(path: path).restore(session: "a")
            Issue.record("read through a failing disk")
        } catch {
            guard case .database(_, let code, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(ResultCode(rawValue: code).primaryResultCode == .SQLITE_IOERR, "\(error)")
        }
    }

    /// A disk so damaged that the file does not open (`EIO`): the system's answer is not a
    /// protection's, so it is not "try again".
    @Test func aFileThatCannotBeOpenedForAnIOErrorIsNotUnavailable() throws {
        let fixture = try LockedStoreFixture()
        let path = try fixture.copy()
        LockedDevice.lock(path, as: .init(code: nil, systemError: EIO, refusesOpening: true, readsHeader: false))
        defer { LockedDevice.unlock(path) }
        do throws(StoreError) {
            _ = try SnapshotStore(readingAt: path)
            Issue.record("opened a file that does not open")
        } catch {
            #expect(error != .unavailable(path: path))
            guard case .cannotOpen = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(Self.mapped(.SQLITE_IOERR_READ, path) != .unavailable(path: path))
    }

    /// A file whose permission bits forbid reading: the refusal a process that is not the
    /// superuser meets (`EACCES`) is a permission error, never "try again".
    @Test func aFileItsPermissionsForbidIsNotUnavailable() throws {
        let fixture = try LockedStoreFixture()
        let path = try fixture.copy()
        #expect(chmod(path, 0) == 0)
        defer { chmod(path, 0o644) }
        LockedDevice.lock(path, as: .lockedAccessDenied)
        defer { LockedDevice.unlock(path) }
        do throws(StoreError) {
            _ = try SnapshotStore(readingAt: path)
            Issue.record("opened a file its permissions forbid")
        } catch {
            #expect(error != .unavailable(path: path))
            guard case .cannotOpen = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(Self.mapped(.SQLITE_CANTOPEN, path) == .cannotOpen(path: path, detail: "m"))
    }

    /// A damaged file that the system lets be read is damaged, not unavailable.
    @Test func aDamagedFileIsDamaged() throws {
        let fixture = try LockedStoreFixture()
        let path = try fixture.copy()
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 0)
        handle.write(Data(repeating: 0x5A, count: 4096))
        try handle.close()
        #expect(throws: StoreError.notADatabase(path: path)) { try SnapshotStore(path: path) }
        #expect(throws: StoreError.notADatabase(path: path)) { try SnapshotStore(readingAt: path) }
    }

    @Test func theMessageSaysWhatToDo() {
        let message = StoreError.unavailable(path: "/a/navigation.sqlite").description
        #expect(message == "/a/navigation.sqlite is protected while the device is locked and cannot be read or written now; nothing was changed, try again once the device is unlocked")
    }
}
