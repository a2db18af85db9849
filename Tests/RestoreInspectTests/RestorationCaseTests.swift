import Foundation
import RestackTestSupport
import Testing

/// The restoration edge cases as data: each file of `Tests/RestorationCases/` holds a state, the
/// classes the app knows (or "all"), optionally class aliases, a layout, optionally a deep link,
/// and the expected plan, and is run through the real
/// `restore-inspect plan --input FILE --layout L [--known-class C]... [--alias OLD=NEW]... [--deep-link FILE] --json`. Set
/// `RESTORE_INSPECT` to run them against another implementation of the same contract.
@Suite("Restoration cases")
struct RestorationCaseTests {
    /// The case folder, found from this source file (not a bundle resource), so that the same
    /// files can be run by anything that reads them.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("RestorationCases")

    static let caseNames: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".json") }
        .sorted()

    @Test func theFolderHoldsACaseForEveryTableRowAndSeedSystem() {
        #expect(Self.caseNames.count >= 41, "\(Self.folder.path): \(Self.caseNames.count) cases")
        for prefix in ["v1-", "drilldown-", "stack-", "split-", "tabs-", "presentation-", "tree-", "rename-", "seed-sgb", "seed-tidysplits-merge",
                       "seed-tidysplits-omit-detail", "seed-indexdetail-collapsed", "seed-indexdetail-expanded",
                       "seed-split-or-flip", "seed-reinstate", "deeplink-stack-", "deeplink-drilldown-", "deeplink-split-", "deeplink-tabs-",
                       "deeplink-presentation-"] {
            #expect(Self.caseNames.contains { $0.hasPrefix(prefix) }, "no case for \(prefix)")
        }
    }

    /// The rule tables of the DocC article "The restoration rules" (the README links it) name their
    /// case in the last column: every name there is a file here, and every file here is in a table.
    @Test(arguments: ["Sources/Restack/Restack.docc/TheRestorationRules.md"])
    func theRuleTablesAndTheCaseFilesNameTheSameCases(_ document: String) throws {
        let root = Self.folder.deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let files = Set(Self.caseNames.map { String($0.dropLast(".json".count)) })
        var named = Set<String>()
        for line in text.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 3 else { continue }
            // The last column's `code` spans that look like case names.
            for part in cells[cells.count - 2].split(separator: "`").enumerated() where part.offset % 2 == 1 {
                if ["v1-", "drilldown-", "stack-", "split-", "tabs-", "presentation-", "tree-", "rename-", "seed-", "deeplink-"].contains(where: part.element.hasPrefix) {
                    named.insert(String(part.element))
                }
            }
        }
        #expect(named.subtracting(files).isEmpty, "named in \(document) but missing: \(named.subtracting(files).sorted())")
        #expect(files.subtracting(named).isEmpty, "case files no table of \(document) names: \(files.subtracting(named).sorted())")
    }

    @Test(arguments: caseNames)
    func planMatchesTheExpectedPlan(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let required: Set<String> = ["description", "state", "knownClasses", "layout", "expectedPlan"]
        #expect(Set(file.keys).subtracting(["aliases", "deepLink"]) == required, "\(name): the case-file keys")
        let state = try #require(file["state"])
        let layout = try #require(file["layout"] as? String)
        var arguments = ["plan", "--input", "-", "--layout", layout, "--json"]
        switch file["knownClasses"] {
        case let all as String where all == "all":
            break
        case let names as [String] where !names.isEmpty:
            arguments += names.flatMap { ["--known-class", $0] }
        default:
            Issue.record("\(name): knownClasses must be \"all\" or a non-empty list of class names")
            return
        }
        // "aliases": [["OldName", "NewName"], ...], each pair one --alias OLD=NEW (split at the
        // first "=", so an old name cannot hold one).
        if let aliases = file["aliases"] {
            guard let pairs = aliases as? [[String]], !pairs.isEmpty,
                  pairs.allSatisfy({ $0.count == 2 && !$0[0].isEmpty && !$0[1].isEmpty && !$0[0].contains("=") }) else {
                Issue.record("\(name): aliases must be a non-empty list of [old, new] pairs of non-empty names, no = in an old name")
                return
            }
            arguments += pairs.flatMap { ["--alias", "\($0[0])=\($0[1])"] }
        }
        // "deepLink": a deep link ({"path": [...], "push": [...]}), given as --deep-link FILE.
        let scratch = try Scratch()
        if let link = file["deepLink"] {
            arguments += ["--deep-link", scratch.write("link.json", String(decoding: try JSONSerialization.data(withJSONObject: link), as: UTF8.self))]
        }
        let result = try CLI.run(arguments, stdin: try JSONSerialization.data(withJSONObject: state))
        #expect(result.status == 0, "\(name): \(result.stderr)")
        let actual = try JSONDecoder().decode(JSONValue.self, from: Data(result.stdout.utf8))
        let expected = try JSONDecoder().decode(JSONValue.self, from: JSONSerialization.data(withJSONObject: try #require(file["expectedPlan"])))
        #expect(actual == expected, "\(name): \(file["description"] ?? "")\n\(actual.differences(from: expected).joined(separator: "\n"))")
    }
}

/// A JSON value compared strictly: `true` is not `1`, `1` is not `1.5`, keys are unordered.
enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONKey.self) {
            var values: [String: JSONValue] = [:]
            for key in object.allKeys {
                values[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(values)
        } else if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd {
                values.append(try array.decode(JSONValue.self))
            }
            self = .array(values)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    /// Where two values differ, as `path: actual != expected` lines.
    func differences(from expected: JSONValue, at path: String = "") -> [String] {
        switch (self, expected) {
        case let (.object(a), .object(b)):
            return Set(a.keys).union(b.keys).sorted().flatMap { key -> [String] in
                switch (a[key], b[key]) {
                case let (x?, y?): x.differences(from: y, at: "\(path).\(key)")
                case (nil, _): ["\(path).\(key): missing"]
                case (_, nil): ["\(path).\(key): not expected"]
                }
            }
        case let (.array(a), .array(b)) where a.count == b.count:
            return zip(a, b).enumerated().flatMap { $1.0.differences(from: $1.1, at: "\(path)[\($0)]") }
        default:
            return self == expected ? [] : ["\(path): \(self) != \(expected)"]
        }
    }
}

private struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
