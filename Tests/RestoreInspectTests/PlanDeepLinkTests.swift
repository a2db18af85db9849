import Foundation
import Testing

/// `plan --deep-link FILE`: the link merged into the plan of a state file or a stored snapshot,
/// printed as a format-2 plan; every bad link file an invalid-input error (65) naming the place.
@Suite("restore-inspect plan --deep-link")
struct PlanDeepLinkTests {
    static let drillDown = """
        { "formatVersion": 1,
          "left": [ {"identifier": "mailboxes", "class": "MailboxesController"}, {"identifier": "inbox", "class": "InboxController"} ],
          "right": {"identifier": "message-42", "class": "MessageController"} }
        """

    @Test func aStoredSnapshotTakesTheLinkInJSONAndText() throws {
        let scratch = try Scratch()
        let store = try scratch.demoStore()
        let link = scratch.write("link.json", #"{"path": ["mailboxes"], "push": [{"identifier": "message-99", "class": "MessageController"}]}"#)
        let json = try CLI.run(["plan", "--db", store, "--session", "demo/mail-all-valid", "--deep-link", link, "--json"])
        let plan = try #require(json.json as? [String: Any], "\(json.stderr)")
        #expect(plan["formatVersion"] as? Int == 2)
        #expect(plan["snapshot"] != nil, "the store's keys are kept")
        let dropped = try #require(plan["dropped"] as? [[String: Any]])
        #expect(dropped.map { $0["path"] as? String } == ["left[1]", "right"])
        #expect(dropped.allSatisfy { $0["reason"] as? String == "deep-link-popped" })
        let right = try #require((plan["root"] as? [String: Any])?["right"] as? [String: Any])
        #expect(right["identifier"] as? String == "message-99")
        #expect(right["deepLink"] as? Bool == true)
        #expect(right["from"] is NSNull)

        let text = try CLI.run(["plan", "--db", store, "--session", "demo/mail-all-valid", "--deep-link", link])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(#"  restored  push[0]  "message-99"  MessageController  pushed by the deep link, in the root"#), "\(text.stdout)")
        #expect(text.stdout.contains(#"  dropped   right    "message-42"  MessageController  deep-link-popped"#), "\(text.stdout)")
        #expect(text.stdout.contains("  note      deep-link-pushed at the root"))
    }

    @Test func restoredPrintsTheMergedStateAsFormatTwoFromAFileOrAStore() throws {
        let scratch = try Scratch()
        let state = scratch.write("state.json", Self.drillDown)
        let link = scratch.write("link.json", #"{"path": ["inbox"], "push": [{"identifier": "message-99", "class": "MessageController"}]}"#)
        let fromFile = try CLI.run(["plan", "--input", state, "--deep-link", link, "--restored"])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(fromFile.stdout.utf8)) as? [String: Any])
        #expect(tree["formatVersion"] as? Int == 2)
        let root = try #require(tree["root"] as? [String: Any])
        #expect((root["right"] as? [String: Any])?["identifier"] as? String == "message-99", "the old right was popped, the pushed record took its place")
        #expect((root["left"] as? [[String: Any]])?.map { $0["identifier"] as? String } == ["mailboxes", "inbox"])
        let store = try scratch.demoStore()
        let fromStore = try CLI.run(["plan", "--db", store, "--session", "demo/mail-all-valid", "--deep-link", link, "--restored"])
        let stored = try #require(try JSONSerialization.jsonObject(with: Data(fromStore.stdout.utf8)) as? [String: Any], "\(fromStore.stderr)")
        #expect(stored["formatVersion"] as? Int == 2)
        #expect(((stored["root"] as? [String: Any])?["right"] as? [String: Any])?["identifier"] as? String == "message-99")
    }

    /// A link asking for what the state already shows (the message directly above the revealed
    /// folder): the plan text keeps the saved record, pops and pushes nothing, and notes
    /// `deep-link-shown`; the link merged into its own restored state says the same.
    @Test func aLinkAlreadyShownIsNotedInTheText() throws {
        let scratch = try Scratch()
        let state = scratch.write("state.json", Self.drillDown)
        let link = scratch.write("link.json", #"{"path": ["inbox"], "push": [{"identifier": "message-42", "class": "MessageController"}]}"#)
        let text = try CLI.run(["plan", "--input", state, "--deep-link", link])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("  note      deep-link-shown at the root"), "\(text.stdout)")
        #expect(text.stdout.contains(#"  restored  right    "message-42"  MessageController"#), "\(text.stdout)")
        #expect(!text.stdout.contains("pushed by the deep link"), "\(text.stdout)")
        #expect(!text.stdout.contains("deep-link-popped"), "\(text.stdout)")
        #expect(!text.stdout.contains("deep-link-pushed"), "\(text.stdout)")
    }

    @Test func anUnmatchedLinkIsANoteWithItsIdentifier() throws {
        let scratch = try Scratch()
        let state = scratch.write("state.json", Self.drillDown)
        let link = scratch.write("link.json", #"{"path": ["mailboxes", "nowhere\u0007"]}"#)
        let text = try CLI.run(["plan", "--input", state, "--deep-link", link])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains(#"note      deep-link-unmatched ("nowhere\u{07}") at left[0]"#), "\(text.stdout)")
        let json = try CLI.run(["plan", "--input", state, "--deep-link", link, "--json"])
        let notes = try #require((json.json as? [String: Any])?["notes"] as? [[String: Any]])
        #expect(notes.count == 1)
        #expect(notes.first?["identifier"] as? String == "nowhere\u{07}")
    }

    @Test(arguments: [
        (#"{"path": ["a"], "pussh": []}"#, #"invalid deep-link file LINK: unknown key "pussh" (expected "path", "push")"#),
        (#"{"path": [1]}"#, "invalid deep-link file LINK: path[0]: expected an identifier (a non-empty string)"),
        (#"{"path": ["a", ""]}"#, "invalid deep-link file LINK: path[1]: an empty identifier"),
        (#"{"push": [{"identifier": ""}]}"#, "invalid deep-link file LINK: push[0].identifier: an empty identifier"),
        (#"{"push": [{"identifier": "m", "class": false}]}"#, "invalid deep-link file LINK: push[0].class: expected a string or null"),
        (#"{"path": ["# + Array(repeating: #""a""#, count: 10_000).joined(separator: ",") + "]}",
         "invalid deep-link file LINK: path: 10000 identifiers, more than the 64 levels"),
        (#"{"push": ["# + Array(repeating: #"{"identifier": "m"}"#, count: 10_000).joined(separator: ",") + "]}",
         "invalid deep-link file LINK: push: 10000 records, more than the 1000 a deep link may push"),
        ("not json", "invalid deep-link file LINK: not valid JSON"),
    ])
    func aBadLinkFileIsInvalidInputNamingThePlace(_ text: String, _ message: String) throws {
        let scratch = try Scratch()
        let state = scratch.write("state.json", Self.drillDown)
        let link = scratch.write("link.json", text)
        let result = try CLI.run(["plan", "--input", state, "--deep-link", link, "--json"])
        expectFailure(result, code: 65, mentioning: message.replacingOccurrences(of: "LINK", with: link))
        #expect(result.stdout.isEmpty)
    }

    @Test func aMissingOrHugeLinkFileOrTwoReadersOfStdinAreRefused() throws {
        let scratch = try Scratch()
        let state = scratch.write("state.json", Self.drillDown)
        expectFailure(try CLI.run(["plan", "--input", state, "--deep-link", scratch.path("absent.json")]), code: 65,
                      mentioning: "cannot read deep-link file \(scratch.path("absent.json")): No such file or directory")
        let huge = scratch.write("huge.json", String(repeating: " ", count: 7_000_000))
        expectFailure(try CLI.run(["plan", "--input", state, "--deep-link", huge]), code: 65, mentioning: "deep-link file \(huge) is 7000000 bytes, over the input limit")
        expectFailure(try CLI.run(["plan", "--input", "-", "--deep-link", "-"]), code: 64, mentioning: "--input and --deep-link cannot both read stdin")
        let fromStdin = try CLI.run(["plan", "--input", state, "--deep-link", "-", "--json"], stdin: Data(#"{"path": ["inbox"]}"#.utf8))
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(((fromStdin.json as? [String: Any])?["dropped"] as? [[String: Any]])?.first?["reason"] as? String == "deep-link-popped")
    }
}
