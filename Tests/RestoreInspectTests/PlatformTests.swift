import Foundation
import GRDB
import Testing

/// The declared platforms (iOS 13, macOS 10.15, tvOS 13, watchOS 7) stay true, and the dates
/// `restore-inspect` prints, formatted without APIs newer than those, are the stored ones.
@Suite("declared platforms")
struct PlatformTests {
    /// APIs newer than the declared minimums that Linux compiles without a word, each with the
    /// first version that has it. A backstop against the likely slips, not a proof: only a build
    /// for each Apple platform at its minimum proves availability.
    static let denied: [(pattern: String, needs: String)] = [
        ("ISO8601FormatStyle", "macOS 12 / iOS 15"),
        ("FormatStyle", "macOS 12 / iOS 15"),
        (".formatted(", "macOS 12 / iOS 15"),
        ("Date.now", "macOS 12 / iOS 15"),
        ("String(localized:", "macOS 12 / iOS 15"),
        ("AttributedString", "macOS 12 / iOS 15"),
        ("URL(filePath:", "macOS 13 / iOS 16"),
        (".appending(path:", "macOS 13 / iOS 16"),
        (".appending(component", "macOS 13 / iOS 16"),
        (".path(percentEncoded:", "macOS 13 / iOS 16"),
        ("URL.temporaryDirectory", "macOS 13 / iOS 16"),
        ("URL.homeDirectory", "macOS 13 / iOS 16"),
        ("Regex", "macOS 13 / iOS 16"),
        ("#/", "macOS 13 / iOS 16 (regex literal)"),
        (".firstRange(of:", "macOS 13 / iOS 16"),
        (".ranges(of:", "macOS 13 / iOS 16"),
        (".replacing(", "macOS 13 / iOS 16"),
        (".trimmingPrefix(", "macOS 13 / iOS 16"),
        (".wholeMatch(", "macOS 13 / iOS 16"),
        ("Duration", "macOS 13 / iOS 16"),
        ("ContinuousClock", "macOS 13 / iOS 16"),
        ("SuspendingClock", "macOS 13 / iOS 16"),
        ("Clock", "macOS 13 / iOS 16"),
        ("Task.sleep(for:", "macOS 13 / iOS 16"),
        ("OSAllocatedUnfairLock", "macOS 13 / iOS 16"),
        ("Mutex", "macOS 15 / iOS 18"),
        ("Atomic<", "macOS 15 / iOS 18"),
        ("RangeSet", "macOS 15 / iOS 18"),
        ("String(unsafeUninitializedCapacity:", "macOS 11 / iOS 14"),
        ("write(contentsOf:", "macOS 10.15.4 / iOS 13.4"),
        ("readToEnd(", "macOS 10.15.4 / iOS 13.4"),
        ("read(upToCount:", "macOS 10.15.4 / iOS 13.4"),
        ("seekToEnd(", "macOS 10.15.4 / iOS 13.4"),
        (".offset()", "macOS 10.15.4 / iOS 13.4"),
    ]

    /// The package's Sources folder, found from this file.
    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    /// A line without its `//` comment (a `//` inside a string literal is kept).
    static func code(_ line: Substring) -> Substring {
        var inString = false
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString && character == "/" && previous == "/" {
                return line[..<line.index(before: index)]
            }
            previous = character
        }
        return line
    }

    /// The places in `text` (a Swift file) that use a denied API, outside comments, and outside
    /// a declaration whose `@available` asks for systems that have it (the navigation model's
    /// `@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)`, a test function's): an annotation
    /// gates the declaration after it, at its indentation, down to the next one there.
    static func uses(in text: String) -> [String] {
        var found: [String] = []
        var pending: (indent: Int, iOS: Int, macOS: Int)?   // an `@available` waiting for its declaration
        var gates: [(indent: Int, iOS: Int, macOS: Int)] = []   // those of the declarations we are in
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent)
            let declaration = withoutAttributes(trimmed)
            if trimmed.hasPrefix("@available(") {
                pending = (indent, version(of: "iOS", in: trimmed), version(of: "macOS", in: trimmed))
            } else if let first = declaration.first, first != "}", first != ")", !declaration.hasPrefix("//") {
                gates.removeAll { $0.indent >= indent }
                if let gate = pending, gate.indent == indent {
                    gates.append(gate)
                }
                pending = nil
            }
            let code = Self.code(line)
            for entry in denied where code.contains(entry.pattern) {
                let needed = (iOS: version(of: "iOS", in: entry.needs[...]), macOS: version(of: "macOS", in: entry.needs[...]))
                if gates.contains(where: { $0.iOS >= needed.iOS && $0.macOS >= needed.macOS }) {
                    continue
                }
                found.append("line \(number + 1): \(entry.pattern) (needs \(entry.needs))")
            }
        }
        return found
    }

    /// `line` without the attributes it starts with (`@Test func f()` is `func f()`, `@MainActor`
    /// alone is empty).
    static func withoutAttributes(_ line: Substring) -> Substring {
        var rest = line
        while rest.hasPrefix("@") {
            rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
            if rest.hasPrefix("(") {
                var depth = 0
                rest = rest.drop { character in
                    defer { if character == ")" { depth -= 1 } }
                    if character == "(" { depth += 1 }
                    return depth > 0
                }
            }
            rest = rest.drop { $0 == " " }
        }
        return rest
    }

    /// The major version after `system ` in `text` (`iOS 17` in an `@available`, `macOS 13` in a
    /// denied API's needs); 0 when there is none.
    static func version(of system: String, in text: Substring) -> Int {
        guard let range = text.range(of: system + " ") else { return 0 }
        return Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    @Test func theGuardSeesADeniedAPIAndIgnoresComments() {
        #expect(Self.uses(in: "let style = Date.ISO8601FormatStyle()").count == 2)
        #expect(Self.uses(in: "try handle.write(contentsOf: data)") == ["line 1: write(contentsOf: (needs macOS 10.15.4 / iOS 13.4)"])
        #expect(Self.uses(in: "let url = URL(filePath: path)  // not URL(fileURLWithPath:)").count == 1)
        #expect(Self.uses(in: "/// `Date.ISO8601FormatStyle` needs macOS 12\nlet a = 1 // .formatted()").isEmpty)
        #expect(Self.uses(in: #"let text = "a // b".split(separator: "/")"#).isEmpty)
        let gated = "@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)\n@MainActor\nfinal class Model {\n    let clock = ContinuousClock()\n}\n"
        #expect(Self.uses(in: gated).isEmpty, "a declaration for systems that have the API")
        #expect(Self.uses(in: gated + "let after = ContinuousClock()").count == 2, "the next declaration is not gated")
        #expect(Self.uses(in: "@available(iOS 15, macOS 12, *)\nlet clock = ContinuousClock()").count == 2, "a gate below the API's systems")
        let member = "struct Suite {\n    @available(iOS 17, macOS 14, *)\n    @Test func paced() {\n        let clock = ContinuousClock()\n    }\n    func other() {\n        let clock = ContinuousClock()\n    }\n}"
        #expect(Self.uses(in: member).map { $0.prefix(7) } == ["line 7:", "line 7:"], "a test function's gate, not its neighbour's")
    }

    /// The test targets build at the same minimums, so they are checked too (all but this file,
    /// which names the denied APIs).
    @Test func noSourceUsesAnAPINewerThanTheDeclaredPlatforms() throws {
        let root = Self.sources.deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Sources", "Tests"] {
            files += try #require(FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil))
                .compactMap { $0 as? URL }
                .filter { $0.pathExtension == "swift" && $0.lastPathComponent != URL(fileURLWithPath: #filePath).lastPathComponent }
        }
        #expect(files.count > 80, "found the sources and tests under \(root.path)")
        var findings: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            findings += Self.uses(in: text).map { "\(file.path.dropFirst(root.path.count + 1)) \($0)" }
        }
        #expect(findings.isEmpty, "APIs newer than iOS 13 / macOS 10.15 / tvOS 13 / watchOS 7:\n\(findings.joined(separator: "\n"))")
        print("declared platforms: \(files.count) source and test files checked against \(Self.denied.count) denied APIs, \(findings.count) found")
    }

    /// The expected text for a stored time, computed from the integer with Howard Hinnant's
    /// civil-from-days algorithm: independent of Foundation and of the code under test.
    static func expectedText(milliseconds: Int64) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let millisecond = milliseconds - seconds * 1000
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let secondOfDay = seconds - days * 86400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(secondOfDay / 3600, 2)):"
            + "\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2)).\(padded(millisecond, 3))Z"
    }

    @Test func theOracleAgreesWithKnownDates() {
        #expect(Self.expectedText(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(Self.expectedText(milliseconds: 1_795_262_400_000) == "2026-11-21T12:00:00.000Z")
        #expect(Self.expectedText(milliseconds: 951_782_400_999) == "2000-02-29T00:00:00.999Z")
        #expect(Self.expectedText(milliseconds: -1) == "1969-12-31T23:59:59.999Z")
        #expect(Self.expectedText(milliseconds: 253_402_300_799_999) == "9999-12-31T23:59:59.999Z")
    }

    /// Every stored millisecond is printed as stored: `Date.ISO8601FormatStyle` printed one
    /// millisecond less for about half of them (it truncated the binary fraction).
    @Test func datesArePrintedAsStored() throws {
        let scratch = try Scratch()
        let path = scratch.path("store.sqlite")
        let file = scratch.write("s.json", #"{"formatVersion": 1, "left": []}"#)
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", file]).status == 0)
        var random = SystemRandomNumberGenerator()
        let fixed: [Int64] = [0, 1_795_262_400_000, 2_064_574_456_754, 951_782_400_999, 253_402_300_799_999, 1, 999]
        let times = fixed + (0..<993).map { _ in Int64.random(in: 0...4_102_444_800_000, using: &random) }
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for time in times {
                try db.execute(sql: "INSERT INTO restack_snapshot (session_id, format_version, saved_at, record_count, tree) SELECT session_id, 1, ?, record_count, tree FROM restack_snapshot LIMIT 1",
                               arguments: [time])
            }
            try db.execute(sql: "DELETE FROM restack_snapshot WHERE id = 1")
        }
        try queue.close()
        let history = try #require(try CLI.run(["history", "--db", path, "--session", "s", "--json"]).json as? [[String: Any]])
        let printed = history.compactMap { $0["savedAt"] as? String }
        try #require(printed.count == times.count)
        let wrong = zip(times, printed).filter { Self.expectedText(milliseconds: $0) != $1 }
        #expect(wrong.count == 0, "\(wrong.count) of \(times.count) printed wrong, first: \(wrong.first.map { "\($0.0) as \($0.1)" } ?? "")")
        try #require(printed.count > 2)
        #expect(printed[2] == "2035-06-04T12:54:16.754Z")
        let table = try CLI.run(["history", "--db", path, "--session", "s"])
        #expect(table.stdout.contains("2026-11-21T12:00:00.000Z"))
        print("declared platforms: \(times.count) stored times printed, \(wrong.count) differ from the stored millisecond")
    }
}
