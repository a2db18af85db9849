import Foundation
import Restack
import Testing

/// `plan --input` is a thin shell: for random trees, what it prints is byte for byte the
/// library's plan JSON.
@Suite("plan --input is the library's plan")
struct PlanThinShellTests {
    /// A small deterministic tree from a seed (SplitMix64): every kind, nil and duplicate
    /// identifiers, a class the resolver below does not know.
    static func tree(seed: UInt64) -> RestorationTree {
        var state = seed
        func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        func record(_ level: Int) -> RestorationRecord {
            let id = [nil, "", "a", "b", "nav", "x\u{0}\u{202E}"][next(6)]
            let cls = ["Known", "Gone", "Known"][next(3)]
            return RestorationRecord(identifier: id, className: cls, container: level < 4 && next(3) == 0 ? container(level + 1) : nil)
        }
        func records(_ level: Int) -> [RestorationRecord] {
            (0..<next(4)).map { _ in record(level) }
        }
        func container(_ level: Int) -> RestorationContainer {
            switch next(4) {
            case 0: return .drillDown(DrillDownContainer(left: records(level), right: next(2) == 0 ? record(level) : nil))
            case 1: return .stack(StackContainer(records: records(level)))
            case 2: return .split(SplitContainer(primary: records(level), detail: records(level),
                                                 focus: next(2) == 0 ? .primary : .detail,
                                                 compact: [.merge, .omitDetail, .focus][next(3)]))
            default:
                let tabs = records(level)
                return .tabs(TabsContainer(tabs: tabs, selected: tabs.isEmpty ? nil : next(tabs.count)))
            }
        }
        return RestorationTree(root: container(1))
    }

    @Test func theCLIPrintsExactlyTheLibrarysPlan() throws {
        for seed in UInt64(0)..<40 {
            let tree = Self.tree(seed: seed)
            let layout: Layout = seed % 2 == 0 ? .compact : .regular
            let result = try CLI.run(["plan", "--input", "-", "--layout", layout.rawValue, "--known-class", "Known", "--json"],
                                     stdin: StateFile.encode(tree))
            #expect(result.status == 0, "seed \(seed): \(result.stderr)")
            let expected = Restorer.plan(tree, layout: layout, resolver: .knownClasses(["Known"])).jsonData()
            #expect(result.stdout == String(decoding: expected, as: UTF8.self), "seed \(seed)")
        }
    }
}
