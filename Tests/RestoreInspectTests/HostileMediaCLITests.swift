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
        for command in [["sessions"], ["history", "--session", "s"], ["show", "--session", "s"], ["plan", "--session", "s"], ["check"], ["export", "--session", "s"]] {
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
}
