import Restack
import Testing

/// Rule 7: duplicate identifiers are kept and reported.
@Suite("Rule 7: duplicate identifiers")
struct DuplicateIdentifierTests {
    @Test func duplicatesAreKeptAndReportedWithTheirSlots() {
        let state = DrillDownState(left: [rec("A"), rec("B"), rec("A")], right: rec("A"))
        let plan = Restorer.plan(for: state)
        #expect(leftIDs(plan) == ["A", "B", "A"])
        #expect(plan.right?.record.identifier == "A")
        #expect(plan.warnings == [.duplicateIdentifier("A", slots: [.left(index: 0), .left(index: 2), .right])])
        #expect(plan.dropped.isEmpty)
    }

    @Test func aDroppedDuplicateIsNotReported() {
        let state = DrillDownState(left: [rec("A"), rec("A")])
        let plan = Restorer.plan(for: state) { _ in false }
        #expect(plan.warnings.isEmpty)
    }

    @Test func warningsFollowTheOrderIdentifiersFirstAppear() {
        let state = DrillDownState(left: [rec("B"), rec("A"), rec("B"), rec("A")])
        let identifiers = Restorer.plan(for: state).warnings.map { warning -> String in
            guard case .duplicateIdentifier(let id, _) = warning else { return "" }
            return id
        }
        #expect(identifiers == ["B", "A"])
    }
}
