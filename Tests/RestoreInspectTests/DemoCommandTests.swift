import Foundation
import RestackTerminalText
import RestackTestSupport
import Testing
@testable import restore_inspect

/// `demo`: its output fits on a screen (one row per session, then commands to look further), its
/// follow-up commands are short enough to type and run as printed, and it checks every path
/// before it writes anything (issue 37 item 6, issue 38 defect 6).
@Suite("restore-inspect demo's commands")
struct DemoCommandTests {
    static let prefix = "swift run restore-inspect "

    /// With the default store, each command the demo prints is under 100 characters.
    @Test func everyFollowUpCommandIsUnder100Characters() {
        let commands = Demo.hints(path: Demo.defaultPath).map { Self.prefix + $0.map(Text.shellWord).joined(separator: " ") }
        #expect(commands.count == 5)
        for command in commands {
            #expect(command.count < 100, "\(command.count) characters: \(command)")
            #expect(command.contains(" --demo") && !command.contains("--db"), "\(command)")
        }
    }

    /// The whole output on one screen: a row per session, at most 40 lines of at most 100
    /// columns (the commands aside, which name this store with --db: with the default one they
    /// are the ones above).
    @Test func theOutputFitsOnAScreen() throws {
        let scratch = try Scratch()
        let path = scratch.path("d.sqlite")
        let demo = try CLI.run(["demo", "--db", path])
        #expect(demo.status == 0, "\(demo.stderr)")
        let lines = demo.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 40, "\(lines.count) lines")
        for line in lines where !line.hasPrefix("  " + Self.prefix) && !line.contains(path) {
            #expect(line.count <= 100, "\(line.count) columns: \(line)")
        }
        let sessions = try #require(try CLI.run(["sessions", "--db", path, "--json"]).json as? [[String: Any]])
        for session in sessions.compactMap({ $0["name"] as? String }) {
            #expect(lines.contains { $0.hasPrefix(session + " ") }, "a row for \(session)")
        }
    }

    /// Each command runs as printed, through a shell, and says what the demo's row said: the
    /// session's plan with the demo app's classes (`--demo`).
    @Test func everyFollowUpCommandRunsAsPrintedAndAgreesWithItsRow() throws {
        let scratch = try Scratch()
        let path = scratch.path("d.sqlite")
        let demo = try CLI.run(["demo", "--db", path])
        let commands = demo.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(Self.prefix) }
        #expect(commands.count == 5, "\(demo.stdout)")
        for command in commands {
            #expect(command.contains("--demo --db \(path)"), "another store than the default is named: \(command)")
            let shell = #""$RESTORE_INSPECT_BINARY" "# + command.dropFirst(Self.prefix.count)
            let result = try CLI.runTool("/bin/sh", ["-c", shell], environment: ["RESTORE_INSPECT_BINARY": CLI.binary.path])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(!result.stdout.isEmpty, "\(command)")
        }
        // Every session's row is its plan with --demo: what restores and what is dropped.
        let rows = demo.stdout.split(separator: "\n").filter { $0.hasPrefix("demo/") }
        #expect(rows.count == 15)
        for row in rows {
            let session = String(row.prefix { $0 != " " })
            let plan = try #require(try CLI.run(["plan", "--demo", "--db", path, "--session", session, "--json"]).json as? [String: Any])
            let dropped = try #require(plan["dropped"] as? [[String: Any]])
            let reasons = dropped.compactMap { $0["reason"] as? String }
            #expect(reasons.allSatisfy { row.contains($0) } && (reasons.isEmpty == row.hasSuffix(" -")), "\(row) against \(dropped)")
            let text = try CLI.run(["plan", "--demo", "--db", path, "--session", session]).stdout
            let restored = row.split(separator: " ", omittingEmptySubsequences: true)[1]
            #expect(text.contains(" \(restored) restored, \(dropped.count) dropped"), "\(row)\n\(text)")
        }
        // The lists beside the store are the demo app's: a class a line, and OLD=NEW a line.
        let known = try String(contentsOfFile: scratch.path("d.known-classes"), encoding: .utf8)
        #expect(known.hasPrefix("MailboxesController\nInboxController\n") && known.hasSuffix("MailApp.Mailbox\n"))
        #expect(try String(contentsOfFile: scratch.path("d.aliases"), encoding: .utf8) == "PreferencesController=SettingsController\n")
        // --demo gives the classes the lists hold: planning with the files is planning with --demo.
        let withFiles = try CLI.run(["plan", "--db", path, "--session", "demo/sgb-in-a-tab", "--known-classes-file", scratch.path("d.known-classes"),
                                     "--aliases-file", scratch.path("d.aliases"), "--json"]).stdout
        #expect(withFiles == (try CLI.run(["plan", "--demo", "--db", path, "--session", "demo/sgb-in-a-tab", "--json"]).stdout))
    }

    /// The default store is in /tmp, so that the commands the documents print (and the demo's)
    /// are the same on every machine and short.
    @Test func theDefaultStoreIsInTmp() throws {
        let help = try CLI.run(["demo", "--help"])
        #expect(help.stdout.contains("/tmp/restack-demo.sqlite"), "\(help.stdout)")
        #expect(Demo.defaultPath == "/tmp/restack-demo.sqlite")
    }

    @Test func demoGoesWithAStoreNotAStateFile() throws {
        let scratch = try Scratch()
        let state = scratch.write("s.json", #"{"formatVersion":1,"left":[],"right":null}"#)
        expectFailure(try CLI.run(["plan", "--demo", "--input", state]), code: 64, mentioning: "--demo")
        expectFailure(try CLI.run(["sessions"]), code: 64, mentioning: "--db")
    }

    /// A folder where a class list goes (issue 38, defect 6): exit 73 naming the path, and
    /// nothing written, neither a new store nor a change to an existing one.
    @Test(arguments: ["known-classes", "aliases"])
    func aFolderInPlaceOfAClassListWritesNothing(_ suffix: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("new.\(suffix)"), withIntermediateDirectories: true)
        let fresh = try CLI.run(["demo", "--db", scratch.path("new.sqlite")])
        expectFailure(fresh, code: 73, mentioning: scratch.path("new.\(suffix)"))
        #expect(fresh.stderr.contains("a folder") && !fresh.stderr.contains("NSCocoaErrorDomain"), "\(fresh.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("")).sorted() == ["new.\(suffix)"], "nothing written")

        // An existing store (with a session of the user's) is left byte for byte.
        let path = scratch.path("old.sqlite")
        #expect(try CLI.run(["demo", "--db", path]).status == 0)
        let state = scratch.write("s.json", #"{"formatVersion":1,"left":[{"identifier":"a","class":"A"}],"right":null}"#)
        #expect(try CLI.run(["import", "--db", path, "--session", "mine", "--input", state]).status == 0)
        let list = scratch.path("old.\(suffix)")
        try FileManager.default.removeItem(atPath: list)
        try FileManager.default.createDirectory(atPath: list, withIntermediateDirectories: true)
        let other = scratch.path(suffix == "aliases" ? "old.known-classes" : "old.aliases")
        let before = try [path, other].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let again = try CLI.run(["demo", "--db", path])
        expectFailure(again, code: 73, mentioning: list)
        #expect(try [path, other].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before, "the store and the other list as they were")
    }
}

extension DemoCommandTests {
    /// The lines of the demo's output the README quotes are lines it prints.
    @Test func theREADMEQuotesTheDemosLines() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("SESSION ") && $0.contains("DROPPED, AND WHY") })
        let quoted = lines[start...].prefix { !$0.hasPrefix("```") }
        #expect(quoted.count >= 3)
        let scratch = try Scratch()
        let printed = try CLI.run(["demo", "--db", scratch.path("d.sqlite")]).stdout.split(separator: "\n").map(String.init)
        for line in quoted {
            #expect(printed.contains(line), "the README quotes a line the demo does not print: \(line)")
        }
    }
}

extension DemoCommandTests {
    /// A folder that cannot be written (read-only media): 73 naming the store, before anything
    /// is written, the class lists included.
    @Test(.enabled(if: TmpfsMount.isAvailable, "mounting a tmpfs needs root"))
    func aReadOnlyFolderWritesNothing() throws {
        let mount = try TmpfsMount(kibibytes: 1024)
        mount.remount(readOnly: true)
        defer { mount.remount(readOnly: false) }
        let result = try CLI.run(["demo", "--db", mount.path("d.sqlite")])
        expectFailure(result, code: 73, mentioning: mount.path("d.sqlite"))
        #expect(mount.files.isEmpty, "\(mount.files)")
    }
}
