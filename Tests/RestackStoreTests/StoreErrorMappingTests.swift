import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// How an error from SQLite (through GRDB) becomes a typed store error: each primary result
/// code the store names, its message kept or a default one when SQLite gave none, an I/O error
/// that is a full disk only when the folder really has no byte left, and anything else as
/// `database` with its extended code; and what those two cases say.
@Suite("Store errors from SQLite's")
struct StoreErrorMappingTests {
    static func mapped(_ code: ResultCode, _ message: String? = nil, path: String = "/s.sqlite") -> StoreError {
        StoreError(DatabaseError(resultCode: code, message: message), path: path)
    }

    @Test func eachNamedResultCodeIsItsTypedError() {
        #expect(Self.mapped(.SQLITE_NOTADB) == .notADatabase(path: "/s.sqlite"))
        #expect(Self.mapped(.SQLITE_CORRUPT, "bad page") == .corrupt(path: "/s.sqlite", detail: "bad page"))
        #expect(Self.mapped(.SQLITE_CORRUPT) == .corrupt(path: "/s.sqlite", detail: "database disk image is malformed"))
        #expect(Self.mapped(.SQLITE_FULL) == .diskFull(path: "/s.sqlite"))
        #expect(Self.mapped(.SQLITE_READONLY_ROLLBACK) == .interruptedWrite(path: "/s.sqlite"))
        #expect(Self.mapped(.SQLITE_READONLY) == .readOnly(path: "/s.sqlite"))
        #expect(Self.mapped(.SQLITE_READONLY_DBMOVED) == .readOnly(path: "/s.sqlite"))
        #expect(Self.mapped(.SQLITE_BUSY) == .locked(path: "/s.sqlite"))
        #expect(Self.mapped(.SQLITE_LOCKED) == .locked(path: "/s.sqlite"))
        #expect(Self.mapped(.SQLITE_CANTOPEN, "no such folder") == .cannotOpen(path: "/s.sqlite", detail: "no such folder"))
        #expect(Self.mapped(.SQLITE_CANTOPEN) == .cannotOpen(path: "/s.sqlite", detail: "unable to open database file"))
    }

    @Test func anyOtherErrorIsADatabaseErrorWithItsExtendedCode() {
        #expect(Self.mapped(.SQLITE_CONSTRAINT_UNIQUE, "UNIQUE constraint failed") ==
                .database(path: "/s.sqlite", code: ResultCode.SQLITE_CONSTRAINT_UNIQUE.rawValue, message: "UNIQUE constraint failed"))
        guard case .database(_, let code, let message) = Self.mapped(.SQLITE_MISMATCH) else {
            Issue.record("not a database error")
            return
        }
        #expect(code == ResultCode.SQLITE_MISMATCH.rawValue && message.contains("mismatch"), "\(message)")
        struct Other: Error {}
        guard case .database(_, -1, let described) = StoreError(Other(), path: "/s.sqlite") else {
            Issue.record("an error not from SQLite is a database error of code -1")
            return
        }
        #expect(described.contains("Other"))
        let error = StoreError.database(path: "/s.sqlite", code: 19, message: "constraint failed")
        #expect(error.description == "SQLite error 19 on /s.sqlite: constraint failed")
        let outdated = StoreError.outdatedSchema(path: "/s.sqlite", missingMigrations: ["m007", "m008"])
        #expect(outdated.description == "/s.sqlite needs migrations (m007, m008) that a read-only opening cannot apply; open it for writing once")
    }

    /// An I/O error is a full disk only where the folder has no byte left (SQLite reports the
    /// WAL index it could not grow as an I/O error); elsewhere it is what SQLite said.
    @Test(.enabled(if: TmpfsMount.isAvailable, "mounting a tmpfs needs root"))
    func anIOErrorIsAFullDiskOnlyOnAFullDisk() throws {
        let mount = try TmpfsMount(kibibytes: 256)
        let path = mount.path("s.sqlite")
        guard case .database = Self.mapped(.SQLITE_IOERR_SHMSIZE, "disk I/O error", path: path) else {
            Issue.record("an I/O error with room left is SQLite's error")
            return
        }
        mount.fill()
        #expect(Self.mapped(.SQLITE_IOERR_SHMSIZE, "disk I/O error", path: path) == .diskFull(path: path))
    }
}
