/// A drill-down container: a left stack and an optional right record, as SGBDrillDownController
/// keeps them. A format-1 drill-down (``RestorationTree/drillDown(formatVersion:left:right:)``) is
/// a tree whose root is one of these.
public struct DrillDownContainer: Hashable, Sendable {
    /// The left stack, bottom (root) first.
    public var left: [RestorationRecord]
    /// The record in the right slot, if there is one.
    public var right: RestorationRecord?

    /// Creates a drill-down container.
    public init(left: [RestorationRecord], right: RestorationRecord? = nil) {
        self.left = left
        self.right = right
    }
}

extension RecordPath.Step {
    /// A position in a drill-down's left stack: `left[i]`.
    public static func left(_ index: Int) -> RecordPath.Step { RecordPath.Step("left", index) }
    /// A drill-down's right slot: `right`.
    public static let right = RecordPath.Step("right", nil)
}

extension DrillDownContainer: ContainerKind {
    package static let kind = RestorationContainer.Kind.drillDown
    package static let noun = "drill-down"
    package static let slots = [ContainerSlot(name: "left", isSequence: true, isRequired: true),
                        ContainerSlot(name: "right", isSequence: false, isRequired: false)]
    package static let settingNames: [String] = []

    package var slotContents: [[RestorationRecord]] { [left, right.map { [$0] } ?? []] }
    package var settings: [ContainerSetting?] { [] }
    package var container: RestorationContainer { .drillDown(self) }

    package static func decoded(_ slots: [[RestorationRecord]], settings: JSONSettings) throws -> DrillDownContainer {
        DrillDownContainer(left: slots[0], right: slots[1].first)
    }

    package static func stored(_ slots: [[RestorationRecord]], settings: [String: ContainerSetting]) throws(ContainerKindProblem) -> DrillDownContainer {
        DrillDownContainer(left: slots[0], right: slots[1].first)
    }

    /// Rules 1 to 4 on both slots, then rule 5.
    package func plan(_ planner: inout SlotPlanner) -> (content: PlannedContainer.Content, notes: [RestorationPlan.Note.Kind]) {
        var left = planner.sequence(0)
        var right = planner.single(1)
        let promoted = Restorer.promoteLoneRight(left: &left, right: &right)
        return (.drillDown(left: left, right: right), promoted ? [.rightPromoted] : [])
    }

    /// Rule 8 for a drill-down: one stack, left then right; nothing hidden.
    package static func parts(left: [PlannedRecord], right: PlannedRecord?) -> PlannedParts {
        let all = left + (right.map { [$0] } ?? [])
        return PlannedParts(
            slots: [left, right.map { [$0] } ?? []], settings: [],
            restore: { .drillDown(DrillDownContainer(left: left.map(\.restoredRecord), right: right?.restoredRecord)) },
            compact: CompactArrangement(stack: all.map(\.from), hidden: [])
        )
    }
}

extension Restorer {
    /// Rule 5 (`drillDown`): a lone surviving right record becomes the sole left
    /// record. A dropped right leaves the left as it is; nothing ever moves into the right slot.
    /// Returns whether the right record was moved.
    static func promoteLoneRight<Entry>(left: inout [Entry], right: inout Entry?) -> Bool {
        guard left.isEmpty, let lone = right else { return false }
        left = [lone]
        right = nil
        return true
    }
}
