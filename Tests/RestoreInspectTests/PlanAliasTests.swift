import Foundation
import Testing

/// `plan --alias OLD=NEW`: renamed classes in the JSON and human plans, and every malformed
/// table a usage error (64) naming the classes, on one line.
@Suite("restore-inspect plan --alias")
struct PlanAliasTests {
    static let state = """
        { "formatVersion": 1,
          "left": [ {"identifier": "inbox", "class": "InboxViewController"} ],
          "right": {"identifier": "m", "class": "MessageController"} }
        """

    @Test func aliasesRenameInTheJSONAndTheHumanPlan() throws {
        let scratch = try Scratch()
        let file = scratch.write("state.json", Self.state)
        let json = try CLI.run(["plan", "--input", file, "--alias", "InboxViewController=InboxController", "--known-class", "InboxController",
                                "--known-class", "MessageController", "--json"])
        let plan = try #require(json.json as? [String: Any], "\(json.stderr)")
        let inbox = try #require((plan["left"] as? [[String: Any]])?.first)
        #expect(inbox["class"] as? String == "InboxController")
        #expect(inbox["renamedFrom"] as? String == "InboxViewController")
        #expect((plan["right"] as? [String: Any])?["renamedFrom"] == nil)

        let text = try CLI.run(["plan", "--input", file, "--alias", "InboxViewController=InboxController"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(#"  restored  left[0]  "inbox"  InboxController  renamed from "InboxViewController""#), "\(text.stdout)")

        // Without the alias the old name is unknown; a value split at its first "=".
        let without = try CLI.run(["plan", "--input", file, "--known-class", "InboxController", "--json"])
        #expect(((without.json as? [String: Any])?["dropped"] as? [[String: Any]])?.first?["reason"] as? String == "unresolved-class")
        let equals = try CLI.run(["plan", "--input", file, "--alias", "InboxViewController=Inbox=Controller", "--json"])
        #expect(((equals.json as? [String: Any])?["left"] as? [[String: Any]])?.first?["class"] as? String == "Inbox=Controller")
    }

    @Test func theTreeTextMarksRenamedRecordsHiddenOrNot() throws {
        let scratch = try Scratch()
        let file = scratch.write("tree.json", """
            { "formatVersion": 2, "root": { "kind": "split", "compact": "omitDetail",
              "primary": [ {"identifier": "index", "class": "OldIndex"} ],
              "detail": [ {"identifier": "item", "class": "Old\\nItem"} ] } }
            """)
        let result = try CLI.run(["plan", "--input", file, "--layout", "compact", "--alias", "OldIndex=Index", "--alias", "Old\nItem=Item"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"  restored  primary[0]  "index"  Index  renamed from "OldIndex""#), "\(lines)")
        #expect(lines.contains(#"  restored  detail[0]   "item"   Item   renamed from "Old\nItem", hidden in compact"#), "\(lines)")
    }

    @Test func malformedValuesCyclesAndConflictsAreUsageErrors() throws {
        let scratch = try Scratch()
        let file = scratch.write("state.json", Self.state)
        for value in ["NoEquals", "=New", "Old=", "="] {
            expectFailure(try CLI.run(["plan", "--input", file, "--alias", value]), code: 64, mentioning: "--alias")
        }
        expectFailure(try CLI.run(["plan", "--input", file, "--alias", "A=B", "--alias", "B=A"]), code: 64,
                      mentioning: #"class aliases form a cycle: "A" -> "B" -> "A""#)
        expectFailure(try CLI.run(["plan", "--input", file, "--alias", "A=A"]), code: 64, mentioning: #""A" -> "A""#)
        expectFailure(try CLI.run(["plan", "--input", file, "--alias", "A=B", "--alias", "A=C"]), code: 64,
                      mentioning: #"class "A" is given two new names: "B" and "C""#)
        // Hostile names stay on one line.
        expectFailure(try CLI.run(["plan", "--input", file, "--alias", "X\n\u{202E}=Y", "--alias", "Y=X\n\u{202E}"]), code: 64,
                      mentioning: "cycle")
    }

    @Test func aStoredSnapshotIsPlannedWithAliasesToo() throws {
        let scratch = try Scratch()
        let file = scratch.write("state.json", Self.state)
        let db = scratch.path("store.sqlite")
        let saved = try CLI.run(["import", "--db", db, "--session", "s", "--input", file])
        #expect(saved.status == 0, "\(saved.stderr)")
        for extra in [[], ["--snapshot", "1"]] {
            let result = try CLI.run(["plan", "--db", db, "--session", "s", "--alias", "InboxViewController=InboxController",
                                      "--known-class", "InboxController", "--json"] + extra)
            let plan = try #require(result.json as? [String: Any], "\(result.stderr)")
            let inbox = try #require((plan["left"] as? [[String: Any]])?.first, "\(extra)")
            #expect(inbox["class"] as? String == "InboxController", "\(extra)")
            #expect(inbox["renamedFrom"] as? String == "InboxViewController", "\(extra)")
            #expect((plan["snapshot"] as? [String: Any])?["id"] as? Int == 1)
        }
    }

    /// Long lists go in files (issue 21, item 13): repeated options cost swift-argument-parser
    /// quadratic time, files are read in one pass. The file forms plan exactly as the options,
    /// and a 20,000-class list with a 12,000-link alias chain plans at once.
    @Test func listFilesPlanAsTheOptionsAndScale() throws {
        let scratch = try Scratch()
        let file = scratch.write("state.json", Self.state)
        let options = try CLI.run(["plan", "--input", file, "--alias", "InboxViewController=InboxController", "--known-class", "InboxController", "--json"])
        let classes = scratch.write("classes.txt", "InboxController\r\n\n")
        let aliases = scratch.write("aliases.txt", "InboxViewController=InboxController\n")
        let files = try CLI.run(["plan", "--input", file, "--aliases-file", aliases, "--known-classes-file", classes, "--json"])
        #expect(files.status == 0, "\(files.stderr)")
        #expect(files.stdout == options.stdout)

        // An empty class file knows no class; a malformed alias line is a usage error.
        let none = try CLI.run(["plan", "--input", file, "--known-classes-file", scratch.write("none.txt", ""), "--json"])
        #expect(((none.json as? [String: Any])?["left"] as? [[String: Any]])?.isEmpty == true)
        expectFailure(try CLI.run(["plan", "--input", file, "--aliases-file", scratch.write("bad.txt", "A=B\nnoequals\n")]), code: 64, mentioning: "line 2")
        expectFailure(try CLI.run(["plan", "--input", file, "--aliases-file", scratch.path("missing.txt")]), code: 64, mentioning: "--aliases-file")

        let chain = 12_000
        let longClasses = scratch.write("long-classes.txt", ((0..<20_000).map { "Known\($0)" } + ["C\(chain)"]).joined(separator: "\n"))
        let longAliases = scratch.write("long-aliases.txt", (0..<chain).reversed().map { "C\($0)=C\($0 + 1)" }.joined(separator: "\n"))
        let state = scratch.write("chain.json", #"{"formatVersion": 1, "left": [{"identifier": "a", "class": "C0"}]}"#)
        let start = Date()
        let long = try CLI.run(["plan", "--input", state, "--known-classes-file", longClasses, "--aliases-file", longAliases, "--json"])
        print("plan with 20,000 known classes and a 12,000-link alias chain from files: \(Date().timeIntervalSince(start)) s")
        let left = try #require((long.json as? [String: Any])?["left"] as? [[String: Any]], "\(long.stderr)")
        #expect(left.first?["class"] as? String == "C\(chain)")
        #expect(left.first?["renamedFrom"] as? String == "C0")
    }
}
