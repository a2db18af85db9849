import Foundation
import RestackTestSupport
import Testing

/// `restore-inspect` on SwiftUI NavigationPath representations: read wherever a state file is,
/// imported, exported and printed restored as paths, from files and from stores; malformed ones
/// refused with exit 65 and the place, within the input limits.
@Suite("restore-inspect on NavigationPath representations")
struct NavigationPathCommandTests {
    /// The issue's example: the path `[1, "foo", CodableItem(x: 2)]` of a module `App`.
    static let path = #"["App.CodableItem","{\"x\":2}","Swift.String","\"foo\"","Swift.Int","1"]"#
    static let known = ["--known-class", "Swift.Int", "--known-class", "Swift.String"]

    @Test func planRestoredPrintsThePrefixAsAPathAndAWholePathByteForByte() throws {
        let prefix = try CLI.run(["plan", "--input", "-", "--restored"] + Self.known, stdin: Data(Self.path.utf8))
        #expect(prefix.status == 0, "\(prefix.stderr)")
        #expect(prefix.stdout == #"["Swift.String","\"foo\"","Swift.Int","1"]"# + "\n")
        let whole = try CLI.run(["plan", "--input", "-", "--restored"], stdin: Data(Self.path.utf8))
        #expect(whole.stdout == Self.path + "\n")
    }

    @Test func formatsOneAndTwoPrintRestoredInTheirOwnForm() throws {
        let v1 = #"{"formatVersion": 1, "left": [{"identifier": "a", "class": "A"}, {"identifier": null, "class": "B"}], "right": null}"#
        let one = try CLI.run(["plan", "--input", "-", "--restored"], stdin: Data(v1.utf8))
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.contains(#""formatVersion" : 1"#) && one.stdout.contains(#""left""#) && !one.stdout.contains(#""root""#), "\(one.stdout)")
        let v2 = #"{"formatVersion": 2, "root": {"kind": "stack", "afterDrop": "truncate", "records": [{"identifier": "a", "class": "A"}, {"identifier": "", "class": "B"}, {"identifier": "c", "class": "C"}]}}"#
        let two = try CLI.run(["plan", "--input", "-", "--restored"], stdin: Data(v2.utf8))
        #expect(two.status == 0, "\(two.stderr)")
        #expect(two.stdout.contains(#""formatVersion" : 2"#) && two.stdout.contains(#""afterDrop" : "truncate""#), "\(two.stdout)")
        #expect(!two.stdout.contains(#""c""#), "c was above the dropped record of a truncating stack")
    }

    @Test func anImportedPathIsExportedAndPlannedFromTheStoreAsAPath() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("s.sqlite")
        let imported = try CLI.run(["import", "--db", db, "--session", "nav", "--input", "-"], stdin: Data(Self.path.utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        let exported = try CLI.run(["export", "--db", db, "--session", "nav"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.trimmingCharacters(in: .newlines) == Self.path)
        let restored = try CLI.run(["plan", "--db", db, "--session", "nav", "--restored"] + Self.known)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout == #"["Swift.String","\"foo\"","Swift.Int","1"]"# + "\n")
        let plan = try CLI.run(["plan", "--db", db, "--session", "nav", "--json"] + Self.known)
        let dropped = try #require((plan.json as? [String: Any])?["dropped"] as? [[String: Any]])
        #expect(dropped.map { $0["reason"] as? String } == ["unresolved-class"])
    }

    /// The README's command on the demo store: the path up to its removed element, as a path.
    @Test func theDemoPathRestoresItsPrefixAsAPath() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("demo.sqlite")
        #expect(try CLI.run(["demo", "--db", db]).status == 0)
        let restored = try CLI.run(["plan", "--db", db, "--session", "demo/swiftui-path-type-removed", "--known-class", "MailApp.Mailbox",
                                    "--known-class", "Swift.Int", "--known-class", "Swift.String", "--restored"])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout == #"["Swift.Int","42","MailApp.Mailbox","{\"name\":\"INBOX\"}"]"# + "\n")
    }

    @Test func thePictureSaysTheStackTruncates() throws {
        let picture = try CLI.run(["plan", "--input", "-", "--picture"] + Self.known, stdin: Data(Self.path.utf8))
        #expect(picture.status == 0, "\(picture.stderr)")
        #expect(picture.stdout.contains("[stack] truncates"), "\(picture.stdout)")
    }

    @Test func aDiffShowsARuleAfterADropThatChanged() throws {
        let folder = try TemporaryFolder()
        let closing = folder.path("a.json"), truncating = folder.path("b.json")
        try Data(#"{"formatVersion": 2, "root": {"kind": "stack", "records": [{"identifier": "a", "class": "A"}]}}"#.utf8).write(to: URL(fileURLWithPath: closing))
        try Data(#"{"formatVersion": 2, "root": {"kind": "stack", "afterDrop": "truncate", "records": [{"identifier": "a", "class": "A"}]}}"#.utf8).write(to: URL(fileURLWithPath: truncating))
        let diff = try CLI.run(["diff", "--input", closing, "--input", truncating])
        #expect(diff.stdout.contains("afterDrop") && diff.stdout.contains("closeGap") && diff.stdout.contains("truncate"), "\(diff.stdout)")
    }

    /// Malformed representations: exit 65 naming the place; large ones within the input limits
    /// read and plan; one over the limit is refused before it is read whole.
    @Test(arguments: [
        (#"["Swift.Int",1]"#, "[1]"),
        (#"["Swift.Int","1","Swift.Int"]"#, "[2]"),
        (#"["Swift.Int","1",null,"2"]"#, "[2]"),
        (#"[{"x":1}]"#, "[0]"),
        ("[", "not valid JSON"),
        (#"["a","b""#, "not valid JSON"),
    ])
    func aMalformedPathIsInvalidInputNamingThePlace(_ document: String, _ place: String) throws {
        let result = try CLI.run(["plan", "--input", "-"], stdin: Data(document.utf8))
        #expect(result.status == 65, "\(document): \(result.stderr)")
        #expect(result.stderr.contains(place), "\(document): \(result.stderr)")
    }

    @Test func largePathsPlanAndAnEndlessOneIsRefused() throws {
        let many = try JSONEncoder().encode(Array(repeating: ["Swift.Int", "7"], count: 100_000).flatMap { $0 })
        let planned = try CLI.run(["plan", "--input", "-", "--json", "--known-class", "Swift.Int"], stdin: many)
        #expect(planned.status == 0, "\(planned.stderr.prefix(300))")
        let huge = try JSONEncoder().encode(["App.Big", "\"" + String(repeating: "x", count: 6_000_000) + "\""])
        let big = try CLI.run(["plan", "--input", "-", "--restored"], stdin: huge)
        #expect(big.status == 0, "\(big.stderr.prefix(300))")
        #expect(Data(big.stdout.utf8) == huge + Data("\n".utf8))
        // From a file: a refused stdin would close the pipe this process still writes to.
        let folder = try TemporaryFolder()
        let tooMuch = folder.path("too-much.json")
        try JSONEncoder().encode(["App.Big", String(repeating: "y", count: 8_000_000)]).write(to: URL(fileURLWithPath: tooMuch))
        let refused = try CLI.run(["plan", "--input", tooMuch])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("input limit"), "\(refused.stderr.prefix(300))")
        let control = try CLI.run(["plan", "--input", "-"], stdin: Data(#"["App.\u0007Bell","1"]"#.utf8))
        #expect(control.status == 0, "a type name with control characters is the resolver's to judge: \(control.stderr)")
        #expect(!control.stdout.contains("\u{7}"), "control characters are never written to the terminal as they are")
    }
}
