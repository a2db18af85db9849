import Foundation
import Testing

/// `plan --input` of format-2 files, `--layout`, and `import` refusing what the store cannot hold.
@Suite("restore-inspect and format 2")
struct PlanFormat2Tests {
    static let example = """
        { "formatVersion": 2,
          "root": { "kind": "split", "focus": "detail", "compact": "merge",
                    "primary": [ {"identifier": "nav", "class": "NavController", "container":
                                   {"kind": "tabs", "selected": 1, "tabs": [ {"identifier": "inbox", "class": "InboxController"},
                                                                             {"identifier": null, "class": "X"} ]}} ],
                    "detail":  [ {"identifier": "message-42", "class": "MessageController", "payload": "aGVsbG8="} ] } }
        """

    @Test func planJSONOfAFormatTwoFileHasTheDocumentedShape() throws {
        let scratch = try Scratch()
        let file = scratch.write("tree.json", Self.example)
        let result = try CLI.run(["plan", "--input", file, "--layout", "compact", "--json"])
        let plan = try #require(result.json as? [String: Any], "\(result.stderr)")
        #expect(Set(plan.keys) == ["formatVersion", "layout", "root", "dropped", "notes", "warnings"])
        #expect(plan["formatVersion"] as? Int == 2)
        #expect(plan["layout"] as? String == "compact")
        let root = try #require(plan["root"] as? [String: Any])
        #expect(Set(root.keys) == ["kind", "primary", "detail", "focus", "detailPlaceholder", "compact"])
        #expect(root["focus"] as? String == "detail")
        #expect(root["detailPlaceholder"] as? Bool == false)
        #expect(root["compact"] as? [String: [String]] == ["stack": ["primary[0]", "detail[0]"], "hidden": []])
        let nav = try #require((root["primary"] as? [[String: Any]])?.first)
        #expect(nav["from"] as? String == "primary[0]")
        let tabs = try #require(nav["container"] as? [String: Any])
        #expect(tabs["selected"] as? Int == 0)
        #expect(tabs["compact"] == nil, "tab bars have no arrangement")
        #expect((tabs["tabs"] as? [[String: Any]])?.map { $0["from"] as? String } == ["primary[0]/tabs[0]"])
        #expect((root["detail"] as? [[String: Any]])?.first?["container"] == nil, "no container key on a plain record")
        let dropped = try #require((plan["dropped"] as? [[String: Any]])?.first)
        #expect(dropped["path"] as? String == "primary[0]/tabs[1]")
        #expect(dropped["identifier"] is NSNull)
        #expect(dropped["class"] as? String == "X")
        #expect(dropped["reason"] as? String == "missing-identifier")
        #expect(plan["notes"] as? [[String: String]] == [["kind": "selection-moved", "path": "primary[0]"]])
        // Regular layout: no arrangement anywhere.
        let regular = try #require(try CLI.run(["plan", "--input", file, "--json"]).json as? [String: Any])
        #expect(regular["layout"] as? String == "regular")
        #expect((regular["root"] as? [String: Any])?["compact"] == nil)
    }

    @Test func theHumanPlanDrawsTheTreeWithEachRecordMarked() throws {
        let scratch = try Scratch()
        let file = scratch.write("tree.json", Self.example.replacingOccurrences(of: #""compact": "merge""#, with: #""compact": "omitDetail""#))
        let result = try CLI.run(["plan", "--input", file, "--layout", "compact", "--known-class", "NavController", "--known-class", "MessageController"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  restored  primary[0]  \"nav\"         NavController"), "\(lines)")
        #expect(lines.contains("  dropped     tabs[0]   \"inbox\"       InboxController    unresolved-class"), "one level deeper, indented")
        #expect(lines.contains("  dropped     tabs[1]   (none)        X                  missing-identifier"))
        #expect(lines.contains("  restored  detail[0]   \"message-42\"  MessageController  hidden in compact"))
        #expect(lines.contains("            [split]     focus detail · compact omitDetail · one stack: primary[0] · hidden: detail[0]"))
        #expect(lines.contains("              [tabs]    nothing selected (saved 1)"))
    }

    @Test func hostileNamesInATreeStayOnTheirOwnLines() throws {
        let scratch = try Scratch()
        let hostile = #"a\nb\u2028c\u202Ed\u0000"#   // JSON escapes: a line feed, a line separator, an RTL override, NUL
        let file = scratch.write("h.json", #"{"formatVersion": 2, "root": {"kind": "stack", "records": [{"identifier": "\#(hostile)", "class": "\#(hostile)", "container": {"kind": "stack", "records": [{"identifier": "\#(hostile)"}, {"identifier": "\#(hostile)"}]}}]}}"#)
        let result = try CLI.run(["plan", "--input", file])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 8, "header, root, 3 records, a container line, a warning, the final newline: \(lines)")
        #expect(lines.filter { $0.hasPrefix("  restored ") && $0.contains("records[") }.count == 3, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  warning") && $0.contains(#"\n"#) })
        let raw: Set<Unicode.Scalar> = ["\u{2028}", "\u{202E}", "\u{0}"]
        #expect(!result.stdout.unicodeScalars.contains(where: raw.contains))
    }

    @Test func aFormatOnePlanIsUnchangedInRegularLayoutAndGainsAnArrangementInCompact() throws {
        let scratch = try Scratch()
        let file = scratch.write("s.json", #"{"formatVersion": 1, "left": [{"identifier": null}, {"identifier": "a", "class": "A"}], "right": {"identifier": "r", "class": "R"}}"#)
        let regular = try CLI.run(["plan", "--input", file, "--json"])
        #expect(regular.stdout == """
            {
              "dropped" : [
                {
                  "class" : null,
                  "from" : {
                    "index" : 0,
                    "slot" : "left"
                  },
                  "identifier" : null,
                  "reason" : "missing-identifier"
                }
              ],
              "left" : [
                {
                  "class" : "A",
                  "from" : {
                    "index" : 1,
                    "slot" : "left"
                  },
                  "identifier" : "a"
                }
              ],
              "right" : {
                "class" : "R",
                "from" : {
                  "slot" : "right"
                },
                "identifier" : "r"
              },
              "rightPromotedToLeft" : false,
              "warnings" : [

              ]
            }

            """, "byte for byte what restore-inspect printed before format 2")
        #expect(try CLI.run(["plan", "--input", file, "--layout", "regular", "--json"]).stdout == regular.stdout)
        let compact = try #require(try CLI.run(["plan", "--input", file, "--layout", "compact", "--json"]).json as? [String: Any])
        #expect(compact["layout"] as? String == "compact")
        #expect(compact["compact"] as? [String: [String]] == ["stack": ["left[1]", "right"], "hidden": []])
        #expect(compact["rightPromotedToLeft"] as? Bool == false, "every format-1 key is still there")
        let text = try CLI.run(["plan", "--input", file, "--layout", "compact"])
        #expect(text.stdout.contains("[drillDown]  one stack: left[1], right"), "\(text.stdout)")
    }

    @Test func planFromAStoreAcceptsTheLayout() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let plan = try #require(try CLI.run(["plan", "--db", path, "--session", "demo/mail-all-valid", "--layout", "compact", "--json"]).json as? [String: Any])
        #expect(plan["layout"] as? String == "compact")
        #expect((plan["compact"] as? [String: [String]])?["stack"]?.isEmpty == false)
        #expect(plan["snapshot"] is [String: Any])
        let usage = try CLI.run(["plan", "--input", "x.json", "--layout", "wide"])
        #expect(usage.status == 64)
    }

    @Test func aFormatTwoFileImportsAndExportsUnchanged() throws {
        let scratch = try Scratch()
        let file = scratch.write("tree.json", Self.example)
        let path = scratch.path("trees.sqlite")
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", file]).status == 0)
        let exported = try CLI.run(["export", "--db", path, "--session", "s"])
        #expect(exported.status == 0)
        #expect(try CLI.run(["plan", "--input", "-", "--json"], stdin: Data(exported.stdout.utf8)).stdout
                == CLI.run(["plan", "--input", file, "--json"]).stdout, "the exported tree plans as the file does")
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", "-"], stdin: Data(exported.stdout.utf8)).status == 0)
        #expect(try CLI.run(["export", "--db", path, "--session", "s"]).stdout == exported.stdout, "export, import, export is stable")
    }

    @Test func strictnessErrorsExitWith65NamingThePlace() throws {
        let scratch = try Scratch()
        let duplicate = scratch.write("d.json", #"{"formatVersion": 2, "root": {"kind": "split", "primary": [{}, {"identifier": "a", "identifier": "b"}], "detail": []}}"#)
        expectFailure(try CLI.run(["plan", "--input", duplicate]), code: 65, mentioning: #"root.primary[1]: duplicate key "identifier""#)
        let base64 = scratch.write("b.json", #"{"formatVersion": 1, "left": [{"identifier": "a", "payload": "===="}]}"#)
        expectFailure(try CLI.run(["import", "--db", scratch.path("x.sqlite"), "--session", "s", "--input", base64]), code: 65, mentioning: "left[0].payload: expected base64 data")
        let deep = scratch.write("deep.json", String(repeating: "[", count: 1_000_000))
        expectFailure(try CLI.run(["plan", "--input", deep]), code: 65, mentioning: "nested deeper than")
    }
}
