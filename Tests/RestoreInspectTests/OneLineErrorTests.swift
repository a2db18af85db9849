import Foundation
import Testing

/// Every error is one line whatever the user gave: newlines, carriage returns, ESC, Unicode line
/// separators and bidirectional overrides in echoed paths, session names, keys and values are
/// escaped (`\n`, `\u{1B}`), never printed raw.
@Suite("restore-inspect one-line errors (and rows)")
struct OneLineErrorTests {
    /// Names that would break a line, or a terminal, if echoed raw.
    static let hostile = ["a\nb", "a\r\nb", "a\u{1B}[31mred", "a\u{2028}b", "a\u{202E}b", "a\u{85}b", "tab\there"]

    /// `text` as the escape the error shows for it.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: #"\n"#).replacingOccurrences(of: "\r", with: #"\r"#)
            .replacingOccurrences(of: "\t", with: #"\t"#).replacingOccurrences(of: "\u{1B}", with: #"\u{1B}"#)
            .replacingOccurrences(of: "\u{2028}", with: #"\u{2028}"#).replacingOccurrences(of: "\u{202E}", with: #"\u{202E}"#)
            .replacingOccurrences(of: "\u{85}", with: #"\u{85}"#)
    }

    @Test(arguments: hostile)
    func sessionNames(_ name: String) throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        expectFailure(try CLI.run(["history", "--db", path, "--session", name]), code: 67,
                      mentioning: #"no session named "\#(Self.escaped(name))""#)
        expectFailure(try CLI.run(["export", "--db", path, "--session", name, "--snapshot", "1"]), code: 67,
                      mentioning: Self.escaped(name))
    }

    @Test(arguments: hostile)
    func storePaths(_ name: String) throws {
        let scratch = try Scratch()
        let absent = scratch.path("absent \(name).sqlite")
        expectFailure(try CLI.run(["sessions", "--db", absent]), code: 66, mentioning: Self.escaped(absent))
        // A real file with that name that is not a store: 68, the path echoed escaped.
        let text = scratch.write("notes \(name).txt", String(repeating: "not a database\n", count: 100))
        expectFailure(try CLI.run(["check", "--db", text]), code: 68, mentioning: Self.escaped(text))
        let state = scratch.write("s.json", #"{"formatVersion": 1, "left": []}"#)
        expectFailure(try CLI.run(["import", "--db", scratch.path("no \(name)/s.sqlite"), "--session", name, "--input", state]),
                      code: 66, mentioning: Self.escaped(name))
        expectFailure(try CLI.run(["plan", "--input", scratch.path("missing \(name).json")]), code: 65,
                      mentioning: "cannot read state file \(Self.escaped(scratch.path("missing \(name).json")))")
    }

    @Test(arguments: hostile)
    func stateFileKeysAndValues(_ name: String) throws {
        let key = String(decoding: try JSONSerialization.data(withJSONObject: [name]), as: UTF8.self).dropFirst().dropLast()
        let unknownKey = #"{"formatVersion": 1, "left": [], \#(key): 1}"#
        let plan = try CLI.run(["plan", "--input", "-"], stdin: Data(unknownKey.utf8))
        expectFailure(plan, code: 65, mentioning: "unknown key")
        let wrongType = #"{"formatVersion": 1, "left": [{"identifier": 1, \#(key): 2}]}"#
        expectFailure(try CLI.run(["plan", "--input", "-"], stdin: Data(wrongType.utf8)), code: 65, mentioning: "left[0]")
    }

    /// Not errors, but the same rule: a hostile session name, class name or app version in a
    /// table or tree is escaped, and each row stays one line.
    @Test func tablesShowEachHostileNameOnItsOwnRow() throws {
        let scratch = try Scratch()
        let path = scratch.path("store.sqlite")
        for name in Self.hostile {
            let record: [String: Any] = ["identifier": name, "class": name]
            let document: [String: Any] = ["formatVersion": 1, "left": [record, record], "right": record]
            let data = try JSONSerialization.data(withJSONObject: document)
            let imported = try CLI.run(["import", "--db", path, "--session", name, "--input", "-", "--app-version", name], stdin: data)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        func expectCleanLines(_ result: CLI.Result, count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(result.status == 0, sourceLocation: sourceLocation)
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == count, "\(result.stdout.debugDescription)", sourceLocation: sourceLocation)
            for line in lines {
                expectOneLine(line + "\n", sourceLocation: sourceLocation)
            }
        }
        // A header, a row per session, the count.
        expectCleanLines(try CLI.run(["sessions", "--db", path]), count: Self.hostile.count + 2)
        for name in Self.hostile {
            let shown = try CLI.run(["show", "--db", path, "--session", name])
            // The snapshot, which one was chosen and why, a header and 3 records.
            expectCleanLines(shown, count: 6)
            #expect(shown.stdout.hasPrefix("session \"\(Self.escaped(name))\""), "\(shown.stdout.debugDescription)")
            #expect(shown.stdout.contains("app \(Self.escaped(name))"))
            expectCleanLines(try CLI.run(["history", "--db", path, "--session", name]), count: 3)
            // The plan: the snapshot, the choice of snapshot, the plan's heading, the drill-down's
            // row, 3 restored records, and a warning about the duplicate identifier.
            expectCleanLines(try CLI.run(["plan", "--db", path, "--session", name]), count: 8)
        }
    }

    @Test(arguments: hostile)
    func usageErrorsEchoValuesEscapedNotCut(_ value: String) throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        expectFailure(try CLI.run(["show", "--db", path, "--session", "s", "--snapshot", "7\(value)"]), code: 64,
                      mentioning: "'7\(Self.escaped(value))' is invalid for '--snapshot <n>'")
        expectFailure(try CLI.run(["sessions", "--db", path, value]), code: 64, mentioning: Self.escaped(value))
    }
}
