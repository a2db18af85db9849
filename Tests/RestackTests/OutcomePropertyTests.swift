import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// Rule 2 with every outcome over random trees: a resolver built from aliases and a payload check
/// renames, refuses and finds stale payloads, and the plan matches an oracle written apart from the
/// restorer; renamed plans are stable when planned again. Bodies run through `checkProperty`: a throw fails.
@Suite("Resolver outcome properties")
struct OutcomePropertyTests {
    /// The generators' classes: nil, InboxController, MessageController, GoneController and
    /// "Café\0Controller" with a precomposed é.
    static let precomposed = "Caf\u{E9}\u{0}Controller"
    static let decomposed = "Cafe\u{301}\u{0}Controller"

    /// MessageController was renamed MailController, and the precomposed name its decomposed
    /// twin (a different name byte for byte). An inbox's payload is stale when its length is odd.
    static var resolver: RecordResolver {
        let aliases = try! ClassAliases([.init(old: "MessageController", new: "MailController"), .init(old: precomposed, new: decomposed)])
        return RecordResolver { (record: RestorationRecord) -> ResolverOutcome in
            let bytes = record.className.map { Array($0.utf8) }
            if bytes == Array("InboxController".utf8) {
                return (record.payload?.count ?? 0) % 2 == 0 ? .rebuild : .stalePayload
            }
            return bytes == Array("MailController".utf8) || bytes == Array(decomposed.utf8) ? .rebuild : .classGone
        }.renaming(aliases)
    }

    /// What the oracle expects of one record the resolver is asked about.
    enum Fate: Equatable {
        case kept, renamed(from: String, to: String), dropped(DropReason)
    }

    /// The oracle: each record's fate from its identifier, its saved class and payload, and its
    /// ancestors', in document order.
    static func expectedFates(_ tree: RestorationTree) -> [(path: RecordPath, fate: Fate)] {
        var fates: [(RecordPath, Fate)] = []
        var dead = Set<RecordPath>()
        var brokenChains = chainsWithoutBase(tree)
        let truncation = Truncation(tree)
        for (path, record) in tree.allRecords {
            let fate: Fate
            let parent = RecordPath(Array(path.steps.dropLast()))
            if dead.contains(parent) {
                fate = .dropped(.ancestorDropped)
            } else if truncation.isCutAbove(path) && brokenChains.contains(parent) {
                fate = .dropped(.truncated)
            } else if record.identifier == nil {
                fate = .dropped(.missingIdentifier)
            } else if record.identifier == "" {
                fate = .dropped(.emptyIdentifier)
            } else {
                switch record.className.map({ Array($0.utf8) }) {
                case Array("InboxController".utf8)?:
                    fate = (record.payload?.count ?? 0) % 2 == 0 ? .kept : .dropped(.stalePayload)
                case Array("MessageController".utf8)?:
                    fate = .renamed(from: "MessageController", to: "MailController")
                case Array(precomposed.utf8)?:
                    fate = .renamed(from: precomposed, to: decomposed)
                default:
                    fate = .dropped(.unresolvedClass)
                }
            }
            if case .dropped = fate {
                dead.insert(path)
                if truncation.cuts(path) { brokenChains.insert(parent) }
            }
            fates.append((path, fate))
        }
        return fates
    }

    @Test func everyOutcomeIsPlannedAsTheOracleSays() async {
        var counts: [String: Int] = [:]
        await checkProperty(count: 300, input: zip(TreeGenerators.tree, TreeGenerators.layout)) { tree, layout in
            let plan = Restorer.plan(tree, layout: layout, resolver: Self.resolver)
            let fates = Self.expectedFates(tree)
            let restored = Dictionary(plan.restoredRecords.map { ($0.from, $0) }, uniquingKeysWith: { a, _ in a })
            let dropped = Dictionary(plan.dropped.map { ($0.path, $0.reason) }, uniquingKeysWith: { a, _ in a })
            #expect(plan.restoredRecords.count + plan.dropped.count == tree.recordCount)
            for (path, fate) in fates {
                switch fate {
                case .kept:
                    counts["kept", default: 0] += 1
                    #expect(restored[path]?.renamedFrom == nil && restored[path] != nil, "\(path)")
                case .renamed(let from, let to):
                    counts["renamed", default: 0] += 1
                    #expect(restored[path]?.renamedFrom.map { Array($0.utf8) } == Array(from.utf8), "\(path)")
                    #expect(restored[path]?.record.className.map { Array($0.utf8) } == Array(to.utf8), "\(path)")
                case .dropped(let reason):
                    counts[reason.rawValue, default: 0] += 1
                    #expect(dropped[path] == reason, "\(path)")
                }
            }
        }
        print("outcome properties: \(counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        for kind in ["kept", "renamed", "stale-payload", "unresolved-class", "ancestor-dropped"] {
            #expect(counts[kind, default: 0] > 0, "the generator reaches \(kind)")
        }
    }

    @Test func aRenamedPlanIsStableWhenPlannedAgain() async {
        await checkProperty(count: 300, input: zip(TreeGenerators.tree, TreeGenerators.layout)) { tree, layout in
            let plan = Restorer.plan(tree, layout: layout, resolver: Self.resolver)
            guard let restored = plan.restoredTree else {
                Issue.record("a supported tree gives a root")
                return
            }
            let again = Restorer.plan(restored, layout: layout, resolver: Self.resolver)
            #expect(again.dropped.isEmpty)
            #expect(again.restoredTree == restored, "the restored records carry their new class names")
            #expect(again.restoredRecords.allSatisfy { $0.renamedFrom == nil })
            #expect(again.restoredRecords.map(\.record.identifier) == plan.restoredRecords.map(\.record.identifier))
        }
    }

    @Test func theDrillDownViewShowsTheSameOutcomes() async {
        await checkProperty(count: 300, input: Generators.state) { state in
            let v1 = Restorer.plan(state, resolver: Self.resolver)
            let v2 = Restorer.plan(RestorationTree(root: state.root), resolver: Self.resolver)
            #expect(v1.left.map(\.record) + (v1.right.map { [$0.record] } ?? []) == v2.restoredRecords.map(\.record))
            #expect(v1.left.map(\.renamedFrom) + (v1.right.map { [$0.renamedFrom] } ?? []) == v2.restoredRecords.map(\.renamedFrom))
            #expect(v1.dropped.map(\.reason) == v2.dropped.map(\.reason))
            // The JSON has renamedFrom exactly for the renamed records.
            let json = String(decoding: v1.jsonData(), as: UTF8.self)
            let renamed = v1.left.filter { $0.renamedFrom != nil }.count + (v1.right?.renamedFrom != nil ? 1 : 0)
            #expect(json.components(separatedBy: "\"renamedFrom\"").count - 1 == renamed)
        }
    }
}
