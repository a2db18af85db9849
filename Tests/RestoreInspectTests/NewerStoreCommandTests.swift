import Foundation
import GRDB
import Testing

/// Every command that opens a store meets one a newer Restack migrated with exit 69, and leaves
/// it byte for byte: the file as it was, no `-wal` or `-shm` beside it, whether the command reads
/// or writes.
@Suite("restore-inspect on a store from a newer Restack")
struct NewerStoreCommandTests {
    @Test func everyCommandExits69AndLeavesTheFileByteForByte() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        // As a newer library would migrate it: a schema change, and its migration recorded.
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "ALTER TABLE restack_snapshot ADD COLUMN written_by_a_newer_library TEXT")
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('restack.m999_from_a_newer_library')")
        }
        try queue.close()
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let before = (bytes: FileManager.default.contents(atPath: path), files: try FileManager.default.contentsOfDirectory(atPath: folder).sorted())
        #expect(!before.files.contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") })
        let commands: [[String]] = [
            ["sessions"], ["check"], ["history", "--session", "main"], ["report"], ["plan", "--session", "main"],
            ["show", "--session", "main", "--snapshot", "1"], ["export", "--session", "main"], ["diff", "--session", "main"],
            ["unquarantine", "--session", "main", "--snapshot", "1"], ["demo"],
        ]
        for command in commands {
            expectFailure(try CLI.run(command + ["--db", path]), code: 69, mentioning: "restack.m999_from_a_newer_library")
        }
        expectFailure(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Data(#"{"formatVersion":1,"left":[]}"#.utf8)),
                      code: 69, mentioning: "newer version of Restack")
        #expect(FileManager.default.contents(atPath: path) == before.bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before.files)
    }
}
