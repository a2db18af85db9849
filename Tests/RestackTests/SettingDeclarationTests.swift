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
    /// of the bench (an app's own hand-written code, by design), and two other things that
    /// share the name `compact` (the plan's arrangement key, which is why a split's `compact`
    /// is stated in the plan's text only; restack-mail's layout).
    static let otherPlaces: [(path: String, name: String?)] = [
        ("Sources/RestackStore/Schema/ReleasedNames.swift", nil),
        ("Sources/restack-bench/Subjects/RawSQLite+Tree.swift", nil),
        ("Sources/Restack/Interchange/PlanJSON+Tree.swift", "compact"),
        ("Sources/restack-mail/Renderer.swift", "compact"),
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
