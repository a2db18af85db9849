import Foundation
import Restack
import Testing

/// Every setting a kind declares reaches every output as its declaration says, with nothing but
/// the declaration: the state file, `show` and `show --json`, `plan` and `plan --json`, the
/// picture, and `diff`. The tree and what is expected of it are made from the declarations
/// alone, so a setting added to a kind is checked here with no change to this test.
@Suite("every declared setting in every output")
struct DeclaredSettingOutputTests {
    /// One container of the tree: its record's identifier, its kind, and each setting with the
    /// value it holds.
    struct Expected {
        var owner: String
        var kind: ContainerKindName
        var settings: [(declaration: ContainerSettingDeclaration, value: ContainerSetting)]
    }

    /// A stack of one record per kind that declares settings, each holding a container of that
    /// kind whose sequences hold two records and single slots one, every setting away from its
    /// default (a choice's first other value, an index's second element); and the same tree
    /// with every setting at its default (an index at the first element).
    static func trees() -> (tree: RestorationTree, defaults: RestorationTree, expected: [Expected]) {
        var records: [RestorationRecord] = [], defaults: [RestorationRecord] = []
        var expected: [Expected] = []
        for kind in ContainerKindName.allCases where !kind.definition.settingDeclarations.isEmpty {
            let definition = kind.definition
            let slots = definition.slots.map { slot in
                (0..<(slot.isSequence ? 2 : 1)).map { RestorationRecord(identifier: "\(kind.rawValue)-\(slot.name)-\($0)", className: "Known") }
            }
            let settings: [(declaration: ContainerSettingDeclaration, value: ContainerSetting)] = definition.settingDeclarations.map { declaration in
                switch declaration.values {
                case .choice(let names): (declaration, .text(names.first { .text($0) != declaration.defaultValue }!))
                case .index: (declaration, .integer(1))
                }
            }
            let owner = "own-\(kind.rawValue)"
            let container = RestorationContainer(kind: kind, slots: slots, settings: settings.map(\.value))
            let atDefault = RestorationContainer(kind: kind, slots: slots, settings: settings.map { $0.declaration.defaultValue ?? .integer(0) })
            records.append(RestorationRecord(identifier: owner, className: "Known", container: container))
            defaults.append(RestorationRecord(identifier: owner, className: "Known", container: atDefault))
            expected.append(Expected(owner: owner, kind: kind, settings: settings))
        }
        return (RestorationTree(root: .stack(StackContainer(records: records))), RestorationTree(root: .stack(StackContainer(records: defaults))), expected)
    }

    /// The record of a `show --json` or a state file's container-holding record whose
    /// identifier is `owner`, with its container.
    static func container(of owner: String, in records: [[String: Any]]) -> [String: Any]? {
        records.first { $0["identifier"] as? String == owner }?["container"] as? [String: Any]
    }

    @Test func everyDeclaredSettingIsWrittenShownPlannedAndDiffedAsDeclared() throws {
        let (tree, defaults, expected) = Self.trees()
        #expect(Set(expected.map(\.kind)) == Set(ContainerKindName.allCases.filter { !$0.definition.settingDeclarations.isEmpty }))
        let scratch = try Scratch()
        let file = scratch.write("tree.json", String(decoding: StateFile.encode(tree), as: UTF8.self))
        let atDefault = scratch.write("defaults.json", String(decoding: StateFile.encode(defaults), as: UTF8.self))
        let store = scratch.path("s.sqlite")
        #expect(try CLI.run(["import", "--db", store, "--session", "s", "--input", file]).status == 0)

        let state = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        let stateRecords = try #require((state["root"] as? [String: Any])?["records"] as? [[String: Any]])
        let show = try CLI.run(["show", "--db", store, "--session", "s"])
        let shown = try #require(try CLI.run(["show", "--db", store, "--session", "s", "--json"]).json as? [String: Any])
        let shownRecords = try #require(shown["records"] as? [[String: Any]])
        let plan = try CLI.run(["plan", "--input", file])
        let planned = try #require(try CLI.run(["plan", "--input", file, "--json"]).json as? [String: Any])
        let plannedRecords = try #require((planned["root"] as? [String: Any])?["records"] as? [[String: Any]])
        let picture = try CLI.run(["plan", "--input", file, "--picture", "--color", "never"])
        let diff = try #require(try CLI.run(["diff", "--input", atDefault, "--input", file, "--json"]).json as? [String: Any])
        let changed = try #require(diff["containers"] as? [[String: Any]])

        for container in expected {
            let inFile = try #require(Self.container(of: container.owner, in: stateRecords), "\(container.kind)")
            let inShow = try #require(Self.container(of: container.owner, in: shownRecords), "\(container.kind)")
            let inPlan = try #require(Self.container(of: container.owner, in: plannedRecords), "\(container.kind)")
            let fields = (changed.first { $0["path"] as? String == "records[\(expected.firstIndex { $0.owner == container.owner }!)]" }?["changes"]
                as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
            for (declaration, value) in container.settings {
                let name = declaration.name, place = "\(container.kind.rawValue).\(name)"
                let json: Any = switch value {
                case .text(let text): text
                case .integer(let number): number
                case .bool(let flag): flag
                }
                #expect((inFile[name] as? NSObject)?.isEqual(json) == true, "the state file writes \(place)")
                #expect((inShow[name] as? NSObject)?.isEqual(json) == true, "show --json shows \(place): \(inShow)")
                #expect(show.stdout.contains("\(name) \(value.text)"), "show shows \(place)")
                let stated = (inPlan[name] as? NSObject)?.isEqual(json) == true
                #expect(stated == (declaration.plan != .textOnly), "plan --json states \(place) as declared: \(inPlan)")
                #expect(plan.stdout.contains("\(name) \(value.text)"), "plan states \(place)")
                #expect(fields.contains(name), "diff names \(place): \(fields)")
                if declaration.isFocus {
                    #expect(picture.stdout.contains("\(value.text) (focus)"), "the picture marks the focus of \(place)")
                }
            }
        }
    }
}
