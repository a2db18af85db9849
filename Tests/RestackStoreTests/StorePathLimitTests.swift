import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// A store path is checked as the file system resolves it: a short path through a symbolic link
/// to a real path longer than SQLite opens (512 bytes) is refused as too long, naming the real
/// path, for an existing store and a new one; a missing file is not found, at the root and in a
/// folder that does not exist.
@Suite("Store paths as resolved")
struct StorePathLimitTests {
    /// A folder whose real path is over 600 bytes, and a short symbolic link to it.
    static func longFolder(in folder: TemporaryFolder) throws -> (real: String, link: String) {
        var real = folder.url.resolvingSymlinksInPath().path
        for level in 0..<3 {
            real += "/" + String(repeating: Character("\(level)"), count: 200)
        }
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        let link = folder.path("l")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        return (real, link)
    }

    @Test func aShortLinkToALongRealPathIsTooLong() throws {
        let folder = try TemporaryFolder()
        let (real, link) = try Self.longFolder(in: folder)
        // A new store in the long folder, through the link.
        #expect(throws: StoreError.pathTooLong(path: real + "/new.sqlite")) { try SnapshotStore(path: link + "/new.sqlite") }
        // An existing file there (made without SQLite, which could not open it), through a link to it.
        _ = FileManager.default.createFile(atPath: real + "/old.sqlite", contents: Data())
        let fileLink = folder.path("f")
        try FileManager.default.createSymbolicLink(atPath: fileLink, withDestinationPath: real + "/old.sqlite")
        #expect(throws: StoreError.pathTooLong(path: real + "/old.sqlite")) { try SnapshotStore(path: fileLink) }
        #expect(throws: StoreError.pathTooLong(path: real + "/old.sqlite")) { try SnapshotStore(readingAt: fileLink) }
    }

    @Test func aMissingStoreIsNotFoundWhereverItWouldBe() throws {
        let name = "restack-no-such-store-\(UUID().uuidString).sqlite"
        #expect(throws: StoreError.fileNotFound(path: "/" + name)) { try SnapshotStore(readingAt: "/" + name) }
        let folder = try TemporaryFolder()
        let missing = folder.path("no-such-folder") + "/s.sqlite"
        #expect(throws: StoreError.fileNotFound(path: missing)) { try SnapshotStore(readingAt: missing) }
        #expect(throws: StoreError.directoryNotFound(path: missing)) { try SnapshotStore(path: missing) }
    }
}
