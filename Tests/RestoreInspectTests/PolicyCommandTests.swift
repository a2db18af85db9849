import Foundation
import Testing

/// `--policy CLASS=POLICY` and `--policies-file` (issue 41 item 1): `import` saves with `never`
/// applied (nothing of the class reaches the store's files), `plan` applies `not-restored` and
/// `within:AGE`, and bad input is a usage error (64) that names what is wrong.
@Suite("restore-inspect --policy")
struct PolicyCommandTests {
    static let state = """
        { "formatVersion": 2, "root": { "kind": "stack", "afterDrop": "truncate", "records": [
          {"identifier": "home", "class": "HomeController"},
          {"identifier": "login-secret-id", "class": "LoginController", "payload": "c2VjcmV0LXBheWxvYWQ="},
          {"identifier": "after", "class": "AfterController"} ] } }
        """

    static func reasons(_ result: CLI.Result) -> [String] {
        let dropped = ((result.json as? [String: Any])?["dropped"] as? [[String: Any]]) ?? []
        return dropped.map { "\($0["path"] as? String ?? "?") \($0["reason"] as? String ?? "?")" }
    }

    @Test func importCutsANeverClassAndPlanAndHistorySayNotSaved() throws {
        let scratch = try Scratch()
        let file = scratch.write("state.json", Self.state)
        let db = scratch.path("s.sqlite")
        let saved = try CLI.run(["import", "--db", db, "--session", "s", "--input", file, "--policy", "LoginController=never"])
        #expect(saved.status == 0, "\(saved.stderr)")
        for name in try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) where name.hasPrefix("s.sqlite") {
            let bytes = try Data(contentsOf: scratch.url.appendingPathComponent(name))
            for needle in ["login-secret-id", "LoginController", "secret-payload", "AfterController"] {
                #expect(bytes.range(of: Data(needle.utf8)) == nil, "\(name) holds \(needle)")
            }
        }
        let plan = try CLI.run(["plan", "--db", db, "--session", "s", "--json"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(Self.reasons(plan) == ["records[1] not-saved"])
        let history = try CLI.run(["plan", "--db", db, "--session", "s"])
        #expect(history.stdout.contains("not-saved"), "\(history.stdout)")
    }

    @Test func planAppliesNotRestoredAndWithinFromAFileAndFromAStore() throws {
        let scratch = try Scratch()
        let file = scratch.write("state.json", Self.state)
        let policies = scratch.write("policies.txt", "LoginController=not-restored\r\n\nAfterController=within:1h\n")
        let planned = try CLI.run(["plan", "--input", file, "--policies-file", policies, "--json"])
        #expect(Self.reasons(planned) == ["records[1] not-restored", "records[2] truncated"], "\(planned.stderr)")
        let closeGap = scratch.write("gap.json", Self.state.replacingOccurrences(of: #""afterDrop": "truncate", "#, with: ""))
        #expect(Self.reasons(try CLI.run(["plan", "--input", closeGap, "--policy", "AfterController=within:1h", "--snapshot-age", "2h", "--json"]))
                == ["records[2] expired-screen"])
        #expect(Self.reasons(try CLI.run(["plan", "--input", closeGap, "--policy", "AfterController=within:1h", "--snapshot-age", "59m", "--json"])).isEmpty)
        let db = scratch.path("p.sqlite")
        #expect(try CLI.run(["import", "--db", db, "--session", "s", "--input", file]).status == 0)
        let stored = try CLI.run(["plan", "--db", db, "--session", "s", "--policy", "HomeController=not-restored", "--json"])
        #expect(Self.reasons(stored) == ["records[0] not-restored", "records[1] truncated", "records[2] truncated"], "\(stored.stderr)")
        let snapshot = try CLI.run(["plan", "--db", db, "--session", "s", "--snapshot", "1", "--policy", "HomeController=not-restored", "--json"])
        #expect(Self.reasons(snapshot).first == "records[0] not-restored", "\(snapshot.stderr)")
    }

    @Test func badPoliciesAreUsageErrors() throws {
        let scratch = try Scratch()
        let file = scratch.write("state.json", Self.state)
        for value in ["NoEquals", "=never", "A=sometimes", "A=within:", "A=within:0", "A=within:-5m", "A=within:1y", "restack.not-saved=never"] {
            expectFailure(try CLI.run(["plan", "--input", file, "--policy", value]), code: 64, mentioning: "--policy")
        }
        expectFailure(try CLI.run(["plan", "--input", file, "--policy", "A=never", "--policy", "A=not-restored"]), code: 64,
                      mentioning: #"class "A" is given a persistence policy twice"#)
        let bad = scratch.write("bad.txt", "A=never\nB\n")
        expectFailure(try CLI.run(["import", "--db", scratch.path("x.sqlite"), "--session", "s", "--input", file, "--policies-file", bad]), code: 64,
                      mentioning: "--policies-file: line 2")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("x.sqlite")), "a bad table writes nothing")
        expectFailure(try CLI.run(["plan", "--input", file, "--snapshot-age", "soon"]), code: 64, mentioning: "--snapshot-age")
        // A class name may hold "=": the value is split at the last one.
        let equals = try CLI.run(["plan", "--input", file, "--policy", "Home=Controller=not-restored", "--json"])
        #expect(equals.status == 0, "\(equals.stderr)")
    }
}

/// `import --max-records N --max-bytes N --over-cap truncate|fail` (issue 41 item 2).
@Suite("restore-inspect import --over-cap")
struct OverCapCommandTests {
    static let state = """
        { "formatVersion": 2, "root": { "kind": "stack", "afterDrop": "truncate", "records": [
          {"identifier": "a", "class": "A"}, {"identifier": "b", "class": "B"},
          {"identifier": "c", "class": "C"}, {"identifier": "d", "class": "D"} ] } }
        """

    @Test func truncateSavesWhatFitsAndPlanSaysOverBudget() throws {
        let scratch = try Scratch()
        let file = scratch.write("state.json", Self.state)
        let db = scratch.path("s.sqlite")
        let saved = try CLI.run(["import", "--db", db, "--session", "s", "--input", file, "--max-records", "3", "--over-cap", "truncate", "--json"])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect((saved.json as? [String: Any])?["recordCount"] as? Int == 3, "\(saved.stdout)")
        let plan = try CLI.run(["plan", "--db", db, "--session", "s", "--json"])
        #expect(PolicyCommandTests.reasons(plan) == ["records[2] over-budget"], "\(plan.stdout)")
    }

    @Test func failIsTheDefaultAndBadCapsAreUsageErrors() throws {
        let scratch = try Scratch()
        let file = scratch.write("state.json", Self.state)
        let db = scratch.path("s.sqlite")
        let failed = try CLI.run(["import", "--db", db, "--session", "s", "--input", file, "--max-bytes", "3"])
        #expect(failed.status != 0 && failed.stderr.contains("cap"), "\(failed.stderr)")
        expectFailure(try CLI.run(["import", "--db", db, "--session", "s", "--input", file, "--max-records", "-1"]), code: 64, mentioning: "--max-records")
        expectFailure(try CLI.run(["import", "--db", db, "--session", "s", "--input", file, "--over-cap", "drop"]), code: 64, mentioning: "--over-cap")
        let none = try CLI.run(["import", "--db", db, "--session", "s", "--input", file, "--max-records", "0", "--over-cap", "truncate"])
        #expect(none.status != 0, "nothing fits in no record: the save fails")
    }
}
