import Foundation
import Testing

/// Each subcommand, run as a real process against real store files.
@Suite("restore-inspect commands")
struct CommandTests {
    /// A record of a JSON plan as `identifier@slot`, such as `inbox@left[2]` or `about@right`.
    static func entry(_ json: Any?) -> String {
        guard let entry = json as? [String: Any], let from = entry["from"] as? [String: Any] else { return "?" }
        let slot = (from["slot"] as? String ?? "?") + ((from["index"] as? Int).map { "[\($0)]" } ?? "")
        return "\((entry["identifier"] as? String).map { "\"\($0)\"" } ?? "nil")@\(slot)"
    }

    /// What a JSON plan restores and drops, and what it warns about, in one line.
    static func summary(_ json: Any?) -> String {
        guard let plan = json as? [String: Any] else { return "not a plan" }
        let left = (plan["left"] as? [Any] ?? []).map(entry).joined(separator: " ")
        let right = plan["right"].flatMap { $0 is NSNull ? nil : entry($0) } ?? "none"
        let dropped = (plan["dropped"] as? [[String: Any]] ?? []).map { "\(entry($0)):\($0["reason"] as? String ?? "?")" }
        let warnings = (plan["warnings"] as? [[String: Any]] ?? []).map {
            "\($0["kind"] as? String ?? "?") \($0["identifier"] as? String ?? "?") at \(($0["from"] as? [Any] ?? []).map { entry(["identifier": NSNull(), "from": $0]) }.joined(separator: ","))"
        }
        return "left: \(left) | right: \(right) | promoted: \(plan["rightPromotedToLeft"] as? Bool ?? false)"
            + " | dropped: \(dropped.joined(separator: " ")) | warnings: \(warnings.joined(separator: "; "))"
    }

    @Test func demoCreatesTheStoreAndPlansEachCase() throws {
        let scratch = try Scratch()
        let path = scratch.path("demo.sqlite")
        let result = try CLI.run(["demo", "--db", path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: path))
        let sessions = try #require(result.json as? [[String: Any]])
        let plans = sessions.prefix(6).map { Self.summary($0["plan"]) }
        // One plan per case the README's rules name, in the order the demo saves them.
        #expect(plans == [
            #"left: "mailboxes"@left[0] "inbox"@left[1] | right: "message-42"@right | promoted: false | dropped:  | warnings: "#,
            #"left: "mailboxes"@left[0] "inbox"@left[2] | right: "message-7"@right | promoted: false | dropped: nil@left[1]:missing-identifier | warnings: "#,
            #"left: "mailboxes"@left[0] "inbox"@left[1] | right: none | promoted: false | dropped: "message-9"@right:unresolved-class | warnings: "#,
            #"left: "about"@right | right: none | promoted: true | dropped: nil@left[0]:missing-identifier ""@left[1]:empty-identifier | warnings: "#,
            #"left: "album"@left[0] "photo"@left[1] | right: "photo"@right | promoted: false | dropped:  | warnings: duplicate-identifier photo at nil@left[1],nil@right"#,
            #"left:  | right: none | promoted: false | dropped: "notes"@left[0]:unsupported-format | warnings: "#,
        ])
        // Then one tree per seed system, planned for its layout.
        let trees = Dictionary(uniqueKeysWithValues: sessions.dropFirst(6).map { ($0["session"] as? String ?? "", $0["plan"] as? [String: Any] ?? [:]) })
        func root(_ name: String) -> [String: Any] { trees[name]?["root"] as? [String: Any] ?? [:] }
        func notes(_ name: String) -> [String] {
            (trees[name]?["notes"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "")@\($0["path"] ?? "")" }
        }
        func compact(_ name: String) -> [String: [String]] { root(name)["compact"] as? [String: [String]] ?? [:] }
        #expect(trees.count == 9)
        #expect(notes("demo/sgb-in-a-tab") == ["right-promoted@tabs[0]"])
        #expect(compact("demo/tidysplits-compact-merge") == ["stack": ["primary[0]", "detail[0]"], "hidden": []])
        #expect(compact("demo/tidysplits-compact-omit-detail") == ["stack": ["primary[0]"], "hidden": ["detail[0]"]])
        #expect(compact("demo/index-detail-collapsed") == ["stack": ["primary[0]", "detail[0]", "detail[1]"], "hidden": []])
        #expect(notes("demo/split-or-flip-focus-gone") == ["focus-moved@"])
        #expect(root("demo/split-or-flip-focus-gone")["focus"] as? String == "primary")
        #expect(notes("demo/reinstate-tab-removed") == ["selection-moved@"])
        #expect(root("demo/reinstate-tab-removed")["selected"] as? Int == 0)
        let chain = trees["demo/mail-compose-attachments"]?["dropped"] as? [[String: Any]] ?? []
        #expect(chain.map { "\($0["path"] ?? "")@\($0["reason"] ?? "")" } == ["presented[2]@unresolved-class", "presented[3]@truncated"])
        #expect((root("demo/mail-compose-attachments")["presented"] as? [Any])?.count == 2)
        let pathDrops = trees["demo/swiftui-path-type-removed"]?["dropped"] as? [[String: Any]] ?? []
        #expect(pathDrops.map { "\($0["path"] ?? "")@\($0["reason"] ?? "")" } == ["records[2]@unresolved-class", "records[3]@truncated"])
        #expect((root("demo/swiftui-path-type-removed")["records"] as? [Any])?.count == 2)
        // The text output explains the same plans: it runs and exits 0.
        #expect(try CLI.run(["demo", "--db", path]).status == 0)
    }

    @Test func demoRefreshesItsOwnSessionsAndKeepsOthers() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let file = scratch.write("s.json", #"{"formatVersion": 1, "left": [{"identifier": "mine"}]}"#)
        #expect(try CLI.run(["import", "--db", path, "--session", "mine", "--input", file]).status == 0)
        let again = try CLI.run(["demo", "--db", path, "--json"])
        #expect(again.status == 0)
        #expect((again.json as? [Any])?.count == 15)
        // Refreshed, the demo sessions plan exactly as in a fresh store.
        let fresh = try CLI.run(["demo", "--db", scratch.path("fresh.sqlite"), "--json"])
        #expect((again.json as? [[String: Any]])?.map { Self.summary($0["plan"]) } == (fresh.json as? [[String: Any]])?.map { Self.summary($0["plan"]) })
        let sessions = try #require(try CLI.run(["sessions", "--db", path, "--json"]).json as? [[String: Any]])
        #expect(sessions.count == 16)
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
        #expect(report["sessions"] as? Int == 15)
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
