import Foundation
import GRDB
import GRDBSQLite

/// What a database file's 100-byte header says of the file's length, against its real length.
///
/// SQLite reads a truncated file without complaint as long as the pages it touches are there
/// (a missing tail reads as zeros), and `PRAGMA integrity_check` may not notice either: a file
/// missing its last byte read back a class name ending in `\0`. The header tells: the file is a
/// whole number of pages, and no shorter than the in-header database size, which SQLite keeps
/// exact whenever the change counter and the version-valid-for number agree.
struct StoreFileHeader: Equatable {
    /// The page size, in bytes.
    var pageSize: Int
    /// The database size in pages, when the header's value is valid.
    var pageCount: Int?

    /// The header in `bytes` (the file's first 100), or `nil` when they are no SQLite header.
    init?(bytes: [UInt8]) {
        guard bytes.count == 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else { return nil }
        func integer(_ offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let size = Int(bytes[16]) << 8 | Int(bytes[17])
        pageSize = size == 1 ? 65536 : size
        let count = integer(28)
        pageCount = count > 0 && integer(24) == integer(92) ? count : nil
    }

    /// Reads the header of the file at `path`, or `nil` when it has no SQLite header.
    ///
    /// Through a descriptor of its own, which it closes: only for a file that no SQLite
    /// connection of this process has open, whose locks (POSIX's, the process's) that close
    /// would let go (``lengthProblem(_:path:)`` reads through the connection instead).
    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        self.init(bytes: [UInt8](handle.readData(ofLength: 100)))
    }

    /// What is wrong with the length of the file at `path`, or `nil` when nothing is. For a file
    /// no connection of this process has open (see ``init(path:)``).
    static func lengthProblem(path: String) -> String? {
        guard let length = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber else { return nil }
        return problem(StoreFileHeader(path: path), length: length.intValue)
    }

    /// What is wrong with the length of the file `db` reads, or `nil` when nothing is: the
    /// header and the length read through the connection's own file (its descriptor, whose locks
    /// stay held), or, for a connection to a copy in memory, the file at `path`.
    ///
    /// Another process's checkpoint writes the file's first page, with its new size, before the
    /// pages that make it that long: for that instant the file looks cut. A length that looks
    /// wrong is looked at twice more, 20 ms apart, and is a problem only if it stays.
    static func lengthProblem(_ db: Database, path: String) -> String? {
        var problem: String?
        for look in 0..<3 {
            if look > 0 { usleep(20_000) }
            problem = lengthProblemNow(db, path: path)
            if problem == nil { return nil }
        }
        return problem
    }

    private static func lengthProblemNow(_ db: Database, path: String) -> String? {
        guard let connection = db.sqliteConnection else { return nil }
        guard let name = sqlite3_db_filename(connection, "main"), name.pointee != 0 else {
            // A copy in memory: the file was read and closed, and no connection holds it.
            return lengthProblem(path: path)
        }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
              let file, let methods = file.pointee.pMethods?.pointee,
              let fileSize = methods.xFileSize, let read = methods.xRead else { return nil }
        var length: sqlite3_int64 = 0
        guard fileSize(file, &length) == SQLITE_OK else { return nil }
        var bytes = [UInt8](repeating: 0, count: 100)
        // A file shorter than a header reads as zeros past its end (SQLITE_IOERR_SHORT_READ).
        let status = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, 100, 0) }
        guard status == SQLITE_OK || status == shortRead else { return nil }
        return problem(StoreFileHeader(bytes: bytes), length: Int(length))
    }

    /// `SQLITE_IOERR_SHORT_READ` (a macro Swift does not import).
    private static let shortRead = SQLITE_IOERR | (2 << 8)

    /// What is wrong with a file of `length` bytes whose header is `header`.
    private static func problem(_ header: StoreFileHeader?, length: Int) -> String? {
        guard let header, header.pageSize >= 512 else { return nil }
        if length % header.pageSize != 0 {
            return "the file is \(length) bytes, not a whole number of its \(header.pageSize)-byte pages: it was truncated or appended to"
        }
        if let pages = header.pageCount, length < pages * header.pageSize {
            return "the file is \(length / header.pageSize) pages long, but its header says \(pages): it was truncated"
        }
        return nil
    }
}
