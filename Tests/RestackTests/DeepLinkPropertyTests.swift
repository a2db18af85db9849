import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// The deep-link rules over random trees (every kind, four levels, hostile identifiers): a link
/// to any restored record loses nothing without a reason, and a link that does not match changes
/// nothing.
@Suite("Deep links: properties")
struct DeepLinkPropertyTests {
    /// The identifier path of the restored record at index `choice` (modulo their count): the
    /// identifiers of the restored records whose containers hold it, then its own.
    static func identifierPath(to choice: Int, in plan: RestorationPlan) -> [String]? {
        let restored = plan.restoredRecords
        guard !restored.isEmpty else { return nil }
        let target = restored[choice % restored.count]
        var byPath: [RecordPath: String] = [:]
        for record in restored { byPath[record.from] = record.record.identifier }
        return (1...target.from.steps.count).map { byPath[RecordPath(Array(target.from.steps.prefix($0)))]! }
    }

    static let pushed = RestorationRecord(identifier: "pushed-by-link", className: "PushedController")

    @Test func aLinkToAnyRestoredRecordLosesNothingWithoutAReasonAndReplansClean() async {
        var matched = 0
        await checkProperty(count: 300, input: zip(TreeGenerators.tree, TreeGenerators.layout, Gen.int(in: 0...1_000))) { tree, layout, choice in
            let plan = Restorer.plan(tree, layout: layout, resolver: TreePropertyTests.resolver)
            guard let path = Self.identifierPath(to: choice, in: plan) else { return }
            let merged = plan.merging(DeepLink(path: path, push: [Self.pushed]), resolver: .acceptAll)
            #expect(merged.form == .tree)
            #expect(Array(merged.dropped.prefix(plan.dropped.count)) == plan.dropped, "the restore's drops come first, unchanged")
            let kept = Set(merged.restoredRecords.filter { !$0.isFromDeepLink }.map(\.from))
            let linkDrops = merged.dropped.dropFirst(plan.dropped.count)
            let lost = Set(linkDrops.filter { !$0.path.isInDeepLink }.map(\.path))
            #expect(linkDrops.allSatisfy { $0.reason == .deepLinkPopped || $0.reason == .ancestorDropped })
            #expect(kept.union(lost) == Set(plan.restoredRecords.map(\.from)) && kept.isDisjoint(with: lost),
                    "every restored record is kept or dropped by the link with a reason")
            let unmatched = merged.notes.contains { $0.kind == .deepLinkUnmatched || $0.kind == .deepLinkNoStack }
            if unmatched {
                // Only a duplicated identifier on the way can lead the walk elsewhere; then nothing changed.
                #expect(merged.root == plan.root)
            } else {
                matched += 1
                #expect(merged.restoredRecords.filter(\.isFromDeepLink).map(\.record) == [Self.pushed])
                #expect(merged.notes.contains { $0.kind == .deepLinkPushed })
            }
            if let restored = merged.restoredTree {
                #expect(Restorer.plan(restored, layout: layout).dropped.isEmpty, "planning the merged tree again drops nothing")
            }
        }
        #expect(matched > 100, "most random links match: \(matched)")
    }

    @Test func aLinkThatDoesNotMatchChangesNothingAndAsksNothing() async {
        await checkProperty(count: 300, input: zip(TreeGenerators.tree, TreeGenerators.layout, Gen.int(in: 0...1_000))) { tree, layout, choice in
            let plan = Restorer.plan(tree, layout: layout, resolver: TreePropertyTests.resolver)
            // "e\u{301}" is not "é": identifiers match byte for byte, and no generated one is this.
            let missing = "\u{0}e\u{301}"
            let path = (Self.identifierPath(to: choice, in: plan) ?? []) + [missing]
            var asked = 0
            let merged = plan.merging(DeepLink(path: path, push: [Self.pushed]), resolver: RecordResolver { (_: RestorationRecord) in
                asked += 1
                return true
            })
            var expected = plan
            expected.form = .tree
            #expect(merged.notes.last?.kind == .deepLinkUnmatched)
            // The missing identifier, or an earlier one when a duplicate led the walk elsewhere.
            #expect(merged.notes.last?.identifier.map(path.contains) == true)
            expected.notes.append(merged.notes.last!)
            #expect(merged == expected)
            #expect(asked == 0)
        }
    }

    @Test func identifiersMatchByteForByte() {
        let plan = Restorer.plan(RestorationTree(root: .stack(StackContainer(records: [
            RestorationRecord(identifier: "caf\u{E9}", className: "A"), RestorationRecord(identifier: "x", className: "B"),
        ]))))
        #expect(plan.merging(DeepLink(path: ["cafe\u{301}"])).notes.map(\.kind) == [.deepLinkUnmatched], "NFD does not match NFC")
        #expect(plan.merging(DeepLink(path: ["caf\u{E9}"])).dropped.map(\.reason) == [.deepLinkPopped])
    }
}
