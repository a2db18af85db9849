import Foundation
import GRDB
import Testing

/// restore-inspect on damaged and read-only stores: a clear line, a documented code, no crash,
/// the file as it was.
@Suite("restore-inspect on damaged stores")
struct DamagedStoreTests {
    func damage(_ path: String, truncate: Bool) throws {
        var bytes = try #require(FileManager.default.contents(atPath: path))
        if truncate {
            bytes = bytes.prefix(bytes.count / 2)
        } else {
            let (root, pageSize) = try DatabaseQueue(path: path).read { db in
                (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'restack_value'")!,
                 try Int.fetchOne(db, sql: "PRAGMA page_size")!)
            }
            let start = (root - 1) * pageSize
            bytes.replaceSubrange(start + 8..<start + 200, with: Data(repeating: 0xA5, count: 192))
        }
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    @Test(arguments: [true, false])
    func checkReportsDamageWithExit68(truncate: Bool) throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        try damage(path, truncate: truncate)
        let before = FileManager.default.contents(atPath: path)
        let result = try CLI.run(["check", "--db", path])
        expectFailure(result, code: 68, mentioning: path)
        let json = try CLI.run(["check", "--db", path, "--json"])
        #expect(json.status == 68)
        if let report = json.json as? [String: Any] {
            #expect(report["healthy"] as? Bool == false)
        }
        for command in [["show", "--db", path, "--session", "demo/mail-gap"], ["plan", "--db", path, "--session", "demo/mail-gap"]] {
            let read = try CLI.run(command)
            #expect(read.status == 68 || read.status == 0, "\(read.stderr)")
            #expect(!read.stderr.contains("Fatal"))
        }
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func aReadOnlyStoreReadsButRefusesImportWith73() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        let before = FileManager.default.contents(atPath: path)
        #expect(try CLI.run(["sessions", "--db", path]).status == 0)
        let file = scratch.write("s.json", #"{"formatVersion": 1, "left": []}"#)
        expectFailure(try CLI.run(["import", "--db", path, "--session", "x", "--input", file]), code: 73, mentioning: "read-only")
        expectFailure(try CLI.run(["unquarantine", "--db", path, "--snapshot", "1"]), code: 73, mentioning: "read-only")
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func unquarantineLiftsAQuarantineAndNeverCreatesAStore() throws {
        let scratch = try Scratch()
        expectFailure(try CLI.run(["unquarantine", "--db", scratch.path("absent.sqlite"), "--snapshot", "1"]), code: 66, mentioning: "no store")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("absent.sqlite")))
        let path = try scratch.demoStore()
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "UPDATE restack_snapshot SET quarantined_at = 1 WHERE id = 2") }
        try queue.close()
        let plan = try #require(try CLI.run(["plan", "--db", path, "--session", "demo/mail-all-valid", "--json"]).json as? [String: Any])
        #expect(plan["skippedQuarantined"] as? [Int] == [2])
        #expect((plan["snapshot"] as? [String: Any])?["id"] as? Int == 1)
        #expect(try CLI.run(["history", "--db", path, "--session", "demo/mail-all-valid"]).stdout.contains("quarantined"))
        #expect(try CLI.run(["plan", "--db", path, "--session", "demo/mail-all-valid"]).stdout.contains("fell back"))
        #expect(try CLI.run(["unquarantine", "--db", path, "--snapshot", "2"]).status == 0)
        let after = try #require(try CLI.run(["plan", "--db", path, "--session", "demo/mail-all-valid", "--json"]).json as? [String: Any])
        #expect(after["skippedQuarantined"] as? [Int] == [])
        expectFailure(try CLI.run(["unquarantine", "--db", path, "--snapshot", "999"]), code: 67, mentioning: "999")
    }
}
