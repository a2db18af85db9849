import Foundation
import Restack
import Testing

/// A setting is declared once, in its kind's file (``ContainerKind/visitSettings(_:)``), and
/// everything else comes from the declaration: these tests count the places a setting is
/// written, and check what the declarations promise the rest of the package.
@Suite("a setting is declared once")
struct SettingDeclarationTests {
    /// The package's folder, from this file's.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file of `Sources`, by path from the package's folder, with its lines that are
    /// not comments.
    static func sources() throws -> [(path: String, code: [Substring])] {
        let folder = root.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        var result: [(path: String, code: [Substring])] = []
        for case let file as String in enumerator where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.drop { $0 == " " }.hasPrefix("//") }
            result.append(("Sources/\(file)", code))
        }
        return result.sorted { $0.path < $1.path }
    }

    /// The places other than a kind's declaration where a setting's name may be spelled, and
    /// why: the tree format's closed numbering of names (never edited), the raw SQLite baseline
    /// of the bench (an app's own hand-written code, by design), and another thing that shares
    /// the name `compact` (the plan's arrangement key, which is why a split's `compact` is
    /// stated in the plan's text only).
    static let otherPlaces: [(path: String, name: String?)] = [
        ("Sources/RestackStore/Schema/ReleasedNames.swift", nil),
        ("Sources/restack-bench/Subjects/RawSQLite+Tree.swift", nil),
        ("Sources/Restack/Interchange/PlanJSON+Tree.swift", "compact"),
    ]

    /// Counts the places: the name of every setting a kind declares is spelled, as a string,
    /// once in the file of each kind that declares it, and nowhere else in the package's
    /// sources but ``otherPlaces``. A hand list of settings elsewhere (a command naming the
    /// settings it shows, a lookup of one by its name) fails here: it would miss a setting
    /// added to a kind.
    @Test func aSettingsNameIsWrittenOnlyInItsKindsDeclaration() throws {
        var declaring: [String: Set<String>] = [:]   // setting name: the files of the kinds that declare it
        for kind in ContainerKindName.allCases {
            let type = String(describing: kind.definition).prefix { $0 != "<" }
            for name in kind.definition.settingNames {
                declaring[name, default: []].insert("Sources/Restack/Kinds/\(type).swift")
            }
        }
        #expect(declaring.count >= 4 && declaring.values.allSatisfy { !$0.isEmpty }, "\(declaring)")
        let sources = try Self.sources()
        #expect(sources.count > 100, "\(Self.root.path)")
        for (name, files) in declaring {
            for (path, code) in sources {
                let count = code.map { $0.components(separatedBy: "\"\(name)\"").count - 1 }.reduce(0, +)
                if files.contains(path) {
                    #expect(count == 1, "\(path) spells \"\(name)\" \(count) times: once, in its declaration")
                } else if !Self.otherPlaces.contains(where: { $0.path == path && ($0.name == nil || $0.name == name) }) {
                    #expect(count == 0, "\(path) spells the setting \"\(name)\": its kind's declaration is the only place")
                }
            }
        }
    }

    /// The places that make a container of a kind from settings named by hand, by file, and
    /// why each may: a new container whose settings come from an app's own state or the demo's
    /// (a setting added later takes its default there, as a state file without its key does),
    /// format 1's codec (a fixed format: the drill-down it reads holds no setting) and the
    /// empty drill-down a plan of format 1 falls back to. Every other file counts none.
    static let handMadeContainers: [String: Int] = [
        "Sources/Restack/Model/RestorationTree.swift": 2,                // format 1's form; a navigation path's stack, truncating
        "Sources/Restack/Routes/RouteCoding.swift": 2,                   // a stack of an app's routes
        "Sources/Restack/Interchange/StateDocument.swift": 1,            // format 1's codec
        "Sources/Restack/Interchange/PlanJSON+DrillDown.swift": 1,       // format 1's plan: an empty fallback
        "Sources/RestackTerminalText/PlanText.swift": 1,                 // format 1's plan: an empty fallback
        "Sources/RestackStore/Schema/DocumentRows+DrillDown.swift": 2,   // format 1's codec
        "Sources/RestackStore/Navigation/TabNavigation.swift": 2,        // an app's tabs
        "Sources/RestackStore/Navigation/SplitNavigation.swift": 2,      // an app's split or columns
        "Sources/RestackTestSupport/DamagedRows.swift": 4,               // a fixture's tree
        "Sources/restore-inspect/Demo/DemoSessions.swift": 14,           // the demo's trees
        "Sources/restack-bench/Subjects/BenchStates.swift": 4,           // the bench's trees
        "Sources/restack-bench/Subjects/WriteWorkload.swift": 2,
        "Sources/restack-bench/Subjects/RawSQLite+Tree.swift": 4,        // an app's hand-written SQLite code, by design
    ]

    /// Counts the places that make a container of a kind from settings named by hand (a call of
    /// its initializer other than ``ContainerKind/init(slotContents:settings:)``: `Kind(…)`,
    /// `Kind<Element>(…)`, `.init(<first slot>: …)`, or `Self(…)` in the kind's own file): only
    /// ``handMadeContainers``. A plan, a deep link's reveal or push, a codec of the current format
    /// or the store's reading rebuilds a container from itself (`var result = self`) or from its
    /// parts, so that every setting a kind declares, one added later included, goes through it:
    /// a plan that rebuilt a stack as `StackContainer(records: records, afterDrop: afterDrop)`
    /// would drop a stack's next setting at every restore, and fails here.
    @Test func aContainerIsRebuiltFromItsOwnPartsOnly() throws {
        var types: [String] = [], firstLabels: [String] = []
        for kind in ContainerKindName.allCases {
            types.append(String(String(describing: kind.definition).prefix { $0 != "<" }))
            firstLabels.append(try #require(kind.definition.slots.first).name)
        }
        let typeCall = try NSRegularExpression(pattern: "\\b(\(types.joined(separator: "|")))(<[^<>()]*>)?\\(\\s*+(?!slotContents:)")
        let initCall = try NSRegularExpression(pattern: "(?<!self)\\.init\\(\\s*(\(firstLabels.joined(separator: "|"))):")
        let selfCall = try NSRegularExpression(pattern: "\\bSelf\\(\\s*+(?!slotContents:)")
        var counted: [String: Int] = [:]
        for (path, code) in try Self.sources() {
            let text = code.joined(separator: "\n")
            let range = NSRange(text.startIndex..., in: text)
            let isKindsOwnFile = types.contains { path == "Sources/Restack/Kinds/\($0).swift" }
            let count = typeCall.numberOfMatches(in: text, range: range) + initCall.numberOfMatches(in: text, range: range)
                + (isKindsOwnFile ? selfCall.numberOfMatches(in: text, range: range) : 0)
            if count > 0 { counted[path] = count }
        }
        #expect(types.count == ContainerKindName.allCases.count && counted.values.reduce(0, +) > 10, "\(types) \(counted)")
        for path in Set(counted.keys).union(Self.handMadeContainers.keys).sorted() {
            #expect(counted[path, default: 0] == Self.handMadeContainers[path, default: 0],
                    "\(path) makes \(counted[path, default: 0]) containers from settings named by hand (\(Self.handMadeContainers[path, default: 0]) known): rebuild one from itself or from its parts (init(slotContents:settings:)), so that a setting added to its kind goes through")
        }
    }

    /// What the declarations promise: a focus names the kind's slots; an index indexes a slot of
    /// its kind; a default is one of the setting's values; names are unique within a kind and
    /// are no slot's name (both are keys of the same object in a state file).
    @Test func everyDeclarationIsConsistentWithItsKind() {
        for kind in ContainerKindName.allCases {
            let definition = kind.definition
            let slots = definition.slots.map(\.name)
            let declarations = definition.settingDeclarations
            #expect(Set(declarations.map(\.name)).count == declarations.count, "\(kind)")
            #expect(Set(declarations.map(\.name)).isDisjoint(with: slots + ["kind"]), "\(kind)")
            for declaration in declarations {
                switch declaration.values {
                case .choice(let names):
                    #expect(declaration.defaultValue.map { names.map(ContainerSetting.text).contains($0) } == true, "\(kind).\(declaration.name)")
                    if declaration.isFocus {
                        #expect(Set(names).isSubset(of: slots), "\(kind).\(declaration.name) names slots")
                    }
                case .index(let slot):
                    #expect(slots.contains(slot) && declaration.defaultValue == nil && !declaration.isFocus, "\(kind).\(declaration.name)")
                }
            }
            #expect(declarations.filter(\.isFocus).count <= 1, "\(kind): one focus at most")
        }
    }
}
