import Foundation

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

    /// Reads the header of the file at `path`, or `nil` when it has no SQLite header.
    init?(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let bytes = [UInt8](handle.readData(ofLength: 100))
        guard bytes.count == 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else { return nil }
        func integer(_ offset: Int) -> Int {
            bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let size = Int(bytes[16]) << 8 | Int(bytes[17])
        pageSize = size == 1 ? 65536 : size
        let count = integer(28)
        pageCount = count > 0 && integer(24) == integer(92) ? count : nil
    }

    /// What is wrong with the length of the file at `path`, or `nil` when nothing is.
    static func lengthProblem(path: String) -> String? {
        guard let header = StoreFileHeader(path: path), header.pageSize >= 512,
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let length = (attributes[.size] as? NSNumber)?.intValue else { return nil }
        if length % header.pageSize != 0 {
            return "the file is \(length) bytes, not a whole number of its \(header.pageSize)-byte pages: it was truncated or appended to"
        }
        if let pages = header.pageCount, length < pages * header.pageSize {
            return "the file is \(length / header.pageSize) pages long, but its header says \(pages): it was truncated"
        }
        return nil
    }
}
