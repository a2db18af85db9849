import Foundation
import RestackTerminalText
import RestackTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The columns a terminal gives text (issue 38, defect 5): a cluster is as wide as its scalars,
/// as `wcwidth` and the terminals that use it count them, so that Indic and Thai clusters that
/// Swift counts as one `Character` (क्ष, कि, กำ) take the two columns a terminal draws; an emoji
/// takes two. Checked against glibc's `wcwidth`, and a picture's frames against tmux's own
/// drawing.
@Suite("The columns a terminal gives text")
struct TerminalWidthTests {
    static let cases: [(String, Int)] = [
        ("क्ष", 2),                        // क, virama (nonspacing), ष: one Character, two columns
        ("कि", 2),                         // क, U+093F (a spacing mark)
        ("กำ", 2),                         // ก, SARA AM U+0E33
        ("กี", 1),                         // ก, U+0E35 (nonspacing)
        ("ห\u{E4C}", 1),                   // ห, THANTHAKHAT (nonspacing)
        ("ஸ்ரீ", 2),                        // Tamil SRI: two letters, two marks
        ("நி", 2),                         // ந, U+0BBF (spacing)
        ("e\u{301}", 1),                   // e, combining acute
        ("受信箱", 6),                     // wide
        ("\u{1100}\u{1161}\u{11A8}", 2),   // a Hangul syllable of jamo: one wide, two joining
        ("📬", 2), ("👍🏽", 2), ("👩‍👩‍👧‍👦", 2), ("🇫🇷", 2), ("\u{2764}\u{FE0F}", 2),   // emoji: two
        ("abc", 3), ("", 0),
    ]

    @Test(arguments: cases)
    func aClusterIsAsWideAsATerminalDrawsIt(_ text: String, _ columns: Int) {
        #expect(TerminalWidth.columns(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Tables pad by the same measure: a column after such a cluster lines up.
    @Test func tablesPadByColumns() {
        let table = Text.table([["क्ष", "x"], ["ab", "y"]])
        #expect(table == "क्ष  x\nab  y")
    }

    #if canImport(Glibc)
    /// Every scalar of the scripts with combining and spacing marks (and jamo, CJK, fullwidth)
    /// counts as glibc's `wcwidth` counts it; every cluster of the hostile names too.
    @Test func everyScalarOfTheScriptsWithMarksCountsAsWcwidthDoes() throws {
        // glibc's wcwidth, which the Glibc module does not declare.
        typealias WCWidth = @convention(c) (wchar_t) -> Int32
        let symbol = try #require(dlsym(dlopen(nil, RTLD_NOW), "wcwidth"))
        let wcwidth = unsafeBitCast(symbol, to: WCWidth.self)
        let locale = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
        let previous = uselocale(locale)
        defer {
            uselocale(previous)
            freelocale(locale)
        }
        let ranges: [ClosedRange<UInt32>] = [
            0x0300...0x036F, 0x0590...0x06FF, 0x0900...0x0DFF, 0x0E00...0x0EFF, 0x1000...0x109F, 0x1100...0x11FF,
            0x1780...0x17FF, 0x3040...0x30FF, 0x4E00...0x4E40, 0xAC00...0xAC40, 0xFF01...0xFF60,
        ]
        var compared = 0
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = Int(wcwidth(wchar_t(value)))
            guard expected >= 0 else { continue }   // unassigned in glibc's Unicode version
            #expect(TerminalWidth.columns(of: scalar) == expected, "U+\(String(value, radix: 16, uppercase: true))")
            compared += 1
        }
        #expect(compared > 2000)
        for name in ["क्ष", "कि", "กำ", "क्षत्रिय", "ฟ้าผ่า", "น้ำ", "ஸ்ரீநிவாசன்", "ক্ষ", "ಕ್ಷ", "ញ៉ាំ", "မြန်မာ", "שָׁלוֹם", "مُحَمَّد"] {
            for character in name where !character.unicodeScalars.contains(where: \.properties.isEmojiPresentation) {
                let expected = character.unicodeScalars.reduce(0) { $0 + Int(wcwidth(wchar_t($1.value))) }
                #expect(TerminalWidth.columns(of: character) == expected, "\(character) in \(name)")
            }
        }
    }
    #endif

    /// The picture of a tree named in Indic and Thai clusters, drawn by tmux (a real terminal
    /// emulator): every row of every frame ends in the same column.
    @Test func framesLineUpInARealTerminal() throws {
        guard let tmux = TerminalDrawing() else { return }   // tmux is not installed
        let scratch = try Scratch()
        let names = ["क्ष", "कि", "กำ", "ஸ்ரீ"]
        let primary = names.map { #"{"identifier": "\#($0)", "class": "\#($0)Controller"}"# }.joined(separator: ", ")
        let file = scratch.write("i.json", #"{"formatVersion": 2, "root": {"kind": "split", "primary": [\#(primary)], "detail": [{"identifier": "กำ", "class": "X"}]}}"#)
        let picture = try CLI.run(["plan", "--input", file, "--picture", "--color", "never"])
        #expect(picture.status == 0, "\(picture.stderr)")
        let framed = picture.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("+") || $0.hasPrefix("|") }
        #expect(framed.count == names.count + 2)
        let widths = try tmux.widths(of: framed, in: scratch)
        #expect(Set(widths).count == 1, "the rows end in columns \(widths):\n\(framed.joined(separator: "\n"))")
    }
}

/// Measures lines as a terminal emulator draws them: tmux, in a pane of its own, writes each
/// line and answers a cursor position report (`ESC [ 6 n`), which a script in the pane reads.
struct TerminalDrawing {
    let tmux: String

    init?() {
        guard let path = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        tmux = path
    }

    /// The column after each line, as tmux drew it.
    func widths(of lines: [String], in folder: TemporaryFolder) throws -> [Int] {
        let input = folder.path("lines.txt"), output = folder.path("widths.txt"), script = folder.path("measure.sh")
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: input))
        try Data(#"""
            stty raw -echo
            while IFS= read -r line; do
              printf '\033[H\033[2K%s\033[6n' "$line"
              reply=''
              while :; do c=$(dd bs=1 count=1 2>/dev/null </dev/tty); reply="$reply$c"; [ "$c" = R ] && break; done
              printf '%s\n' "$reply" | tr -d '\033' >> "$2"
            done < "$1"
            echo done >> "$2"
            """#.utf8).write(to: URL(fileURLWithPath: script))
        let socket = "restack-width-\(UUID().uuidString.prefix(8))"
        defer { _ = try? ChildProcess.run(tmux, ["-L", socket, "kill-server"], environment: ProcessInfo.processInfo.environment, input: nil) }
        let environment = ProcessInfo.processInfo.environment.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
        let command = "exec sh '\(script)' '\(input)' '\(output)'"
        let started = try ChildProcess(tmux, ["-L", socket, "-f", "/dev/null", "-u", "new-session", "-d", "-x", "400", "-y", "10", command],
                                       environment: environment, stdin: .nullDevice, stdout: .nullDevice, stderr: .nullDevice).wait()
        guard started == .exited(0) else { throw CocoaError(.fileWriteUnknown) }
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: output, encoding: .utf8), text.hasSuffix("done\n") {
                // `[row;columnR`: the cursor's column, 1-based, after the line.
                return text.split(separator: "\n").dropLast().map { reply in
                    Int(reply.split(separator: ";").last?.dropLast() ?? "") .map { $0 - 1 } ?? -1
                }
            }
            usleep(50_000)
        }
        throw CocoaError(.fileReadUnknown)
    }
}
