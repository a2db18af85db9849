import Foundation
import Restack
import Testing

/// `diff`: what changed between two snapshots or two state files, through the built binary.
@Suite("restore-inspect diff")
struct DiffTests {
    static let old = #"""
        { "formatVersion": 2,
          "root": { "kind": "split", "focus": "primary", "compact": "merge",
                    "primary": [ {"identifier": "nav", "class": "TabBarController", "container":
                                   {"kind": "tabs", "selected": 0, "tabs": [ {"identifier": "inbox", "class": "InboxController"},
                                                                             {"identifier": "photos", "class": "AlbumController"} ]}} ],
                    "detail":  [ {"identifier": "message-42", "class": "MessageController", "payload": "aGVsbG8="},
                                 {"identifier": "gone", "class": "X"},
                                 {"identifier": null, "class": "Anonymous"} ] } }
        """#
    static let new = #"""
        { "formatVersion": 2,
          "root": { "kind": "split", "focus": "detail", "compact": "merge",
                    "primary": [ {"identifier": "nav", "class": "TabBarController", "container":
                                   {"kind": "tabs", "selected": 1, "tabs": [ {"identifier": "photos", "class": "AlbumController"},
                                                                             {"identifier": "inbox", "class": "InboxController"} ]}} ],
                    "detail":  [ {"identifier": "message-42", "class": "MessageControllerV2", "payload": "aGVsbG8h"},
                                 {"identifier": "fresh", "class": "Y"},
                                 {"identifier": "named-now", "class": "Anonymous"} ] } }
        """#

    @Test func twoFilesDifferInEveryWayADiffNames() throws {
        let scratch = try Scratch()
        let a = scratch.write("a.json", Self.old), b = scratch.write("b.json", Self.new)
        let result = try CLI.run(["diff", "--input", a, "--input", b, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let diff = try #require(result.json as? [String: Any])
        #expect(diff["identical"] as? Bool == false)
        let added = try #require(diff["added"] as? [[String: Any]])
        #expect(added.map { $0["path"] as? String } == ["detail[1]"])
        #expect(added.first?["identifier"] as? String == "fresh")
        let removed = try #require(diff["removed"] as? [[String: Any]])
        #expect(removed.map { $0["path"] as? String } == ["detail[1]"])
        #expect(removed.first?["identifier"] as? String == "gone")
        let moved = try #require(diff["moved"] as? [[String: Any]])
        #expect(moved.map { "\($0["from"] as? String ?? "?") -> \($0["to"] as? String ?? "?")" }
                == ["primary[0]/tabs[1] -> primary[0]/tabs[0]", "primary[0]/tabs[0] -> primary[0]/tabs[1]"])
        let changed = try #require(diff["changed"] as? [[String: Any]])
        #expect(changed.count == 2)
        let message = try #require(changed.first { ($0["record"] as? [String: Any])?["identifier"] as? String == "message-42" })
        let fields = try #require(message["changes"] as? [[String: Any]])
        try #require(fields.map { $0["field"] as? String } == ["class", "payload"])
        #expect(fields[0]["from"] as? String == "MessageController" && fields[0]["to"] as? String == "MessageControllerV2")
        // "hello" and "hello!": 5 and 6 bytes, their FNV-1a 64 hashes.
        #expect(fields[1]["from"] as? String == "5 bytes, fnv1a64 a430d84680aabd0b")
        #expect(fields[1]["to"] as? String == "6 bytes, fnv1a64 \(FNV1a.hex(Data("hello!".utf8)))")
        #expect(((message["record"] as? [String: Any])?["payload"] as? [String: Any])?["bytes"] as? Int == 6)
        let anonymous = try #require(changed.first { ($0["record"] as? [String: Any])?["identifier"] as? String == "named-now" })
        #expect((anonymous["changes"] as? [[String: Any]])?.first?["field"] as? String == "identifier", "matched by path")
        let containers = try #require(diff["containers"] as? [[String: Any]])
        try #require(containers.map { $0["path"] as? String } == ["", "primary[0]"])
        #expect((containers[0]["changes"] as? [[String: Any]])?.first?["field"] as? String == "focus")
        #expect((containers[1]["changes"] as? [[String: Any]])?.first?["to"] as? String == "1")

        let text = try CLI.run(["diff", "--input", a, "--input", b])
        #expect(text.status == 0)
        for line in ["added     detail[1]", "removed   detail[1]", "moved     primary[0]/tabs[1] -> primary[0]/tabs[0]",
                     #"class "MessageController" -> "MessageControllerV2""#, "settings  (root)", "focus primary -> detail", "selected 0 -> 1"] {
            #expect(text.stdout.contains(line), "\(line) in:\n\(text.stdout)")
        }
        let same = try CLI.run(["diff", "--input", a, "--input", a, "--json"])
        #expect((same.json as? [String: Any])?["identical"] as? Bool == true)
        #expect(try CLI.run(["diff", "--input", a, "--input", a]).stdout.hasSuffix("  no differences\n"))
    }

    @Test func theFNVHashIsTheReferenceOne() {
        // Published FNV-1a 64 test vectors.
        #expect(FNV1a.hex(Data()) == "cbf29ce484222325")
        #expect(FNV1a.hex(Data("a".utf8)) == "af63dc4c8601ec8c")
        #expect(FNV1a.hex(Data("foobar".utf8)) == "85944171f73967e8")
    }

    @Test func aStoredSessionComparesItsTwoNewestSnapshotsByDefault() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let session = "demo/mail-all-valid"
        let diff = try #require(try CLI.run(["diff", "--db", path, "--session", session, "--json"]).json as? [String: Any])
        #expect(((diff["from"] as? [String: Any])?["snapshot"] as? [String: Any])?["id"] as? Int == 1)
        #expect(((diff["to"] as? [String: Any])?["snapshot"] as? [String: Any])?["id"] as? Int == 2)
        #expect((diff["added"] as? [[String: Any]])?.map { $0["path"] as? String } == ["left[1]", "right"])
        let reverse = try #require(try CLI.run(["diff", "--db", path, "--session", session, "--from", "2", "--to", "1", "--json"]).json as? [String: Any])
        #expect((reverse["removed"] as? [[String: Any]])?.count == 2)
        #expect(try CLI.run(["diff", "--db", path, "--session", session]).stdout.hasPrefix(#"diff snapshot 1 -> snapshot 2 of session "demo/mail-all-valid""#))
        // A third snapshot: the default compares it with the one before it, not the oldest.
        let third = scratch.write("third.json", #"{"formatVersion": 1, "left": [{"identifier": "mailboxes", "class": "MailboxesController"}]}"#)
        let imported = try #require(try CLI.run(["import", "--db", path, "--session", session, "--input", third, "--json"]).json as? [String: Any])
        let newest = try #require(imported["id"] as? Int)
        let latest = try #require(try CLI.run(["diff", "--db", path, "--session", session, "--json"]).json as? [String: Any])
        #expect(((latest["from"] as? [String: Any])?["snapshot"] as? [String: Any])?["id"] as? Int == 2)
        #expect(((latest["to"] as? [String: Any])?["snapshot"] as? [String: Any])?["id"] as? Int == newest)
        let toTwo = try #require(try CLI.run(["diff", "--db", path, "--session", session, "--to", "2", "--json"]).json as? [String: Any])
        #expect(((toTwo["from"] as? [String: Any])?["snapshot"] as? [String: Any])?["id"] as? Int == 1)
        // One snapshot only: nothing to compare it with.
        expectFailure(try CLI.run(["diff", "--db", path, "--session", "demo/mail-gap"]), code: 67, mentioning: "give --from")
        // A snapshot of another session is not found.
        expectFailure(try CLI.run(["diff", "--db", path, "--session", session, "--from", "3", "--to", "2"]), code: 67, mentioning: "3")
        expectFailure(try CLI.run(["diff", "--db", path, "--session", "nobody"]), code: 67, mentioning: "nobody")
    }

    @Test func storedTreesDiffAsTheirFilesDo() throws {
        let scratch = try Scratch()
        let path = scratch.path("trees.sqlite")
        let a = scratch.write("a.json", Self.old), b = scratch.write("b.json", Self.new)
        for file in [a, b] {
            #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", file]).status == 0)
        }
        let stored = try #require(try CLI.run(["diff", "--db", path, "--session", "s", "--json"]).json as? [String: Any])
        let files = try #require(try CLI.run(["diff", "--input", a, "--input", b, "--json"]).json as? [String: Any])
        for key in ["identical", "added", "removed", "moved", "changed", "containers"] {
            let x = try JSONSerialization.data(withJSONObject: [stored[key] ?? NSNull()], options: .sortedKeys)
            let y = try JSONSerialization.data(withJSONObject: [files[key] ?? NSNull()], options: .sortedKeys)
            #expect(x == y, "\(key)")
        }
    }

    @Test func usageErrorsAndBadInput() throws {
        let scratch = try Scratch()
        let a = scratch.write("a.json", Self.old)
        expectFailure(try CLI.run(["diff"]), code: 64, mentioning: "--input")
        expectFailure(try CLI.run(["diff", "--input", a]), code: 64, mentioning: "exactly two")
        expectFailure(try CLI.run(["diff", "--input", a, "--input", a, "--db", "x"]), code: 64, mentioning: "not both")
        expectFailure(try CLI.run(["diff", "--input", a, "--input", a, "--to", "3"]), code: 64, mentioning: "--to")
        expectFailure(try CLI.run(["diff", "--input", "-", "--input", "-"]), code: 64, mentioning: "stdin")
        let fromStdin = try CLI.run(["diff", "--input", a, "--input", "-", "--json"], stdin: Data(Self.old.utf8))
        #expect((fromStdin.json as? [String: Any])?["identical"] as? Bool == true, "\(fromStdin.stderr)")
        let bad = scratch.write("bad.json", #"{"formatVersion": 1, "left": [{"identifier": 3}]}"#)
        expectFailure(try CLI.run(["diff", "--input", a, "--input", bad]), code: 65, mentioning: "left[0].identifier")
        // Of two files, the message names the one that is not a state.
        let wrong = try CLI.run(["diff", "--input", bad, "--input", a])
        expectFailure(wrong, code: 65, mentioning: "invalid state file \(bad): ")
        #expect(!wrong.stderr.contains(a), "\(wrong.stderr)")
        expectFailure(try CLI.run(["diff", "--input", a, "--input", "-"], stdin: Data("[".utf8)), code: 65, mentioning: "invalid state file from stdin: ")
    }
}
