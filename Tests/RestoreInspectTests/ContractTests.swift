import Foundation
import GRDB
import Restack
import Testing

/// One contract across commands (issue 12): `--json` everywhere, one vocabulary, defaults that
/// say what they chose, a demo whose hints reproduce it, `--version`, listings with limits.
@Suite("restore-inspect's contract")
struct ContractTests {
    /// Quarantines snapshot `id` of a store, as the crash-loop guard would.
    static func quarantine(_ id: Int, in path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "UPDATE restack_snapshot SET quarantined_at = 1 WHERE id = ?", arguments: [id]) }
        try queue.close()
    }

    @Test func everyCommandButExportTakesJSONAndPrintsJSON() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let state = scratch.write("s.json", #"{"formatVersion": 1, "left": [{"identifier": "a"}]}"#)
        let session = "demo/mail-all-valid"
        let snapshot = try #require((try CLI.run(["history", "--db", path, "--session", session, "--json"]).json as? [[String: Any]])?.first?["id"] as? Int)
        let commands: [[String]] = [
            ["sessions", "--db", path],
            ["history", "--db", path, "--session", session],
            ["show", "--db", path, "--session", session],
            ["check", "--db", path],
            ["report", "--db", path],
            ["plan", "--db", path, "--session", session],
            ["plan", "--input", state],
            ["diff", "--db", path, "--session", session],
            ["diff", "--input", state, "--input", state],
            ["import", "--db", path, "--session", "new", "--input", state],
            ["unquarantine", "--db", path, "--session", session, "--snapshot", "\(snapshot)"],
            ["demo", "--db", path],
            ["export", "--db", path, "--session", session],
        ]
        for command in commands {
            let result = try CLI.run(command + ["--json"])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.json != nil, "\(command) prints JSON: \(result.stdout)")
        }
        #expect(try CLI.run(["export", "--db", path, "--session", session, "--json"]).stdout
                == CLI.run(["export", "--db", path, "--session", session]).stdout, "export's output is JSON already")
    }

    @Test func showSaysReasonAsPlanDoesAndKeepsProblem() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let shown = try #require(try CLI.run(["show", "--db", path, "--session", "demo/settings-lone-right", "--json"]).json as? [String: Any])
        let records = try #require(shown["records"] as? [[String: Any]])
        #expect(records.map { $0["reason"] as? String } == ["missing-identifier", "empty-identifier", nil])
        for record in records {
            #expect(Set(record.keys).isSuperset(of: ["from", "identifier", "class", "payloadBytes", "restorable", "problem", "reason"]))
            #expect((record["problem"] as? String) == (record["reason"] as? String), "problem is kept, with reason's value")
        }
    }

    @Test func planAndShowSayWhichSnapshotTheyChoseAndWhy() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let session = "demo/mail-all-valid"
        func chosen(_ arguments: [String]) throws -> [String: Any] {
            let result = try CLI.run(arguments + ["--json"])
            return try #require((result.json as? [String: Any])?["chosen"] as? [String: Any], "\(arguments): \(result.stderr)")
        }
        #expect(try chosen(["plan", "--db", path, "--session", session])["by"] as? String == "newest")
        #expect(try chosen(["show", "--db", path, "--session", session])["by"] as? String == "newest")
        #expect(try chosen(["plan", "--db", path, "--session", session, "--snapshot", "1"])["by"] as? String == "snapshot-option")
        #expect(try chosen(["show", "--db", path, "--session", session, "--snapshot", "1"])["by"] as? String == "snapshot-option")
        #expect(try CLI.run(["plan", "--db", path, "--session", session]).stdout.contains("chosen: snapshot 2, the newest"))
        try Self.quarantine(2, in: path)
        let guarded = try chosen(["plan", "--db", path, "--session", session])
        #expect(guarded["by"] as? String == "crash-loop-guard")
        #expect(guarded["snapshot"] as? Int == 1)
        #expect(guarded["skippedQuarantined"] as? [Int] == [2])
        #expect(try CLI.run(["plan", "--db", path, "--session", session]).stdout.contains("chosen: snapshot 1 by the crash-loop guard, the newest not quarantined (skipped 2)"))
        // show looks at what is stored: the newest, quarantined or not, and says so.
        let show = try chosen(["show", "--db", path, "--session", session])
        #expect(show["by"] as? String == "newest")
        #expect(show["snapshot"] as? Int == 2)
        // --help says the same (its lines wrapped anywhere).
        func help(_ command: String) throws -> String {
            try CLI.run([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        #expect(try help("plan").contains("by default the crash-loop guard's choice: the newest not quarantined"))
        #expect(try help("show").contains("the session's newest snapshot, quarantined or not"))
    }

    @Test func unquarantineChecksTheSessionAndReportsInJSON() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        try Self.quarantine(2, in: path)
        expectFailure(try CLI.run(["unquarantine", "--db", path, "--session", "demo/mail-gap", "--snapshot", "2"]), code: 67, mentioning: "2")
        let still = try #require(try CLI.run(["history", "--db", path, "--session", "demo/mail-all-valid", "--json"]).json as? [[String: Any]])
        #expect(still.last?["quarantined"] as? Bool == true, "a snapshot of another session is left as it was")
        let report = try #require(try CLI.run(["unquarantine", "--db", path, "--session", "demo/mail-all-valid", "--snapshot", "2", "--json"]).json as? [String: Any])
        #expect(report["wasQuarantined"] as? Bool == true)
        #expect((report["snapshot"] as? [String: Any])?["quarantined"] as? Bool == false)
        #expect((report["snapshot"] as? [String: Any])?["id"] as? Int == 2)
        let after = try #require(try CLI.run(["history", "--db", path, "--session", "demo/mail-all-valid", "--json"]).json as? [[String: Any]])
        #expect(after.last?["quarantined"] as? Bool == false)
        #expect(try CLI.run(["unquarantine", "--db", path, "--snapshot", "2"]).stdout == "snapshot 2 is no longer quarantined\n")
    }

    @Test func demoSaysWhenItReusesAStore() throws {
        let scratch = try Scratch()
        let path = scratch.path("demo.sqlite")
        let first = try CLI.run(["demo", "--db", path])
        #expect(first.status == 0)
        #expect(!first.stdout.contains("reused"))
        let file = scratch.write("s.json", #"{"formatVersion": 1, "left": [{"identifier": "mine"}]}"#)
        #expect(try CLI.run(["import", "--db", path, "--session", "mine", "--input", file]).status == 0)
        let second = try CLI.run(["demo", "--db", path])
        #expect(second.stdout.contains("an existing store, reused: its demo/... sessions written again, 1 other session left alone"))
    }

    @Test func theDemosHintsReproduceWhatItPrinted() throws {
        let scratch = try Scratch()
        let path = scratch.path("demo.sqlite")
        let demo = try CLI.run(["demo", "--db", path])
        let plans = try #require(try CLI.run(["demo", "--db", path, "--json"]).json as? [[String: Any]])
        let prefix = "  swift run restore-inspect "
        let hints = demo.stdout.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        #expect(hints.count == 5)
        func canonical(_ value: Any?) throws -> Data {
            try JSONSerialization.data(withJSONObject: [value ?? NSNull()], options: .sortedKeys)
        }
        var checked: Set<String> = []
        for hint in hints {
            #expect(!hint.contains("'"), "the scratch path needs no quoting: \(hint)")
            let arguments = hint.split(separator: " ").map(String.init)
            let result = try CLI.run(arguments)
            #expect(result.status == 0, "\(hint): \(result.stderr)")
            guard arguments.first == "plan" else { continue }
            let session = try #require(arguments.firstIndex(of: "--session").map { arguments[$0 + 1] })
            let demoPlan = try #require(plans.first { $0["session"] as? String == session }?["plan"] as? [String: Any])
            let dropped = try #require(demoPlan["dropped"] as? [[String: Any]])
            if arguments.contains("--json") {
                #expect(!dropped.isEmpty, "\(session) drops a record, as the demo printed")
                // Every key of the demo's plan, exactly: left, right, dropped... or root, notes...
                let hinted = try #require(result.json as? [String: Any])
                for (key, value) in demoPlan {
                    #expect(try canonical(hinted[key]) == canonical(value), "\(key) of \(session): the hint's plan is the demo's")
                }
                checked.insert("json")
            } else if arguments.contains("--picture") {
                // The picture marks the records the demo said were dropped, and no other.
                #expect(result.stdout.components(separatedBy: "(dropped: ").count - 1 == dropped.count, "\(result.stdout)")
                for entry in dropped {
                    #expect(result.stdout.contains("(dropped: \(entry["reason"] as? String ?? "?"))"))
                }
                #expect(demoPlan["root"] != nil, "the picture hint shows a tree")
                let layout = try #require(demoPlan["layout"] as? String)
                #expect(result.stdout.contains("screen · layout \(layout) ·"), "in the demo's layout, \(layout)")
                checked.insert("picture")
            } else {
                // The text names every record the demo said was dropped, with its reason.
                let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  dropped ") }
                #expect(rows.count == dropped.count, "\(result.stdout)")
                for entry in dropped {
                    #expect(rows.contains { $0.hasSuffix(entry["reason"] as? String ?? "?") }, "\(result.stdout)")
                }
                checked.insert("text")
            }
        }
        #expect(checked == ["json", "picture", "text"])
    }

    @Test func aHintRunsInAShellWhateverThePathHolds() throws {
        let scratch = try Scratch()
        let folder = scratch.path("it's a $HOME `x`")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/demo.sqlite"
        let demo = try CLI.run(["demo", "--db", path])
        #expect(demo.status == 0, "\(demo.stderr)")
        let prefix = "  swift run restore-inspect "
        let hint = try #require(demo.stdout.split(separator: "\n").first { $0.hasPrefix(prefix + "sessions") }.map { $0.dropFirst(prefix.count) })
        let binary = "'" + CLI.binary.path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        let result = try CLI.runTool("/bin/sh", ["-c", binary + " " + hint + " --json"])
        #expect(result.status == 0, "\(hint): \(result.stderr)")
        let sessions = try #require(try CLI.run(["sessions", "--db", path, "--json"]).json as? [Any])
        #expect((result.json as? [Any])?.count == sessions.count, "the hint names the demo's store: \(hint)")
        #expect(sessions.count > 2)
    }

    @Test func versionIsTheLibrarysVersion() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == RestackVersion.current + "\n")
    }

    @Test func historyAndSessionsTakeALimitAnOrderAndCount() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let session = "demo/mail-all-valid"
        let all = try #require(try CLI.run(["history", "--db", path, "--session", session, "--json"]).json as? [[String: Any]])
        let ids = all.compactMap { $0["id"] as? Int }
        #expect(ids == ids.sorted() && ids.count == 2)
        let newest = try #require(try CLI.run(["history", "--db", path, "--session", session, "--newest-first", "--json"]).json as? [[String: Any]])
        #expect(newest.compactMap { $0["id"] as? Int } == ids.reversed())
        let one = try #require(try CLI.run(["history", "--db", path, "--session", session, "--newest-first", "--limit", "1", "--json"]).json as? [[String: Any]])
        try #require(ids.count > 1)
        #expect(one.compactMap { $0["id"] as? Int } == [ids[1]])
        #expect(try CLI.run(["history", "--db", path, "--session", session, "--limit", "1"]).stdout.hasSuffix("showing 1 of 2 snapshots\n"))
        #expect(try CLI.run(["history", "--db", path, "--session", session]).stdout.hasSuffix("\n2 snapshots\n"))

        let names = try #require(try CLI.run(["sessions", "--db", path, "--json"]).json as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names == names.sorted())
        let byNewest = try #require(try CLI.run(["sessions", "--db", path, "--newest-first", "--json"]).json as? [[String: Any]])
        let latest = byNewest.compactMap { $0["latestSnapshot"] as? Int }
        #expect(latest == latest.sorted(by: >) && latest.count == names.count && names.count > 2)
        let two = try #require(try CLI.run(["sessions", "--db", path, "--newest-first", "--limit", "2", "--json"]).json as? [[String: Any]])
        #expect(two.compactMap { $0["latestSnapshot"] as? Int } == Array(latest.prefix(2)))
        #expect(try CLI.run(["sessions", "--db", path, "--limit", "2"]).stdout.hasSuffix("showing 2 of \(names.count) sessions\n"))
        expectFailure(try CLI.run(["sessions", "--db", path, "--limit", "0"]), code: 64, mentioning: "--limit")
        expectFailure(try CLI.run(["history", "--db", path, "--session", session, "--limit=-3"]), code: 64, mentioning: "-3")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsGenerate(shell: String) throws {
        let result = try CLI.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        for word in ["restore-inspect", "diff", "unquarantine", "picture", "newest-first"] {
            #expect(result.stdout.contains(word), "the \(shell) script knows \(word)")
        }
    }
}
