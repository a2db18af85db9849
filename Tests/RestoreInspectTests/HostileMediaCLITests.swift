import Foundation
import GRDB
import RestackTestSupport
import Testing

/// `restore-inspect` on read-only media, on a full disk, on files reached through links, and
/// against a lock held by another process: the documented exit codes, one line, no side file.
@Suite("restore-inspect on hostile media", .serialized)
struct HostileMediaCLITests {
    static let state = Data(#"{"formatVersion": 1, "left": [{"identifier": "inbox", "class": "InboxController"}]}"#.utf8)

    @Test(.enabled(if: TmpfsMount.isAvailable))
    func readOnlyMediaInspectsAndRefusesImportWith73() throws {
        let mount = try TmpfsMount(kibibytes: 1024)
        let path = mount.path("s.sqlite")
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Self.state).status == 0)
        mount.remount(readOnly: true)
        for command in [["sessions"], ["history", "--session", "s"], ["show", "--session", "s"], ["plan", "--session", "s"], ["check"], ["export", "--session", "s"],
                        ["report"], ["plan", "--session", "s", "--expire-after", "1s"]] {
            let result = try CLI.run([command[0], "--db", path] + command.dropFirst())
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        expectFailure(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Self.state), code: 73, mentioning: "read-only")
        expectFailure(try CLI.run(["import", "--db", mount.path("new.sqlite"), "--session", "s", "--input", "-"], stdin: Self.state),
                      code: 73, mentioning: "read-only")
        #expect(mount.files == ["s.sqlite"])
    }

    @Test(.enabled(if: TmpfsMount.isAvailable))
    func aFullDiskInspectsWithoutSideFilesAndRefusesImportWith73() throws {
        let mount = try TmpfsMount(kibibytes: 1024)
        let path = mount.path("s.sqlite")
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Self.state).status == 0)
        mount.fill()
        for command in [["sessions"], ["plan", "--session", "s"], ["check"]] {
            let result = try CLI.run([command[0], "--db", path] + command.dropFirst())
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        expectFailure(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Self.state), code: 73, mentioning: "no space left")
        #expect(mount.files == ["filler", "s.sqlite"], "no side file")
    }

    @Test func aStoreLockedByAnotherProcessFailsWith75InSeconds() throws {
        let scratch = try Scratch()
        let path = scratch.path("s.sqlite")
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Self.state).status == 0)
        var configuration = Configuration()
        configuration.prepareDatabase { try $0.execute(sql: "PRAGMA locking_mode = EXCLUSIVE") }
        let holder = try DatabaseQueue(path: path, configuration: configuration)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            let start = Date()
            expectFailure(try CLI.run(["sessions", "--db", path]), code: 75, mentioning: "locked by another process")
            #expect(Date().timeIntervalSince(start) < 15)
            try db.execute(sql: "ROLLBACK")
        }
    }

    @Test func anotherApplicationsDatabaseThroughALinkOrSlashExits68Untouched() throws {
        let scratch = try Scratch()
        let real = scratch.path("other.sqlite")
        let queue = try DatabaseQueue(path: real)
        try queue.write { try $0.execute(sql: "CREATE TABLE contacts (id INTEGER PRIMARY KEY)") }
        try queue.close()
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.sqlite"), withDestinationPath: real)
        let before = FileManager.default.contents(atPath: real)
        for spelling in [real + "/", scratch.path("./other.sqlite"), scratch.path("link.sqlite")] {
            expectFailure(try CLI.run(["import", "--db", spelling, "--session", "s", "--input", "-"], stdin: Self.state),
                          code: 68, mentioning: "\(real) belongs to another application")
        }
        #expect(FileManager.default.contents(atPath: real) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["link.sqlite", "other.sqlite"])
    }

    @Test func aHardLinkedStoreExits68() throws {
        let scratch = try Scratch()
        let path = scratch.path("s.sqlite")
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Self.state).status == 0)
        #expect(link(path, scratch.path("other-name.sqlite")) == 0)
        expectFailure(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Self.state), code: 68, mentioning: "hard links")
        expectFailure(try CLI.run(["sessions", "--db", path]), code: 68, mentioning: "hard links")
    }

    /// A path is bytes: one that is not UTF-8 would be read as another name (`bad\u{FFFD}`), so
    /// it is a usage error and nothing is created.
    @Test func aPathThatIsNotUTF8IsAUsageErrorAndCreatesNothing() throws {
        let scratch = try Scratch()
        let input = scratch.write("s.json", String(decoding: Self.state, as: UTF8.self))
        for command in ["import --db \"$1/$(printf 'bad\\377.sqlite')\" --session s --input \"$2\"", "sessions --db \"$1/$(printf 'bad\\377.sqlite')\""] {
            let result = try CLI.runTool("/bin/sh", ["-c", "exec \"$0\" \(command)", CLI.binary.path, scratch.url.path, input])
            expectFailure(result, code: 64, mentioning: "not valid UTF-8")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["s.json"])
    }

    /// `--db ''` names no file (it would resolve to the current folder): a usage error.
    @Test func anEmptyStorePathIsAUsageError() throws {
        for command in [["sessions"], ["check"], ["import", "--session", "s", "--input", "-"], ["plan", "--session", "s"],
                        ["diff", "--session", "s"], ["demo"]] {
            expectFailure(try CLI.run([command[0], "--db", ""] + command.dropFirst(), stdin: Self.state), code: 64, mentioning: "--db needs a path")
        }
    }

    /// A name longer than a file system allows, and a relative path whose real form is longer
    /// than SQLite opens: "too long" (66), never "no store" for a file that is there, nor 68.
    @Test func overLongPathsAreTooLong() throws {
        let scratch = try Scratch()
        let long = scratch.path(String(repeating: "a", count: 5000))
        expectFailure(try CLI.run(["import", "--db", long, "--session", "s", "--input", "-"], stdin: Self.state), code: 66, mentioning: "too long")
        expectFailure(try CLI.run(["sessions", "--db", long]), code: 66, mentioning: "too long")
        // 20 folders of 250 bytes: over 4,096 bytes from the root, reached step by step.
        let name = String(repeating: "d", count: 250)
        let script = "cd \"$1\" && for i in $(seq 20); do mkdir \(name) && cd -P \(name) || exit 9; done; "
            + "\"$0\" import --db s.sqlite --session s --input \"$2\"; echo \"status $?\" >&2; "
            + "touch s.sqlite; exec \"$0\" sessions --db s.sqlite"
        let input = scratch.write("s.json", String(decoding: Self.state, as: UTF8.self))
        let result = try CLI.runTool("/bin/bash", ["-c", script, CLI.binary.path, scratch.url.path, input])
        #expect(result.stderr.contains("status 66"), "\(result.stderr)")
        #expect(result.status == 66 && result.stderr.contains("too long"), "\(result.stderr)")
        #expect(!result.stderr.contains("no store"))
        _ = try CLI.runTool("/bin/rm", ["-rf", scratch.path(name)])
    }

    /// `plan` plans one file: a second `--input` is a usage error, not silently the one planned.
    @Test func twoInputsToPlanAreAUsageError() throws {
        let scratch = try Scratch()
        let a = scratch.write("a.json", #"{"formatVersion": 1, "left": [{"identifier": "a", "class": "A"}]}"#)
        let b = scratch.write("b.json", #"{"formatVersion": 1, "left": [{"identifier": "b", "class": "B"}]}"#)
        expectFailure(try CLI.run(["plan", "--input", a, "--input", b]), code: 64, mentioning: "one --input")
    }

    /// A FIFO nobody writes to is waited on for a bounded time, then refused (65).
    @Test func aFIFOWithNoWriterIsRefusedAfterABoundedWait() throws {
        let scratch = try Scratch()
        let fifo = scratch.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let start = Date()
        expectFailure(try CLI.run(["plan", "--input", fifo]), code: 65, mentioning: "no process opened for writing within 5 seconds")
        #expect(Date().timeIntervalSince(start) < 15)
    }

    /// SQLite's integrity messages name indexes as the file spells them: `check` escapes them
    /// like every string from a file, so each row stays one row.
    @Test func checkEscapesWhatSQLiteSaysOfTheFile() throws {
        let scratch = try Scratch()
        let path = scratch.path("s.sqlite")
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Self.state).status == 0)
        let evil = "evil\u{1B}[31m\u{7}\u{202E}\nrow"
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE junk (x); INSERT INTO junk VALUES (1), (2), (3); CREATE INDEX \"\(evil)\" ON junk (x)")
            try db.execute(sql: "CREATE TABLE other (x); CREATE INDEX other_x ON other (x)")
            // Swap the two indexes' pages: the evil one is now empty, and integrity_check names it.
            let evilRoot = try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = ?", arguments: [evil])!
            let otherRoot = try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'other_x'")!
            try db.execute(sql: "PRAGMA writable_schema = ON")
            try db.execute(sql: "UPDATE sqlite_master SET rootpage = ? WHERE name = ?", arguments: [otherRoot, evil])
            try db.execute(sql: "UPDATE sqlite_master SET rootpage = ? WHERE name = 'other_x'", arguments: [evilRoot])
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        try queue.close()
        let result = try CLI.run(["check", "--db", path])
        #expect(result.status == 68)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 8, "one row each: \(result.stdout.debugDescription)")
        for line in lines {
            expectOneLine(line + "\n")
        }
        #expect(result.stdout.contains(#"evil\u{1B}[31m\u{07}\u{202E}\nrow"#), "\(result.stdout)")
        expectOneLine(result.stderr)
    }

    /// A hot journal left by a crashed writer: the store is writable, so inspection says what is
    /// true (an interrupted write the next writer rolls back), and `import` rolls it back.
    @Test func aHotJournalIsAnInterruptedWriteNotAReadOnlyStore() throws {
        let scratch = try Scratch()
        let original = scratch.path("original.sqlite")
        #expect(try CLI.run(["import", "--db", original, "--session", "s", "--input", "-"], stdin: Self.state).status == 0)
        let path = scratch.path("copy.sqlite")
        try HotJournal.copy(original, to: path)
        for command in [["sessions"], ["check"], ["show", "--session", "s"]] {
            expectFailure(try CLI.run([command[0], "--db", path] + command.dropFirst()), code: 68, mentioning: "interrupted write")
        }
        #expect(FileManager.default.fileExists(atPath: path + "-journal"), "inspection wrote nothing")
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Self.state).status == 0)
        #expect(try CLI.run(["history", "--db", path, "--session", "s"]).stdout.contains("2 snapshots"))
    }

    /// In rollback-journal mode too, a lock held by another process is 75 after the 5-second
    /// busy timeout, not after several of them.
    @Test func aLockInRollbackJournalModeFailsWith75InSeconds() throws {
        let scratch = try Scratch()
        let path = scratch.path("s.sqlite")
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Self.state).status == 0)
        var configuration = Configuration()
        configuration.prepareDatabase { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
        let holder = try DatabaseQueue(path: path, configuration: configuration)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            try db.execute(sql: "DELETE FROM restack_value")
            for command in [["import", "--session", "s", "--input", "-"], ["sessions"]] {
                let start = Date()
                expectFailure(try CLI.run([command[0], "--db", path] + command.dropFirst(), stdin: Self.state), code: 75, mentioning: "locked")
                #expect(Date().timeIntervalSince(start) < 9, "\(command)")
            }
            try db.execute(sql: "ROLLBACK")
        }
    }
}
