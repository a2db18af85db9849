import Foundation
import GRDB
import RestackTestSupport
import Testing

/// Issue 31 (hostile round 4), from the command line: `report` on outcome counts past any
/// restore, files with a partial code unit, ids that have run out, negative numbers, and the
/// "also seen" decisions on `--expire-after` and the empty deep link.
@Suite("Hostile round 4")
struct HostileRoundFourTests {
    /// A store with three launches' outcomes (restores confirmed), as restack-mail leaves one.
    static func storeWithOutcomes(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("r.sqlite")
        let state = folder.write("s.json", #"{"formatVersion":2,"root":{"kind":"stack","records":[{"identifier":"a","class":"A"}]}}"#)
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", state]).status == 0)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for id in 1...3 {
                try db.execute(sql: """
                    INSERT INTO restack_outcome (id, session, recorded_at, app_version, snapshot_id, snapshot_app_version, result, layout,
                                                 skipped_quarantined, restored_records, duration_ms)
                    VALUES (?, 's', 0, '1.0', 1, NULL, 'restored', 'regular', 0, 1, NULL)
                    """, arguments: [id])
            }
        }
        try queue.close()
        return path
    }

    static func edit(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }

    /// The files beside `path` (a refused inspection leaves none of its own).
    static func siblings(_ path: String) -> [String] {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    // MARK: Defect 1

    @Test(arguments: ["report", "report --json", "report --session s"])
    func reportOnCountsPastAnyRestoreIsDamageNotATrap(_ command: String) throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeWithOutcomes(in: folder)
        #expect(try CLI.run(["report", "--db", path]).stdout == "1.0: 3 restores; nothing dropped\n")
        try Self.edit(path, "UPDATE restack_outcome SET restored_records = 9223372036854775807")
        let before = Self.siblings(path)
        let bytes = FileManager.default.contents(atPath: path)
        let arguments = command.split(separator: " ").map(String.init)
        let result = try CLI.run([arguments[0], "--db", path] + arguments.dropFirst())
        expectFailure(result, code: 68, mentioning: "restack_outcome.restored_records of outcome 1: 9223372036854775807 is more than any restore counts")
        #expect(Self.siblings(path) == before, "no -wal or -shm left beside the store")
        #expect(FileManager.default.contents(atPath: path) == bytes)
        let check = try CLI.run(["check", "--db", path])
        #expect(check.status == 68)
        #expect(check.stdout.contains("restack_outcome.restored_records: a count that is negative or over 2147483647: outcomes 1, 2, 3"), "\(check.stdout)")
    }

    @Test func reportSumsCountsUpToTheBoundWithoutTrapping() throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeWithOutcomes(in: folder)
        try Self.edit(path, "UPDATE restack_outcome SET restored_records = 2147483647")
        let result = try CLI.run(["report", "--db", path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let versions = (result.json as? [String: Any])?["versions"] as? [[String: Any]]
        #expect(versions?.first?["restoredRecords"] as? Int == 3 * 2147483647)
    }

    // MARK: Defect 2

    @Test(arguments: [
        (#"["A","1"]"#, String.Encoding.utf16LittleEndian, [UInt8]([0xFF, 0xFE])),
        (#"["A","1"]"#, .utf16BigEndian, []),
        (#"{"formatVersion":1,"left":[{"identifier":"A","class":"A"}]}"#, .utf16LittleEndian, []),
        (#"{"formatVersion":2,"root":{"kind":"stack","records":[]}}"#, .utf32LittleEndian, [0xFF, 0xFE, 0, 0]),
        (#"{"formatVersion":2,"root":{"kind":"stack","records":[]}}"#, .utf32BigEndian, []),
    ])
    func aFileWithAPartialCodeUnitIsRefusedAndNothingSaved(_ json: String, _ encoding: String.Encoding, _ bom: [UInt8]) throws {
        let folder = try TemporaryFolder()
        let file = folder.path("cut.json")
        let whole = Data(bom) + json.data(using: encoding)!
        _ = FileManager.default.createFile(atPath: file, contents: whole)
        #expect(try CLI.run(["plan", "--input", file]).status == 0)
        _ = FileManager.default.createFile(atPath: file, contents: whole + Data([0x41]))
        expectFailure(try CLI.run(["plan", "--input", file]), code: 65, mentioning: "not valid UTF-8, UTF-16 or UTF-32")
        let store = folder.path("i.sqlite")
        expectFailure(try CLI.run(["import", "--db", store, "--session", "s", "--input", file]), code: 65, mentioning: "not valid UTF-8, UTF-16 or UTF-32")
        #expect(!FileManager.default.fileExists(atPath: store), "nothing was saved")
    }

    // MARK: Defect 3

    @Test(arguments: ["restack_snapshot", "restack_session"])
    func idsThatHaveRunOutAreDamageNotAFullDisk(_ table: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("q.sqlite")
        let state = folder.write("s.json", #"{"formatVersion":2,"root":{"kind":"stack","records":[{"identifier":"a","class":"A"}]}}"#)
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", state]).status == 0)
        // Snapshot ids have no sequence since migration 9: their high-water mark is in restack_meta.
        try Self.edit(path, table == "restack_snapshot"
            ? "INSERT OR REPLACE INTO restack_meta (key, value) VALUES ('snapshot_high_water', 9223372036854775807)"
            : "UPDATE sqlite_sequence SET seq = 9223372036854775807 WHERE name = '\(table)'")
        let session = table == "restack_session" ? "another" : "s"
        let result = try CLI.run(["import", "--db", path, "--session", session, "--input", state])
        expectFailure(result, code: 68, mentioning: "is damaged: \(table).id: the ids have reached 9223372036854775807")
        #expect(!result.stderr.contains("no space"))
        let check = try CLI.run(["check", "--db", path])
        #expect(check.status == 68)
        #expect(check.stdout.contains("\(table).id: the ids have reached 9223372036854775807"), "\(check.stdout)")
    }

    // MARK: Defect 5

    @Test(arguments: [
        (["plan", "--session", "s", "--expire-after"], "-1", "an expiry must be a number of seconds greater than 0, not -1.0"),
        (["plan", "--session", "s", "--expire-after"], "-0", "an expiry must be a number of seconds greater than 0, not -0.0"),
        (["plan", "--session", "s", "--expire-after"], "-inf", "an expiry must be a number of seconds greater than 0, not -inf"),
        (["plan", "--session", "s", "--expire-after"], "-2h", "an expiry must be a number of seconds greater than 0, not -7200.0"),
        (["plan", "--session", "s", "--expire-after"], "0", "an expiry must be a number of seconds greater than 0, not 0.0"),
        (["history", "--session", "s", "--limit"], "-1", "--limit must be 1 or more, not -1."),
        (["sessions", "--limit"], "-1", "--limit must be 1 or more, not -1."),
        (["sessions", "--limit"], "0", "--limit must be 1 or more, not 0."),
    ])
    func aNegativeNumberGetsTheRangeMessage(_ command: [String], _ value: String, _ message: String) throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeWithOutcomes(in: folder)
        let bytes = FileManager.default.contents(atPath: path)
        let result = try CLI.run([command[0], "--db", path] + command.dropFirst() + [value])
        expectFailure(result, code: 64, mentioning: message)
        #expect(!result.stderr.contains("Missing value"))
        #expect(FileManager.default.contents(atPath: path) == bytes, "nothing written")
    }

    /// A snapshot id is any integer (a damaged store may hold negative ones, and they are
    /// selectable): a negative one is looked up, as `0` is, and not found (67).
    @Test(arguments: [
        (["plan", "--session", "s", "--snapshot"], "-1"),
        (["plan", "--session", "s", "--snapshot"], "0"),
        (["show", "--session", "s", "--snapshot"], "-1"),
        (["export", "--session", "s", "--snapshot"], "-5"),
        (["diff", "--session", "s", "--from"], "-1"),
        (["diff", "--session", "s", "--from", "1", "--to"], "-1"),
        (["unquarantine", "--snapshot"], "-1"),
    ])
    func aNegativeSnapshotIdIsLookedUpAs0Is(_ command: [String], _ value: String) throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeWithOutcomes(in: folder)
        let bytes = FileManager.default.contents(atPath: path)
        let result = try CLI.run([command[0], "--db", path] + command.dropFirst() + [value])
        expectFailure(result, code: 67, mentioning: "no snapshot \(value)")
        #expect(FileManager.default.contents(atPath: path) == bytes, "nothing written")
    }

    // MARK: Also seen

    /// `--expire-after` takes an unsigned decimal age with an optional unit: fractions, and ages
    /// longer than any clock reaches (which expire nothing); not a sign, an exponent, inf or nan.
    @Test func expireAfterAcceptsWhatItDocumentsAndRefusesTheRest() throws {
        let folder = try TemporaryFolder()
        let path = try Self.storeWithOutcomes(in: folder)
        let fresh = try CLI.run(["plan", "--db", path, "--session", "s"])
        for age in ["0.5", "1.5h", "99999999999999999999", "14d", ".5d", "3600"] {
            let result = try CLI.run(["plan", "--db", path, "--session", "s", "--expire-after", age])
            // The snapshot was saved moments ago at most... except by 0.5 s, it may have expired.
            #expect([0, 65].contains(result.status), "\(age): \(result.stderr)")
            if age != "0.5" { #expect(result.stdout == fresh.stdout, "\(age) restores as without it") }
        }
        for age in ["+5", "1e3", "inf", "nan", "5w", "", "1.2.3", "5 h", "0x10"] {
            expectFailure(try CLI.run(["plan", "--db", path, "--session", "s", "--expire-after", age]), code: 64, mentioning: "is not an age")
        }
    }

    /// `{}` is the empty deep link, on purpose: the plan is what it is without a link.
    @Test func theEmptyDeepLinkFileChangesNothing() throws {
        let folder = try TemporaryFolder()
        let state = folder.write("s.json", #"{"formatVersion":2,"root":{"kind":"stack","records":[{"identifier":"a","class":"A"},{"identifier":"b","class":"B"}]}}"#)
        let link = folder.write("l.json", "{}")
        let without = try CLI.run(["plan", "--input", state, "--restored"])
        let with = try CLI.run(["plan", "--input", state, "--deep-link", link, "--restored"])
        #expect(with.status == 0 && without.status == 0, "\(with.stderr)")
        #expect(with.stdout == without.stdout)
    }
}
