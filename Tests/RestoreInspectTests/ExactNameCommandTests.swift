import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// `diff` and `report --session` compare names byte for byte, as the store keeps them (issue
/// 38, defect 4): `diff` said "no differences" for identifiers and classes of other bytes that
/// Swift's `String` calls equal.
@Suite("restore-inspect compares names byte for byte")
struct ExactNameCommandTests {
    static let pairs: [(String, String)] = [("caf\u{E9}", "cafe\u{301}"), ("\u{212B}", "\u{C5}"), ("K", "\u{212A}")]

    static func state(identifier: String, className: String) -> String {
        String(decoding: StateFile.encode(RestorationTree(root: .stack(StackContainer(records: [
            RestorationRecord(identifier: identifier, className: className),
        ])))), as: UTF8.self)
    }

    @Test(arguments: pairs)
    func diffTellsIdentifiersAndClassesOfOtherBytesApart(_ a: String, _ b: String) throws {
        let scratch = try Scratch()
        let identifiers = (scratch.write("i1.json", Self.state(identifier: a, className: "C")), scratch.write("i2.json", Self.state(identifier: b, className: "C")))
        let text = try CLI.run(["diff", "--input", identifiers.0, "--input", identifiers.1])
        #expect(text.status == 0 && !text.stdout.contains("no differences"), "\(text.stdout)")
        #expect(text.stdout.contains("removed") && text.stdout.contains("added"), "\(text.stdout)")
        let json = try #require(try CLI.run(["diff", "--input", identifiers.0, "--input", identifiers.1, "--json"]).json as? [String: Any])
        #expect(json["identical"] as? Bool == false)

        let classes = (scratch.write("c1.json", Self.state(identifier: "x", className: a)), scratch.write("c2.json", Self.state(identifier: "x", className: b)))
        let changed = try CLI.run(["diff", "--input", classes.0, "--input", classes.1])
        #expect(changed.stdout.contains("changed") && changed.stdout.contains("class"), "\(changed.stdout)")
        let same = try CLI.run(["diff", "--input", classes.0, "--input", classes.0])
        #expect(same.stdout.contains("no differences"), "the same bytes are the same: \(same.stdout)")
    }

    /// A session whose name is another session's in other bytes is not found (67), as the store
    /// finds sessions, not reported as a session with no outcomes.
    @Test(arguments: pairs)
    func reportFindsTheSessionByItsBytes(_ a: String, _ b: String) throws {
        let scratch = try Scratch()
        let path = scratch.path("r.sqlite")
        try SnapshotStore(path: path).save(RestorationTree(root: .stack(StackContainer(records: [RestorationRecord(identifier: "x", className: "C")]))), session: a)
        let other = try CLI.run(["report", "--db", path, "--session", b])
        #expect(other.status == 67, "\(other.stdout) \(other.stderr)")
        let own = try CLI.run(["report", "--db", path, "--session", a])
        #expect(own.status == 0 && own.stdout.hasPrefix("no restore outcomes recorded for session"), "\(own.stdout) \(own.stderr)")
    }
}
