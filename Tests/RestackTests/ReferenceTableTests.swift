import Restack
import Testing

/// Every row of the consequences table in `shared/reference/restoration-rules.md`, under the v1
/// rules (which agree with SGBDrillDownController on every row of that table).
@Suite("SGB reference table")
struct ReferenceTableTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var left: [String?]
        var right: String??
        var restoredLeft: [String]
        var restoredRight: String?
        var promoted: Bool
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "all valid", left: ["A", "B", "C"], right: .some("R"),
            restoredLeft: ["A", "B", "C"], restoredRight: "R", promoted: false),
        Row(name: "invalid bottom two, no right", left: [nil, nil, "C", "D", "E"], right: .none,
            restoredLeft: ["C", "D", "E"], restoredRight: nil, promoted: false),
        Row(name: "gap in the middle closes", left: ["A", nil, "C"], right: .some("R"),
            restoredLeft: ["A", "C"], restoredRight: "R", promoted: false),
        Row(name: "empty identifier at the bottom", left: ["", "B"], right: .some("R"),
            restoredLeft: ["B"], restoredRight: "R", promoted: false),
        Row(name: "no valid left: right becomes sole left", left: [nil, nil], right: .some("R"),
            restoredLeft: ["R"], restoredRight: nil, promoted: true),
        Row(name: "invalid right: left kept, nothing promoted", left: ["A", "B"], right: .some(nil),
            restoredLeft: ["A", "B"], restoredRight: nil, promoted: false),
        Row(name: "nothing valid", left: [nil, nil], right: .some(nil),
            restoredLeft: [], restoredRight: nil, promoted: false),
    ]

    @Test(arguments: rows)
    func row(_ row: Row) {
        let state = RestorationTree.drillDown(left: row.left.map { rec($0) }, right: row.right.map { rec($0) })
        let plan = Restorer.plan(state)
        #expect(leftIDs(plan) == row.restoredLeft)
        #expect(plan.right?.record.identifier == row.restoredRight)
        #expect(plan.rightPromotedToLeft == row.promoted)
        #expect(plan.left.count + (plan.right == nil ? 0 : 1) + plan.dropped.count == state.recordCount)
    }

    @Test func dropReasonsNameTheSlotAndTheCause() {
        let state = RestorationTree.drillDown(left: [rec(""), rec(nil), rec("C")], right: rec(nil))
        let plan = Restorer.plan(state)
        #expect(drops(plan) == ["left[0]:empty-identifier", "left[1]:missing-identifier", "right:missing-identifier"])
    }

    @Test func survivorsRememberTheSlotTheyWereSavedIn() {
        let plan = Restorer.plan(RestorationTree.drillDown(left: [rec(nil), rec("B"), rec(nil), rec("D")], right: rec("R")))
        #expect(plan.left.map(\.from) == [.left(index: 1), .left(index: 3)])
        #expect(plan.right?.from == .right)
    }

    @Test func promotedRightComesFromTheRightSlot() {
        let plan = Restorer.plan(RestorationTree.drillDown(left: [], right: rec("R")))
        #expect(plan.left.map(\.from) == [.right])
        #expect(plan.right == nil)
        #expect(plan.rightPromotedToLeft)
    }

    @Test func emptyStateRestoresEmpty() {
        let plan = Restorer.plan(.drillDown(left: []))
        #expect(plan.left.isEmpty && plan.right == nil && plan.dropped.isEmpty && plan.warnings.isEmpty)
        #expect(plan.notes.isEmpty)
    }
}
