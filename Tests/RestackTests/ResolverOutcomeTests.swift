import Foundation
import Restack
import Testing

/// Rule 2 with outcomes: a resolver says rebuild, class gone, stale payload or renamed, and the
/// plan shows each, in format 1 and format 2, in Swift and in JSON.
@Suite("Resolver outcomes")
struct ResolverOutcomeTests {
    let state = RestorationTree.drillDown(
        left: [rec("a"), rec("b"), rec("c"), rec("d")],
        right: rec("r")
    )

    /// a rebuilds, b's class is gone, c's payload is stale, d and r are renamed.
    func outcome(_ record: RestorationRecord) -> ResolverOutcome {
        switch record.identifier {
        case "b": .classGone
        case "c": .stalePayload
        case "d", "r": .renamed(to: "New\(record.className ?? "")")
        default: .rebuild
        }
    }

    @Test func eachOutcomeIsShownInAFormatOnePlan() throws {
        let plan = Restorer.plan(state, resolver: RecordResolver(outcome))
        #expect(plan.left.map(\.record.identifier) == ["a", "d"])
        #expect(plan.left.map(\.record.className) == ["aController", "NewdController"])
        #expect(plan.left.map(\.renamedFrom) == [nil, "dController"])
        #expect(plan.right?.record.className == "NewrController")
        #expect(plan.right?.renamedFrom == "rController")
        #expect(drops(plan) == ["left[1]:unresolved-class", "left[2]:stale-payload"])
        // The renamed record keeps its identifier and payload.
        // Guarded: a wrong plan fails this test, it does not trap the whole test process.
        try #require(plan.left.count > 1 && state.left.count > 3)
        #expect(plan.left[1].record.payload == state.left[3].payload)
    }

    @Test func aResolverValueGivesTheSamePlanAsTheClosure() {
        let resolver = RecordResolver { (record: RestorationRecord) -> ResolverOutcome in
            switch record.identifier {
            case "b": .classGone
            case "c": .stalePayload
            case "d", "r": .renamed(to: "New\(record.className ?? "")")
            default: .rebuild
            }
        }
        #expect(Restorer.plan(state, resolver: resolver) == Restorer.plan(state, resolver: RecordResolver(outcome)))
        #expect(resolver.outcome(for: rec("d")).rebuilds)
        #expect(!resolver.outcome(for: rec("c")).rebuilds)
    }

    @Test func eachOutcomeIsShownInATreePlanWithItsPath() {
        let saved = tree(split([node("a"), node("nav", stack(node("c"), node("d", stack(node("e")))))], [node("b", stack(node("x")))]))
        let plan = Restorer.plan(saved, resolver: RecordResolver { record, _ in outcome(record) })
        #expect(plan.drops == ["primary[1]/records[0]:stale-payload", "detail[0]:unresolved-class", "detail[0]/records[0]:ancestor-dropped"])
        let renamed = plan.restoredRecords.filter { $0.renamedFrom != nil }
        #expect(renamed.map(\.from.description) == ["primary[1]/records[1]"])
        #expect(renamed.map(\.record.className) == ["NewdController"])
        #expect(renamed.first?.container?.children.map(\.record.identifier) == ["e"], "a renamed record's container is planned")
    }

    @Test func yesOrNoResolversStillCompileAndMeanRebuildOrClassGone() {
        let byBool = Restorer.plan(state, resolver: RecordResolver { record in record.identifier != "b" })
        #expect(drops(byBool) == ["left[1]:unresolved-class"])
        let byPath = Restorer.plan(tree(stack(node("a"), node("b"))), resolver: RecordResolver { record, path in path != ["b"] })
        #expect(byPath.drops == ["records[1]:unresolved-class"])
        #expect(ResolverOutcome(canRebuild: true) == .rebuild)
        #expect(ResolverOutcome(canRebuild: false) == .classGone)
    }

    @Test func outcomeClosuresNeedNoTypeAnnotation() {
        // Single-expression closures of outcomes pick the outcome overloads by themselves.
        let resolver = RecordResolver { record in record.identifier == "b" ? .stalePayload : .rebuild }
        let pathResolver = RecordResolver { record, path in path.count > 1 ? .classGone : .renamed(to: "X") }
        #expect(drops(Restorer.plan(state, resolver: resolver)) == ["left[1]:stale-payload"])
        #expect(drops(Restorer.plan(state, resolver: RecordResolver { _ in .stalePayload })).count == 5)
        #expect(Restorer.plan(tree(stack(node("a"))), resolver: pathResolver).restoredRecords.first?.renamedFrom == "aController")
        #expect(Restorer.plan(tree(stack(node("a"))), resolver: RecordResolver { _, _ in .classGone }).drops == ["records[0]:unresolved-class"])
    }

    @Test func renamingToTheSavedNameIsARebuildAndANilClassCannotBeRenamed() {
        let plan = Restorer.plan(
            RestorationTree.drillDown(left: [rec("a"), RestorationRecord(identifier: "n", className: nil)]),
            resolver: RecordResolver { record in .renamed(to: record.className ?? "Something") }
        )
        #expect(plan.left.map(\.renamedFrom) == [nil])
        #expect(plan.left.map(\.record.className) == ["aController"])
        #expect(drops(plan) == ["left[1]:unresolved-class"])
    }

    @Test func renamesCompareNamesByteForByte() {
        // "é" precomposed and decomposed are different names: renaming one to the other renames.
        let saved = RestorationRecord(identifier: "a", className: "Caf\u{E9}")
        let plan = Restorer.plan(RestorationTree.drillDown(left: [saved]), resolver: RecordResolver { _ in .renamed(to: "Cafe\u{301}") })
        #expect(plan.left.first?.renamedFrom == "Caf\u{E9}")
        #expect(plan.left.first?.record.className.map { Array($0.utf8) } == Array("Cafe\u{301}".utf8))
        #expect(ResolverOutcome.renamed(to: "Caf\u{E9}") != .renamed(to: "Cafe\u{301}"))
        let entry = PlannedRecord(record: saved, from: .left(index: 0), container: nil, renamedFrom: "Caf\u{E9}")
        #expect(entry != PlannedRecord(record: saved, from: .left(index: 0), container: nil, renamedFrom: "Cafe\u{301}"))
    }

    @Test func planningARenamedPlanAgainIsStable() throws {
        let aliases = try ClassAliases(["dController": "NewdController", "rController": "NewrController"])
        let resolver = RecordResolver.knownClasses(["aController", "NewdController", "NewrController"], aliases: aliases)
        let first = Restorer.plan(state, resolver: resolver)
        #expect(first.left.map(\.renamedFrom) == [nil, "dController"])
        let again = Restorer.plan(try #require(first.restoredTree), resolver: resolver)
        #expect(again.dropped.isEmpty)
        #expect(again.left.map(\.record) == first.left.map(\.record), "the restored records carry the new class name")
        #expect(again.left.map(\.renamedFrom) == [nil, nil])
        #expect(again.right?.record == first.right?.record)

        let saved = tree(tabs([node("d", stack(node("r"))), node("a")], selected: 0))
        let treePlan = Restorer.plan(saved, resolver: resolver)
        let treeAgain = Restorer.plan(try #require(treePlan.restoredTree), resolver: resolver)
        #expect(treeAgain.dropped.isEmpty)
        #expect(treeAgain.restoredTree == treePlan.restoredTree)
        #expect(treeAgain.restoredRecords.allSatisfy { $0.renamedFrom == nil })
    }

    @Test func renamedFromIsInBothPlanJSONsOnlyWhenARecordIsRenamed() throws {
        let one = String(decoding: Restorer.plan(state, resolver: RecordResolver(outcome)).jsonData(), as: UTF8.self)
        #expect(one.contains(#""renamedFrom" : "dController""#))
        #expect(one.contains(#""renamedFrom" : "rController""#))
        #expect(one.components(separatedBy: "renamedFrom").count == 3)
        let plain = String(decoding: Restorer.plan(state).jsonData(), as: UTF8.self)
        #expect(!plain.contains("renamedFrom"))

        let two = String(decoding: Restorer.plan(tree(stack(node("d"), node("a"))), resolver: RecordResolver { record, _ in outcome(record) }).jsonData(), as: UTF8.self)
        #expect(two.contains(#""renamedFrom" : "dController""#))
        #expect(two.components(separatedBy: "renamedFrom").count == 2)
        #expect(two.contains(#""class" : "NewdController""#))
    }
}
