import Foundation
import RestackTestSupport
import GRDB
import Restack
@testable import RestackStore
import Testing

/// Stores that must be refused with a typed error and left byte for byte as they were.
@Suite("Refusing stores")
struct RefusalTests {
    /// Makes a Restack store whose applied migrations include one this library does not know.
    static func makeNewerStore(_ path: String) throws {
        try SnapshotStore(path: path).save(mailState, session: "s")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('restack.m999_future')")
        }
        try queue.close()
    }

    @Test func aNewerSchemaIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("newer.sqlite")
        try Self.makeNewerStore(path)
        let before = FileFingerprint(path)
        #expect(throws: StoreError.newerSchema(path: path, unknownMigrations: ["restack.m999_future"])) {
            try SnapshotStore(path: path)
        }
        #expect(throws: StoreError.newerSchema(path: path, unknownMigrations: ["restack.m999_future"])) {
            try SnapshotStore(readingAt: path)
        }
        #expect(FileFingerprint(path) == before)
    }

    @Test func anotherApplicationsDatabaseIsRefusedAndGetsNoRestackTables() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("other.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO contacts (name) VALUES ('Ada')")
        }
        try queue.close()
        let before = FileFingerprint(path)
        #expect(throws: StoreError.foreignDatabase(path: path, tables: ["contacts"])) {
            try SnapshotStore(path: path)
        }
        #expect(FileFingerprint(path) == before)
    }

    @Test func inspectionNeverCreatesAFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("absent.sqlite")
        #expect(throws: StoreError.fileNotFound(path: path)) {
            try SnapshotStore(readingAt: path)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(FileFingerprint(path).siblings.isEmpty)
    }

    @Test func inspectionWritesNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        try SnapshotStore(path: path).save(mailState, session: "s")
        let before = FileFingerprint(path)
        let store = try SnapshotStore(readingAt: path)
        _ = try store.sessions()
        _ = try store.check()
        _ = try store.restore(session: "s")
        #expect(throws: StoreError.readOnly(path: path)) {
            try store.save(mailState, session: "s")
        }
        #expect(FileFingerprint(path).bytes == before.bytes)
    }

    @Test func pathProblemsHaveTheirOwnErrors() throws {
        let folder = try TemporaryFolder()
        #expect(throws: StoreError.isDirectory(path: folder.url.path)) {
            try SnapshotStore(path: folder.url.path)
        }
        let nowhere = folder.path("missing-folder/store.sqlite")
        #expect(throws: StoreError.directoryNotFound(path: nowhere)) {
            try SnapshotStore(path: nowhere)
        }
    }

    @Test(arguments: ["random", "text"])
    func filesThatAreNotDatabasesAreRefusedAndUntouched(_ kind: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("\(kind).sqlite")
        let bytes = kind == "text"
            ? Data(String(repeating: "This is a note, not a database.\n", count: 200).utf8)
            : Data((0..<8192).map { _ in UInt8.random(in: 0...255) })
        _ = FileManager.default.createFile(atPath: path, contents: bytes)
        #expect(throws: StoreError.notADatabase(path: path)) {
            try SnapshotStore(path: path)
        }
        #expect(throws: StoreError.notADatabase(path: path)) {
            try SnapshotStore(readingAt: path)
        }
        #expect(FileManager.default.contents(atPath: path) == bytes)
    }
}
