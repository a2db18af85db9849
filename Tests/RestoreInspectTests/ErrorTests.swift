import Foundation
import GRDB
import Testing

/// Every documented error: one line on stderr, its exit code, no crash, files untouched.
@Suite("restore-inspect errors")
struct ErrorTests {
    @Test(arguments: [
        ["plan"], ["sessions"], ["bogus"], ["plan", "--db", "x"], ["plan", "--db", "x", "--session", "s", "--input", "f"],
        ["show", "--db", "x", "--session", "s", "--snapshot", "seven"],
    ])
    func usageErrorsExit64(_ arguments: [String]) throws {
        expectFailure(try CLI.run(arguments), code: 64, mentioning: "--help")
    }

    @Test func aMissingStoreExits66AndIsNotCreated() throws {
        let scratch = try Scratch()
        let path = scratch.path("absent.sqlite")
        for command in ["sessions", "check"] {
            expectFailure(try CLI.run([command, "--db", path]), code: 66, mentioning: "no store at")
        }
        expectFailure(try CLI.run(["sessions", "--db", scratch.url.path]), code: 66, mentioning: "is a directory")
        expectFailure(try CLI.run(["import", "--db", scratch.path("no/such/folder.sqlite"), "--session", "s", "--input", "-"],
                                  stdin: Data(#"{"formatVersion":1,"left":[]}"#.utf8)), code: 66, mentioning: "does not exist")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func unknownSessionsAndSnapshotsExit67() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        expectFailure(try CLI.run(["history", "--db", path, "--session", "nope"]), code: 67, mentioning: "no session named \"nope\"")
        expectFailure(try CLI.run(["plan", "--db", path, "--session", "nope"]), code: 67, mentioning: "nope")
        expectFailure(try CLI.run(["export", "--db", path, "--session", "demo/mail-gap", "--snapshot", "999"]), code: 67, mentioning: "no snapshot 999")
    }

    @Test func invalidInputExits65AndWritesNothing() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let before = FileManager.default.contents(atPath: path)
        let bad = scratch.write("bad.json", #"{"formatVersion": 1, "left": [{"identifier": 42}]}"#)
        expectFailure(try CLI.run(["plan", "--input", bad]), code: 65, mentioning: "left[0].identifier")
        expectFailure(try CLI.run(["import", "--db", path, "--session", "x", "--input", bad]), code: 65, mentioning: "left[0].identifier")
        expectFailure(try CLI.run(["plan", "--input", scratch.path("missing.json")]), code: 65, mentioning: "cannot read")
        expectFailure(try CLI.run(["plan", "--input", "-"], stdin: Data("not json".utf8)), code: 65, mentioning: "not valid JSON")
        #expect(FileManager.default.contents(atPath: path) == before)
        let sessions = try #require(try CLI.run(["sessions", "--db", path, "--json"]).json as? [Any])
        #expect(sessions.count == 15)
    }

    @Test func filesThatAreNotRestackStoresExit68Untouched() throws {
        let scratch = try Scratch()
        let text = scratch.write("notes.txt", String(repeating: "not a database\n", count: 100))
        let other = scratch.path("other.sqlite")
        let queue = try DatabaseQueue(path: other)
        try queue.write { try $0.execute(sql: "CREATE TABLE contacts (name TEXT)") }
        try queue.close()
        for path in [text, other] {
            let before = FileManager.default.contents(atPath: path)
            expectFailure(try CLI.run(["sessions", "--db", path]), code: 68, mentioning: path)
            expectFailure(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"],
                                      stdin: Data(#"{"formatVersion":1,"left":[]}"#.utf8)), code: 68, mentioning: path)
            #expect(FileManager.default.contents(atPath: path) == before)
        }
    }

    @Test func aNewerStoreExits69Untouched() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('restack.m999_future')") }
        try queue.close()
        let before = FileManager.default.contents(atPath: path)
        expectFailure(try CLI.run(["sessions", "--db", path]), code: 69, mentioning: "newer version of Restack")
        expectFailure(try CLI.run(["demo", "--db", path]), code: 69, mentioning: "restack.m999_future")
        #expect(FileManager.default.contents(atPath: path) == before)
    }
}
