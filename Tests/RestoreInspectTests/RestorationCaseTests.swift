import Foundation
import RestackTestSupport
import Testing

/// The restoration edge cases as data: each file of `Tests/RestorationCases/` holds a state, the
/// classes the app knows (or "all"), optionally class aliases, a layout, optionally a deep link,
/// and the expected plan, and is run through the real
/// `restore-inspect plan --input FILE --layout L [--known-class C]... [--alias OLD=NEW]... [--policy CLASS=POLICY]...
/// [--snapshot-age AGE] [--deep-link FILE] --json`. A case's `linkFrom` is another device's
/// state and layout: `plan --as-link` makes it the link (compared with its `expectedLink`), which
/// is then the case's `--deep-link`. A
/// state that is a JSON array is a SwiftUI NavigationPath representation, given as `JSONEncoder`
/// writes it; its case also holds `expectedRestored`, what `plan --restored` prints (the path
/// written back). Set `RESTORE_INSPECT` to run them against another implementation of the same
/// contract.
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
        for prefix in ["v1-", "drilldown-", "stack-", "path-", "split-", "tabs-", "presentation-", "tree-", "rename-", "seed-sgb", "seed-tidysplits-merge",
                       "seed-tidysplits-omit-detail", "seed-indexdetail-collapsed", "seed-indexdetail-expanded",
                       "seed-split-or-flip", "seed-reinstate", "deeplink-stack-", "deeplink-drilldown-", "deeplink-split-", "deeplink-tabs-",
                       "deeplink-presentation-", "columns-", "deeplink-columns-", "policy-stack-", "policy-tabs-", "policy-split-",
                       "policy-drilldown-", "policy-presentation-", "policy-columns-", "budget-", "link-stack-", "link-split-",
                       "link-tabs-", "link-columns-"] {
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
                if ["v1-", "drilldown-", "stack-", "path-", "split-", "columns-", "tabs-", "presentation-", "tree-", "rename-", "seed-", "deeplink-", "policy-", "budget-", "link-"].contains(where: part.element.hasPrefix) {
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
        let state = try #require(file["state"])
        let path = state as? [String]
        let required = Set(["description", "state", "knownClasses", "layout", "expectedPlan"] + (path != nil ? ["expectedRestored"] : []))
        #expect(Set(file.keys).subtracting(["aliases", "deepLink", "linkFrom", "policies", "snapshotAge"]) == required, "\(name): the case-file keys")
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
        // "policies": ["CLASS=POLICY", ...], each one --policy; "snapshotAge": an age, --snapshot-age.
        if let policies = file["policies"] {
            guard let entries = policies as? [String], !entries.isEmpty else {
                Issue.record("\(name): policies must be a non-empty list of CLASS=POLICY strings")
                return
            }
            arguments += entries.flatMap { ["--policy", $0] }
        }
        if let age = file["snapshotAge"] {
            guard let age = age as? String else {
                Issue.record("\(name): snapshotAge must be an age such as 2h")
                return
            }
            arguments += ["--snapshot-age", age]
        }
        // "deepLink": a deep link ({"path": [...], "push": [...]}), given as --deep-link FILE.
        let scratch = try Scratch()
        if let link = file["deepLink"] {
            #expect(file["linkFrom"] == nil, "\(name): a deepLink or a linkFrom, not both")
            arguments += ["--deep-link", scratch.write("link.json", String(decoding: try JSONSerialization.data(withJSONObject: link), as: UTF8.self))]
        }
        // "linkFrom": {"state", "layout", "expectedLink"}: the other device's screen as a link, by
        // `plan --as-link`, merged here.
        if let from = file["linkFrom"] {
            let from = try #require(from as? [String: Any], "\(name): linkFrom is an object")
            #expect(Set(from.keys) == ["state", "layout", "expectedLink"], "\(name): the linkFrom keys")
            let fromLayout = try #require(from["layout"] as? String)
            let made = try CLI.run(["plan", "--input", "-", "--layout", fromLayout, "--as-link"], stdin: JSONSerialization.data(withJSONObject: try #require(from["state"])))
            #expect(made.status == 0 && made.stderr.isEmpty, "\(name): \(made.stderr)")
            let link = try JSONDecoder().decode(JSONValue.self, from: Data(made.stdout.utf8))
            let expectedLink = try JSONDecoder().decode(JSONValue.self, from: JSONSerialization.data(withJSONObject: try #require(from["expectedLink"])))
            #expect(link == expectedLink, "\(name): the link\n\(link.differences(from: expectedLink).joined(separator: "\n"))")
            arguments += ["--deep-link", scratch.write("link.json", made.stdout)]
        }
        // A path goes in as SwiftUI's own JSONEncoder writes it, so that it can come back byte for byte.
        let input = try path.map { try JSONEncoder().encode($0) } ?? JSONSerialization.data(withJSONObject: state)
        let result = try CLI.run(arguments, stdin: input)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        if path != nil {
            let expectedRestored = try #require(file["expectedRestored"] as? String)
            let restored = try CLI.run(arguments.filter { $0 != "--json" } + ["--restored"], stdin: input)
            #expect(restored.status == 0, "\(name): \(restored.stderr)")
            #expect(restored.stdout == expectedRestored + "\n", "\(name): --restored")
            // Restored whole and with no class renamed, a path is written back exactly as it was read.
            let dropped = (file["expectedPlan"] as? [String: Any])?["dropped"] as? [Any]
            if dropped?.isEmpty == true && file["aliases"] == nil {
                #expect(Data(restored.stdout.utf8) == input + Data("\n".utf8), "\(name): a path restored whole comes back byte for byte")
            }
        }
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
