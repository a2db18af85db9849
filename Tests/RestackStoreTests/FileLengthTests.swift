import Foundation
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// What a store file's header says of its length, against the file: a file cut by whole pages
/// (SQLite reads it without complaint), one cut mid-page, 64 KiB pages, a header whose page
/// count is stale (not to be trusted), and files that are no SQLite database at all.
@Suite("A store file's length against its header")
struct FileLengthTests {
    /// A real store's file and its page size.
    static func store(in folder: TemporaryFolder) throws -> (path: String, pageSize: Int, length: Int) {
        let path = folder.path("s.sqlite")
        do {
            let store = try SnapshotStore(path: path)
            for index in 0..<20 {
                try store.save(RestorationTree.drillDown(left: (0..<20).map { record("r\(index)-\($0)", "C", String(repeating: "x", count: 200)) }), session: "s\(index)")
            }
        }
        let header = try #require(StoreFileHeader(path: path))
        let length = try #require((FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue)
        return (path, header.pageSize, length)
    }

    static func truncate(_ path: String, to length: Int) {
        #expect(Foundation.truncate(path, off_t(length)) == 0)
    }

    @Test func aFileCutByWholePagesIsShorterThanItsHeaderSays() throws {
        let folder = try TemporaryFolder()
        let (path, pageSize, length) = try Self.store(in: folder)
        #expect(StoreFileHeader.lengthProblem(path: path) == nil, "a whole store")
        let pages = length / pageSize
        Self.truncate(path, to: length - 2 * pageSize)
        #expect(StoreFileHeader.lengthProblem(path: path) == "the file is \(pages - 2) pages long, but its header says \(pages): it was truncated")
        Self.truncate(path, to: length - 2 * pageSize - 1)
        #expect(StoreFileHeader.lengthProblem(path: path)?.hasSuffix("not a whole number of its \(pageSize)-byte pages: it was truncated or appended to") == true)
    }

    /// The header's page count is valid only while its change counter (offset 24) and
    /// version-valid-for number (offset 92) agree; a stale one is not held against the file.
    @Test func aStalePageCountIsNotTrusted() throws {
        let folder = try TemporaryFolder()
        let (path, pageSize, length) = try Self.store(in: folder)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 92)
        handle.write(Data([0xFF, 0xFF, 0xFF, 0xFF]))
        try handle.close()
        #expect(StoreFileHeader(path: path)?.pageCount == nil)
        Self.truncate(path, to: length - pageSize)
        #expect(StoreFileHeader.lengthProblem(path: path) == nil)
    }

    /// A page size of 1 in the header means 65536.
    @Test func aPageSizeOfOneMeans64KiB() throws {
        let folder = try TemporaryFolder()
        var header = [UInt8]("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 84)
        header[16] = 0; header[17] = 1
        let path = folder.path("big.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data(header + [UInt8](repeating: 0, count: 65536 - 100)))
        let read = try #require(StoreFileHeader(path: path))
        #expect(read.pageSize == 65536 && read.pageCount == nil)
        #expect(StoreFileHeader.lengthProblem(path: path) == nil)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data([0]))
        try handle.close()
        #expect(StoreFileHeader.lengthProblem(path: path) == "the file is 65537 bytes, not a whole number of its 65536-byte pages: it was truncated or appended to")
    }

    @Test func aFileWithoutASQLiteHeaderHasNone() throws {
        let folder = try TemporaryFolder()
        #expect(StoreFileHeader(path: folder.path("missing")) == nil)
        let short = folder.path("short")
        _ = FileManager.default.createFile(atPath: short, contents: Data("SQLite format 3\0".utf8))
        #expect(StoreFileHeader(path: short) == nil)
        let other = folder.path("other")
        _ = FileManager.default.createFile(atPath: other, contents: Data(repeating: 0x41, count: 4096))
        #expect(StoreFileHeader(path: other) == nil)
        #expect(StoreFileHeader.lengthProblem(path: other) == nil)
    }
}
