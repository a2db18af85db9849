import Restack
import Testing

/// Rule 1: a record is restorable iff its identifier is non-nil and non-empty.
@Suite("Rule 1: identifier validity")
struct IdentifierValidityTests {
    @Test(arguments: [" ", "\t", "\n", "   ", "\u{00A0}", "\u{200B}"])
    func whitespaceOnlyIsValid(_ identifier: String) {
        let plan = Restorer.plan(RestorationTree.drillDown(left: [rec(identifier)]))
        #expect(leftIDs(plan) == [identifier])
        #expect(plan.dropped.isEmpty)
    }

    @Test func nilIsMissingAndEmptyIsEmpty() {
        let plan = Restorer.plan(RestorationTree.drillDown(left: [rec(nil), rec("")]))
        #expect(plan.dropped.map(\.reason) == [.missingIdentifier, .emptyIdentifier])
    }

    @Test func identifiersAreNotNormalised() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed, "Swift's String equality is canonical equivalence")
        let plan = Restorer.plan(RestorationTree.drillDown(left: [rec(composed), rec(decomposed)]))
        #expect(plan.warnings.isEmpty, "different bytes are different identifiers")
        #expect(plan.left.map { Array($0.record.identifier!.utf8) } == [Array(composed.utf8), Array(decomposed.utf8)])
        #expect(rec(composed) != rec(decomposed))
    }
}
