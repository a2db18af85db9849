import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Refusal does not depend on how the path is spelled, and a file reached through several
/// names is refused: SQLite's locks and side files follow the path it is given.
@Suite("Path spellings and hard links")
struct PathSpellingTests {
    /// Another application's database in a folder, and the ways to spell its path.
    struct Fixture {
        let folder: TemporaryFolder
        let real: String
        let spellings: [String]

        init() throws {
            folder = try TemporaryFolder()
            try FileManager.default.createDirectory(atPath: folder.path("inner"), withIntermediateDirectories: true)
            real = folder.path("inner/other.sqlite")
            let queue = try DatabaseQueue(path: real)
            try queue.write { try $0.execute(sql: "CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO contacts (name) VALUES ('Ada')") }
            try queue.close()
            try FileManager.default.createSymbolicLink(atPath: folder.path("link.sqlite"), withDestinationPath: real)
            try FileManager.default.createSymbolicLink(atPath: folder.path("relative-link.sqlite"), withDestinationPath: "inner/other.sqlite")
            try FileManager.default.createSymbolicLink(atPath: folder.path("folder-link"), withDestinationPath: folder.path("inner"))
            spellings = [
                real,
                real + "/",
                real + "//",
                folder.path("inner/./other.sqlite"),
                folder.path("inner/../inner/other.sqlite"),
                folder.path("link.sqlite"),
                folder.path("relative-link.sqlite"),
                folder.path("folder-link/other.sqlite"),
                folder.path("folder-link/../inner/./other.sqlite/"),
            ]
        }
    }

    @Test func anotherApplicationsDatabaseIsRefusedHoweverItsPathIsSpelled() throws {
        let fixture = try Fixture()
        let before = FileFingerprint(fixture.real)
        for spelling in fixture.spellings {
            #expect(throws: StoreError.foreignDatabase(path: fixture.real, tables: ["contacts"]), "\(spelling)") {
                try SnapshotStore(path: spelling)
            }
            #expect(throws: StoreError.foreignDatabase(path: fixture.real, tables: ["contacts"]), "\(spelling)") {
                try SnapshotStore(readingAt: spelling)
            }
            #expect(FileFingerprint(fixture.real) == before, "\(spelling) left the file and its folder as they were")
        }
    }

    @Test func aStoreReachedThroughALinkIsTheRealFile() throws {
        let folder = try TemporaryFolder()
        let real = folder.path("store.sqlite")
        try SnapshotStore(path: real).save(mailState, session: "s")
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.sqlite"), withDestinationPath: real)
        let store = try SnapshotStore(path: folder.path("link.sqlite") + "/")
        #expect(store.path == real)
        try store.save(mailState, session: "s")
        #expect(try SnapshotStore(readingAt: real).snapshots(session: "s").count == 2)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!siblings.contains { $0.hasPrefix("link.sqlite-") }, "side files follow the real file: \(siblings)")
    }

    @Test func aNewStoreThroughAFolderLinkIsCreatedInTheRealFolder() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("alias"), withDestinationPath: folder.path("real"))
        let store = try SnapshotStore(path: folder.path("alias/./new.sqlite"))
        #expect(store.path == folder.path("real/new.sqlite"))
    }

    @Test func aDanglingLinkIsRefusedAndNothingIsCreated() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.path("dangling.sqlite"), withDestinationPath: folder.path("nowhere.sqlite"))
        #expect(throws: StoreError.self) { try SnapshotStore(path: folder.path("dangling.sqlite")) }
        #expect(!FileManager.default.fileExists(atPath: folder.path("nowhere.sqlite")))
    }

    @Test func aFileWithSeveralHardLinksIsRefusedUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        try SnapshotStore(path: path).save(mailState, session: "s")
        #expect(link(path, folder.path("second-name.sqlite")) == 0)
        let before = FileFingerprint(path)
        #expect(throws: StoreError.hardLinked(path: path, links: 2)) { try SnapshotStore(path: path) }
        let second = folder.path("second-name.sqlite")
        #expect(throws: StoreError.hardLinked(path: second, links: 2)) { try SnapshotStore(readingAt: second) }
        #expect(FileFingerprint(path) == before)
        #expect(StoreError.hardLinked(path: path, links: 2).description.contains("hard links"))
    }
}
