import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// Plans, resolver outcomes and alias tables as `Hashable` values (an app may keep them in a set
/// or use them as keys): equal values hash alike whatever they were made from, and names are
/// compared and hashed byte for byte, so two spellings of one name are two values.
@Suite("plans, outcomes and aliases as hashable values")
struct HashableValueTests {
    /// A plan's value is what it restores, not the tree and links it came from: a plan, the same
    /// plan merged with the empty link, and a plan made with the initializer from its values are
    /// one value, with one hash, in a set once.
    @Test func equalPlansHashAlikeWhateverTheyCameFrom() async {
        await checkProperty(count: 200, input: zip(TreeGenerators.tree, TreeGenerators.layout)) { tree, layout in
            let plan = Restorer.plan(tree, layout: layout, resolver: TreePropertyTests.resolver)
            let merged = plan.merging(DeepLink(), resolver: TreePropertyTests.resolver)
            #expect(merged == plan)
            #expect(merged.hashValue == plan.hashValue)
            #expect(Set([plan, merged, Restorer.plan(tree, layout: layout, resolver: TreePropertyTests.resolver)]).count == 1)
            // The same values through the initializer, which knows nothing of the source.
            let made = RestorationPlan(formatVersion: plan.formatVersion, form: plan.form, layout: plan.layout, root: plan.root,
                                       dropped: plan.dropped, notes: plan.notes, warnings: plan.warnings)
            #expect(made == plan)
            #expect(made.hashValue == plan.hashValue)
            for record in plan.restoredRecords {
                #expect(Set([record, record]).count == 1)
                #expect(record.hashValue == record.hashValue)
            }
        }
    }

    /// "é" precomposed and "e" + a combining accent are equal Swift strings but different bytes:
    /// in notes and in a record's former class name they are different values.
    @Test func twoSpellingsOfANameAreTwoValues() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed, "Swift's String calls them equal: the plan must not")
        let notes = [composed, decomposed].map { RestorationPlan.Note(kind: .deepLinkUnmatched, path: RecordPath([]), identifier: $0) }
        #expect(notes[0] != notes[1])
        #expect(Set(notes).count == 2)
        #expect(Set(notes + notes).count == 2)
        let record = RestorationRecord(identifier: "inbox", className: "InboxController")
        let planned = [composed, decomposed].map { PlannedRecord(record: record, from: RecordPath([.records(0)]), container: nil, renamedFrom: $0) }
        #expect(planned[0] != planned[1])
        #expect(Set(planned + planned).count == 2)
        #expect(Dictionary(planned.map { ($0, 1) }, uniquingKeysWith: +).values.sorted() == [1, 1])
    }

    @Test func resolverOutcomesAreOneValueEachAndRenamesCompareBytes() {
        let outcomes: [ResolverOutcome] = [.rebuild, .classGone, .stalePayload, .renamed(to: "caf\u{E9}"), .renamed(to: "cafe\u{301}")]
        #expect(Set(outcomes + outcomes).count == outcomes.count)
        for (index, outcome) in outcomes.enumerated() {
            #expect(outcomes.firstIndex(of: outcome) == index)
        }
        #expect(Set([ResolverOutcome(canRebuild: true), .rebuild, ResolverOutcome(canRebuild: false), .classGone]).count == 2)
    }

    /// A table is its set of pairs: the order they were given in is not part of its value.
    @Test func aliasTablesAreTheirSetOfPairs() throws {
        let forward = try ClassAliases(["A": "B", "C": "D", "E": "F"])
        let backward = try ClassAliases(["E": "F", "C": "D", "A": "B"])
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(Set([forward, backward]).count == 1)
        #expect(!forward.isEmpty)
        #expect(ClassAliases().isEmpty)
        #expect(try ClassAliases([String: String]().map { ClassAliases.Pair(old: $0.key, new: $0.value) }).isEmpty)
        let composed = try ClassAliases(["caf\u{E9}": "Cafe"]), decomposed = try ClassAliases(["cafe\u{301}": "Cafe"])
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed, ClassAliases()]).count == 3)
    }
}
