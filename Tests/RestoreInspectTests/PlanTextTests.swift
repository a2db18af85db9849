import Foundation
import RestackTerminalText
import Testing

/// `plan` for people: one layout for every plan, format 1 or tree, compared byte for byte with the
/// golden files of `Tests/PlanTextGolden/` (`RESTACK_UPDATE_GOLDEN=1` rewrites them; read the diff
/// before committing). The inputs are the picture's (`Tests/PictureGolden/`).
@Suite("the plan as text")
struct PlanTextTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("PlanTextGolden")

    /// Each golden plan: its name, the state file it plans, the layout, a deep link if any.
    static let cases: [(name: String, input: String, layout: String, link: String?)] = [
        ("drilldown-regular", "drilldown", "regular", nil),          // format 1: the drill-down's view
        ("drilldown-compact", "drilldown", "compact", nil),
        ("nesting-regular", "nesting", "regular", nil),              // a tree: every kind nested
        ("nesting-compact", "nesting", "compact", nil),
        ("duplicates", "duplicates", "regular", nil),                // warnings
        ("drilldown-deeplink", "drilldown", "regular", "deeplink"),  // a deep link merged
        ("kinds-regular", "kinds", "regular", nil),                  // every kind's settings, as declared
        ("kinds-compact", "kinds", "compact", nil),
    ]

    static func input(_ name: String) -> String {
        let own = folder.appendingPathComponent("\(name).json")
        return FileManager.default.fileExists(atPath: own.path) ? own.path : PictureTests.folder.appendingPathComponent("\(name).json").path
    }

    static func plan(_ entry: (name: String, input: String, layout: String, link: String?), picture: Bool = false) throws -> CLI.Result {
        var arguments = ["plan", "--input", input(entry.input), "--layout", entry.layout] + PictureTests.known.flatMap { ["--known-class", $0] }
        if let link = entry.link {
            arguments += ["--deep-link", input(link)]
        }
        return try CLI.run(arguments + (picture ? ["--picture", "--color", "never"] : []))
    }

    static func compare(_ output: String, golden name: String) throws {
        let golden = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RESTACK_UPDATE_GOLDEN"] == "1" {
            try Data(output.utf8).write(to: golden)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(output == expected, "\(name) differs:\n\(output)")
    }

    @Test(arguments: cases.map(\.name))
    func thePlanIsTheGoldenFileByteForByte(name: String) throws {
        let entry = try #require(Self.cases.first { $0.name == name })
        let result = try Self.plan(entry)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.compare(result.stdout, golden: "\(name).txt")
    }

    /// The same words and columns in both forms: every record row starts with `restored` or
    /// `dropped` in lower case, and its identifier starts in the same column as every other
    /// record row's of the plan.
    @Test(arguments: cases.map(\.name))
    func everyFormPrintsOneLayout(name: String) throws {
        let entry = try #require(Self.cases.first { $0.name == name })
        let text = try Self.plan(entry).stdout
        #expect(!text.contains("DROPPED"), "no capitals: \(text)")
        let lines = text.split(separator: "\n").dropFirst()
        let records = lines.filter { $0.hasPrefix("  restored ") || $0.hasPrefix("  dropped ") }
        #expect(records.count >= 3, "\(text)")
        let columns = Set(records.compactMap { line in line.firstIndex(of: "\"").map { line.distance(from: line.startIndex, to: $0) } })
        #expect(columns.count == 1, "identifiers aligned:\n\(text)")
        for line in lines {
            let word = line.dropFirst(2).prefix { $0 != " " }
            #expect(["restored", "dropped", "note", "warning", ""].contains(word) || word.hasPrefix("["), "\(line)")
        }
    }

    /// Duplicate identifiers are warned about in the picture as in the plan.
    @Test func thePictureWarnsOfDuplicatesAsThePlanDoes() throws {
        let entry = try #require(Self.cases.first { $0.name == "duplicates" })
        let text = try Self.plan(entry).stdout
        let picture = try Self.plan(entry, picture: true).stdout
        let warnings = text.split(separator: "\n").filter { $0.hasPrefix("  warning") }
        #expect(!warnings.isEmpty)
        for warning in warnings {
            let message = warning.drop { $0 == " " }.dropFirst("warning".count).drop { $0 == " " }
            #expect(picture.contains("warning: \(message)"), "\(picture)")
        }
    }

    /// `plan --deep-link FILE --picture`: the screen after the link, its records marked `+`, the
    /// records it popped listed under the screen.
    @Test func thePictureOfADeepLinkIsTheMergedScreen() throws {
        let entry = try #require(Self.cases.first { $0.name == "drilldown-deeplink" })
        let result = try Self.plan(entry, picture: true)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.compare(result.stdout, golden: "drilldown-deeplink.picture.txt")
        #expect(result.stdout.contains(#"+ right "message-99" MessageController (from the deep link)"#), "\(result.stdout)")
        #expect(result.stdout.contains(#"x right "message-42" MessageController (dropped: deep-link-popped)"#))
        #expect(result.stdout.contains("legend: stacks top first · * selected tab · x dropped · ~ hidden in compact · + from the deep link"))
        // What the text plan says restored is what the picture draws on the screen.
        let plan = try #require(try CLI.run(["plan", "--input", Self.input("drilldown"), "--deep-link", Self.input("deeplink"), "--json"]
                                            + PictureTests.known.flatMap { ["--known-class", $0] }).json as? [String: Any])
        #expect((plan["dropped"] as? [Any])?.count == result.stdout.components(separatedBy: "(dropped: ").count - 1)
    }
}
