import Foundation
import Testing

/// `plan --as-link [--max-bytes N]`: the restored screen as a deep-link file, which `plan
/// --deep-link` reads on the other side.
@Suite("restore-inspect plan --as-link")
struct PlanAsLinkTests {
    static let stack = #"{"formatVersion":2,"root":{"kind":"stack","records":[{"identifier":"inbox","class":"InboxController"},{"identifier":"message-42","class":"MessageController"}]}}"#
    static let split = #"{"formatVersion":2,"root":{"kind":"split","primary":[{"identifier":"mailboxes","class":"MailboxesController"}],"detail":[{"identifier":"message-1","class":"MessageController"}]}}"#

    /// A compact stack's link, merged into a split: the stack's screen in the split's detail.
    @Test func aStacksLinkIsADeepLinkFileThatASplitMerges() throws {
        let scratch = try Scratch()
        let made = try CLI.run(["plan", "--input", scratch.write("stack.json", Self.stack), "--layout", "compact", "--as-link"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.isEmpty)
        let link = try #require(made.json as? [String: Any])
        #expect((link["path"] as? [String]) == [])
        #expect((link["push"] as? [[String: String]])?.map { $0["identifier"] } == ["inbox", "message-42"])
        let merged = try CLI.run(["plan", "--input", scratch.write("split.json", Self.split), "--deep-link", scratch.write("link.json", made.stdout), "--json"])
        let plan = try #require(merged.json as? [String: Any], "\(merged.stderr)")
        let detail = try #require((plan["root"] as? [String: Any])?["detail"] as? [[String: Any]])
        #expect(detail.map { $0["identifier"] as? String } == ["message-1", "inbox", "message-42"])
        #expect((plan["notes"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["deep-link-focused", "deep-link-pushed"])
        // Merged into the state it came from, it changes nothing.
        let own = try CLI.run(["plan", "--input", scratch.write("stack2.json", Self.stack), "--deep-link", scratch.write("link2.json", made.stdout)])
        #expect(own.stdout.contains("note      deep-link-shown at the root"), "\(own.stdout)")
    }

    /// A budget keeps the top of the stack and says on stderr what it left out; --max-bytes goes
    /// with --as-link only.
    @Test func maxBytesKeepsTheTopAndSaysWhatItLeftOut() throws {
        let scratch = try Scratch()
        let state = scratch.write("stack.json", Self.stack)
        let whole = try CLI.run(["plan", "--input", state, "--as-link"])
        let budget = whole.stdout.utf8.count - 1
        let cut = try CLI.run(["plan", "--input", state, "--as-link", "--max-bytes", "\(budget)"])
        #expect(cut.status == 0, "\(cut.stderr)")
        #expect(cut.stdout.utf8.count <= budget)
        let kept = (cut.json as? [String: Any])?["push"] as? [[String: String]]
        #expect(kept?.map { $0["identifier"] } == ["message-42"])
        #expect(cut.stderr == "left out for --max-bytes \(budget): 1 record (records[0])\n")
        let usage = try CLI.run(["plan", "--input", state, "--max-bytes", "10"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--max-bytes goes with --as-link"))
        let zero = try CLI.run(["plan", "--input", state, "--as-link", "--max-bytes", "0"])
        #expect(zero.status == 64)
    }
}
