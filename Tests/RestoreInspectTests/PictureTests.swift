import Foundation
import Testing

/// `plan --picture` and `show --picture`: the screen drawn as the user would see it, compared
/// byte for byte with the golden files of `Tests/PictureGolden/` (`RESTACK_UPDATE_GOLDEN=1`
/// rewrites them; read the diff before committing).
@Suite("the picture of the screen")
struct PictureTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("PictureGolden")

    /// The classes the pictures' app can rebuild: `LegacyViewer` is not one of them.
    static let known = [
        "MailboxesController", "InboxController", "MessageController", "MailController", "AlbumController",
        "SettingsController", "AboutController", "TabBarController", "NavigationController", "ThreadController",
        "DrillDownController", "PhotoController", "NotesController", "PageController",
    ]

    /// Each golden picture: its name, the state file it draws, the layout.
    static let cases: [(name: String, input: String, layout: String)] = [
        ("drilldown-regular", "drilldown", "regular"),
        ("drilldown-compact", "drilldown", "compact"),
        ("split-regular", "split", "regular"),
        ("split-compact", "split", "compact"),
        ("tabs", "tabs", "regular"),
        ("nesting-regular", "nesting", "regular"),
        ("nesting-compact", "nesting", "compact"),
        // The detail dropped: the focus moves to the primary, the app shows its placeholder.
        ("placeholder-regular", "placeholder", "regular"),
        ("placeholder-compact", "placeholder", "compact"),
        // Columns under a presented pile: the detail dropped, the focus moves to the content and
        // the app shows its placeholder; compact, one stack up to the focus under the pile.
        ("columns-regular", "columns", "regular"),
        ("columns-compact", "columns", "compact"),
        // Every kind, each as its kind's file declares it: a selection and focuses moved, placeholders,
        // a truncating stack, a presentation chain, a container not restored.
        ("kinds-regular", "kinds", "regular"),
        ("kinds-compact", "kinds", "compact"),
    ]

    static func picture(_ input: String, layout: String, color: String, environment: [String: String?] = [:]) throws -> CLI.Result {
        try CLI.run(["plan", "--input", folder.appendingPathComponent("\(input).json").path, "--picture", "--layout", layout,
                     "--color", color] + known.flatMap { ["--known-class", $0] }, environment: environment)
    }

    /// `text` without its ANSI escape sequences (ESC `[` ... a letter).
    static func stripped(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    @Test(arguments: cases.map(\.name))
    func thePictureIsTheGoldenFileByteForByte(name: String) throws {
        let entry = try #require(Self.cases.first { $0.name == name })
        for color in ["never", "always"] {
            let result = try Self.picture(entry.input, layout: entry.layout, color: color)
            #expect(result.status == 0, "\(result.stderr)")
            let golden = Self.folder.appendingPathComponent(color == "never" ? "\(name).txt" : "\(name).color.txt")
            if ProcessInfo.processInfo.environment["RESTACK_UPDATE_GOLDEN"] == "1" {
                try Data(result.stdout.utf8).write(to: golden)
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(result.stdout == expected, "\(golden.lastPathComponent) differs:\n\(result.stdout)")
        }
    }

    @Test(arguments: cases.map(\.name))
    func withoutColourThePictureIsTheColouredOneWithoutEscapes(name: String) throws {
        let entry = try #require(Self.cases.first { $0.name == name })
        let plain = try Self.picture(entry.input, layout: entry.layout, color: "never").stdout
        let colored = try Self.picture(entry.input, layout: entry.layout, color: "always").stdout
        #expect(colored.contains("\u{1B}["), "--color always colours")
        #expect(!plain.contains("\u{1B}"), "--color never does not")
        #expect(Self.stripped(colored) == plain)
    }

    @Test func autoColoursATerminalOnlyAndHonoursNoColor() throws {
        // A pipe: no colour.
        #expect(!(try Self.picture("tabs", layout: "regular", color: "auto").stdout.contains("\u{1B}")))
        // A terminal (script(1) gives the command a pseudo-terminal): colour, unless NO_COLOR is set and not empty.
        func inTerminal(noColor: String?) throws -> String {
            let command = ([CLI.binary.path, "plan", "--input", Self.folder.appendingPathComponent("tabs.json").path, "--picture"])
                .map { "'\($0)'" }.joined(separator: " ")
            let result = try CLI.runTool("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["NO_COLOR": noColor])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("[tabs]"))
            return result.stdout
        }
        #expect(try inTerminal(noColor: nil).contains("\u{1B}[9;31m"), "a terminal gets colour")
        #expect(try inTerminal(noColor: "").contains("\u{1B}[9;31m"), "an empty NO_COLOR is not set")
        #expect(!(try inTerminal(noColor: "1").contains("\u{1B}")), "NO_COLOR=1 turns colour off")
        // --color always wins over NO_COLOR, as no-color.org allows a flag to.
        #expect(try Self.picture("tabs", layout: "regular", color: "always", environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
    }

    @Test func hostileNamesKeepEveryLineOfThePictureOneLine() throws {
        let scratch = try Scratch()
        let hostile = #"a\nb\u2028c\u202Ed\u0000\u001B[31m"#
        let file = scratch.write("h.json", #"{"formatVersion": 2, "root": {"kind": "split", "primary": [{"identifier": "\#(hostile)", "class": "\#(hostile)", "container": {"kind": "tabs", "selected": 0, "tabs": [{"identifier": "\#(hostile)"}, {"identifier": null, "class": "\#(hostile)"}]}}], "detail": [{"identifier": "\#(hostile)"}]}}"#)
        for layout in ["regular", "compact"] {
            let result = try CLI.run(["plan", "--input", file, "--picture", "--layout", layout, "--color", "never"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" }, "a name's ESC is escaped, not written")
            for line in result.stdout.split(separator: "\n") {
                expectOneLine(line + "\n")
            }
            // Framed rows line up: every line of the frame is as wide as its top.
            let framed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("|") }
            #expect(Set(framed.map(\.count)).count == 1, "\(framed)")
        }
    }

    /// Zero-width characters take no column and look like nothing: escaped in every listing and
    /// picture, so `"a\u{200B}b"` never looks like `"ab"` and frame rows keep their width; and
    /// one byte has one escape, `\u{07}`, in an identifier and in a class name (issue 21, item 16).
    @Test func zeroWidthCharactersAreEscapedOneWayEverywhere() throws {
        let scratch = try Scratch()
        let hostile = #"a\u200Bb\uFEFFc\u00ADd\u0007"#
        let file = scratch.write("z.json", #"{"formatVersion": 2, "root": {"kind": "split", "primary": [{"identifier": "\#(hostile)", "class": "\#(hostile)"}], "detail": [{"identifier": "ab", "class": "ab"}]}}"#)
        let path = scratch.path("z.sqlite")
        #expect(try CLI.run(["import", "--db", path, "--session", "z", "--input", file]).status == 0)
        let outputs = [
            try CLI.run(["plan", "--input", file, "--picture", "--color", "never"]),
            try CLI.run(["plan", "--input", file]),
            try CLI.run(["show", "--db", path, "--session", "z"]),
            try CLI.run(["show", "--db", path, "--session", "z", "--picture", "--color", "never"]),
        ]
        for result in outputs {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.unicodeScalars.contains { ["\u{200B}", "\u{FEFF}", "\u{AD}", "\u{7}"].contains($0) }, "\(result.stdout)")
            #expect(result.stdout.contains(#"a\u{200B}b\u{FEFF}c\u{AD}d\u{07}"#), "\(result.stdout)")
            #expect(!result.stdout.contains(#"\u{7}"#), "one escape for BEL: \(result.stdout)")
            let framed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("|") }
            #expect(Set(framed.map(\.unicodeScalars.count)).count <= 1, "\(framed)")
        }
    }

    @Test func aStoredTreeDrawsAsItsFileDoes() throws {
        let scratch = try Scratch()
        let path = scratch.path("trees.sqlite")
        for name in ["split", "nesting"] {
            let file = Self.folder.appendingPathComponent("\(name).json").path
            let imported = try CLI.run(["import", "--db", path, "--session", "trees", "--input", file])
            #expect(imported.status == 0, "\(imported.stderr)")
            for layout in ["regular", "compact"] {
                let known = Self.known.flatMap { ["--known-class", $0] }
                let stored = try CLI.run(["plan", "--db", path, "--session", "trees", "--picture", "--layout", layout, "--color", "always"] + known)
                #expect(stored.status == 0, "\(stored.stderr)")
                let fromFile = try Self.picture(name, layout: layout, color: "always").stdout
                // After the snapshot line and the chosen line, the same picture.
                let lines = stored.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count > 2 && lines[1].hasPrefix("  chosen: snapshot"))
                #expect(lines.dropFirst(2).joined(separator: "\n") == fromFile, "\(name) \(layout)")
            }
        }
        // show draws the same tree with every restorable record kept.
        let show = try CLI.run(["show", "--db", path, "--session", "trees", "--picture", "--color", "never"])
        #expect(show.stdout.contains("|   primary[0] \"nav\" TabBarController"), "\(show.stdout)")
        #expect(!show.stdout.contains("(dropped: unresolved-class)"))
    }

    @Test func wideCharactersTakeTwoColumnsSoFramesLineUp() throws {
        let scratch = try Scratch()
        // 3 CJK characters, 1 emoji, and an e with a combining acute (one column).
        let file = scratch.write("w.json", #"{"formatVersion": 2, "root": {"kind": "split", "primary": [{"identifier": "受信箱", "class": "A"}, {"identifier": "📬", "class": "B"}, {"identifier": "e\u0301", "class": "C"}], "detail": []}}"#)
        let result = try CLI.run(["plan", "--input", file, "--picture", "--color", "never"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let top = try #require(lines.first { $0.hasPrefix("+-") })
        // A line is as wide on screen as the frame's top: one Character fewer per wide one.
        #expect(lines.first { $0.contains("受信箱") }?.count == top.count - 3, "\(result.stdout)")
        #expect(lines.first { $0.contains("📬") }?.count == top.count - 1)
        #expect(lines.first { $0.contains("e\u{301}") }?.count == top.count)
    }

    @Test func aRenamedRecordSaysSo() throws {
        let file = Self.folder.appendingPathComponent("split.json").path
        let result = try CLI.run(["plan", "--input", file, "--picture", "--known-class", "MessageController", "--known-class", "Viewer",
                                  "--known-class", "InboxController", "--known-class", "MailboxesController", "--alias", "LegacyViewer=Viewer"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#"detail[1] "attachment" LegacyViewer (renamed to Viewer)"#), "\(result.stdout)")
        #expect(!result.stdout.contains("(dropped:"))
    }

    @Test func showAndPlanFromAStoreDrawThePictureAndSayWhichSnapshot() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let show = try CLI.run(["show", "--db", path, "--session", "demo/settings-lone-right", "--picture", "--layout", "compact"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("chosen: snapshot"))
        #expect(show.stdout.contains("(dropped: missing-identifier)"))
        #expect(show.stdout.contains("compact: one stack"))
        let plan = try CLI.run(["plan", "--db", path, "--session", "demo/mail-renamed-class", "--picture", "--known-class", "InboxController"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("(dropped: unresolved-class)"))
        expectFailure(try CLI.run(["plan", "--db", path, "--session", "demo/mail-gap", "--picture", "--json"]), code: 64, mentioning: "--picture")
        expectFailure(try CLI.run(["plan", "--input", "x", "--picture", "--color", "sometimes"]), code: 64, mentioning: "sometimes")
        expectFailure(try CLI.run(["plan", "--input", "x", "--color", "always"]), code: 64, mentioning: "--color goes with --picture")
        expectFailure(try CLI.run(["show", "--db", path, "--session", "demo/mail-gap", "--layout", "compact"]), code: 64, mentioning: "--layout goes with --picture")
    }
}
