import Foundation
import Testing

/// Each subcommand, run as a real process against real store files.
@Suite("restore-inspect commands")
struct CommandTests {
    @Test func demoCreatesTheStoreAndExplainsEachSession() throws {
        let scratch = try Scratch()
        let path = scratch.path("demo.sqlite")
        let result = try CLI.run(["demo", "--db", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: path))
        for expected in ["demo/mail-gap", "missing-identifier", "unresolved-class", "unsupported-format",
                         "sole left record", "duplicate", "empty-identifier"] {
            #expect(result.stdout.contains(expected), "demo output lacks \(expected)")
        }
    }

    @Test func demoRefreshesItsOwnSessionsAndKeepsOthers() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let file = scratch.write("s.json", #"{"formatVersion": 1, "left": [{"identifier": "mine"}]}"#)
        #expect(try CLI.run(["import", "--db", path, "--session", "mine", "--input", file]).status == 0)
        let again = try CLI.run(["demo", "--db", path, "--json"])
        #expect(again.status == 0)
        #expect((again.json as? [Any])?.count == 6)
        let sessions = try #require(try CLI.run(["sessions", "--db", path, "--json"]).json as? [[String: Any]])
        #expect(sessions.count == 7)
        #expect(sessions.first { $0["name"] as? String == "demo/mail-all-valid" }?["snapshotCount"] as? Int == 2)
        #expect(sessions.contains { $0["name"] as? String == "mine" })
    }

    @Test func sessionsAndHistoryListWhatIsStored() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let table = try CLI.run(["sessions", "--db", path])
        #expect(table.status == 0)
        #expect(table.stdout.contains("\"demo/mail-gap\""))
        let history = try #require(try CLI.run(["history", "--db", path, "--session", "demo/mail-all-valid", "--json"]).json as? [[String: Any]])
        #expect(history.map { $0["recordCount"] as? Int } == [1, 3])
        #expect(history.allSatisfy { $0["appVersion"] as? String == "demo" && $0["savedAt"] is String })
    }

    @Test func showMarksEachRecordRestorableOrNot() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let shown = try #require(try CLI.run(["show", "--db", path, "--session", "demo/settings-lone-right", "--json"]).json as? [String: Any])
        let records = try #require(shown["records"] as? [[String: Any]])
        #expect(records.map { $0["restorable"] as? Bool } == [false, false, true])
        #expect(records.map { $0["problem"] as? String } == ["missing-identifier", "empty-identifier", nil])
        let text = try CLI.run(["show", "--db", path, "--session", "demo/settings-lone-right"])
        #expect(text.stdout.contains("no: empty-identifier"))
    }

    @Test func showAndPlanSelectAnOlderSnapshot() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let history = try #require(try CLI.run(["history", "--db", path, "--session", "demo/mail-all-valid", "--json"]).json as? [[String: Any]])
        let oldest = try #require(history.first?["id"] as? Int)
        let plan = try #require(try CLI.run(["plan", "--db", path, "--session", "demo/mail-all-valid", "--snapshot", "\(oldest)", "--json"]).json as? [String: Any])
        #expect((plan["left"] as? [Any])?.count == 1)
        #expect((plan["snapshot"] as? [String: Any])?["id"] as? Int == oldest)
    }

    @Test func checkReportsAHealthyStore() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let report = try #require(try CLI.run(["check", "--db", path, "--json"]).json as? [String: Any])
        #expect(report["healthy"] as? Bool == true)
        #expect(report["integrity"] as? [String] == ["ok"])
        #expect(report["sessions"] as? Int == 6)
        #expect((report["appliedMigrations"] as? [String])?.first == "restack.m001_initial")
        #expect(try CLI.run(["check", "--db", path]).stdout.contains("healthy"))
    }

    @Test func planFromAStoreHasTheDocumentedKeysAndHonoursKnownClasses() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let all = try #require(try CLI.run(["plan", "--db", path, "--session", "demo/mail-renamed-class", "--json"]).json as? [String: Any])
        #expect(Set(all.keys).isSuperset(of: ["left", "right", "dropped", "rightPromotedToLeft", "warnings"]))
        #expect(all["right"] is [String: Any], "without --known-class every restorable record rebuilds")
        let known = try #require(try CLI.run([
            "plan", "--db", path, "--session", "demo/mail-renamed-class",
            "--known-class", "MailboxesController", "--known-class", "InboxController", "--json",
        ]).json as? [String: Any])
        #expect(known["right"] is NSNull)
        #expect((known["left"] as? [Any])?.count == 2)
        let dropped = try #require((known["dropped"] as? [[String: Any]])?.first)
        #expect(dropped["reason"] as? String == "unresolved-class")
        #expect((dropped["from"] as? [String: Any])?["slot"] as? String == "right")
    }

    @Test func planFromAStateFileAndFromStdin() throws {
        let scratch = try Scratch()
        let json = """
            { "formatVersion": 1,
              "left":  [ {"identifier": "inbox", "class": "InboxController", "payload": "aGVsbG8="},
                         {"identifier": null, "class": "ComposeController"} ],
              "right": {"identifier": "message-42", "class": "MessageController"} }
            """
        let file = scratch.write("state.json", json)
        for arguments in [["plan", "--input", file, "--json"], ["plan", "--input", "-", "--json"]] {
            let result = try CLI.run(arguments, stdin: Data(json.utf8))
            let plan = try #require(result.json as? [String: Any], "\(result.stderr)")
            #expect((plan["left"] as? [[String: Any]])?.first?["identifier"] as? String == "inbox")
            #expect((plan["right"] as? [String: Any])?["identifier"] as? String == "message-42")
            #expect((plan["dropped"] as? [[String: Any]])?.first?["reason"] as? String == "missing-identifier")
            #expect(plan["rightPromotedToLeft"] as? Bool == false)
        }
        let text = try CLI.run(["plan", "--input", file, "--known-class", "InboxController"])
        #expect(text.stdout.contains("unresolved-class"))
    }

    @Test func exportImportExportIsIdentical() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        for session in ["demo/mail-all-valid", "demo/settings-lone-right", "demo/notes-newer-format"] {
            let first = try CLI.run(["export", "--db", path, "--session", session])
            #expect(first.status == 0)
            let file = scratch.write("export.json", first.stdout)
            let imported = try CLI.run(["import", "--db", path, "--session", "copy of \(session)", "--input", file])
            #expect(imported.status == 0, "\(imported.stderr)")
            let second = try CLI.run(["export", "--db", path, "--session", "copy of \(session)"])
            #expect(second.stdout == first.stdout)
        }
    }

    @Test func importCreatesAStoreAndReportsTheSnapshot() throws {
        let scratch = try Scratch()
        let path = scratch.path("new.sqlite")
        let file = scratch.write("s.json", #"{"formatVersion": 1, "left": [], "right": {"identifier": "r"}}"#)
        let result = try CLI.run(["import", "--db", path, "--session", "s", "--input", file, "--app-version", "1.0", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try #require(result.json as? [String: Any])
        #expect(info["recordCount"] as? Int == 1)
        #expect(info["appVersion"] as? String == "1.0")
    }
}
