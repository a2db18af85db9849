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

extension DrillDownContainer {
    /// A deep link reveals a record of a drill-down's one sequence, left then right: the right
    /// record is revealed as it is; a left record by popping the left records above it and the
    /// right one, so that it is the top of the left stack and the right slot is empty (nothing
    /// moves into the right slot, as in rule 5).
    package static func revealing(_ index: Int, replacedBy replacement: PlannedRecord, in content: PlannedContainer.Content) -> DeepLinkReveal {
        guard case .drillDown(let left, let right) = content else { preconditionFailure("not a drill-down: \(content.kind)") }
        guard index < left.count else {
            return DeepLinkReveal(content: .drillDown(left: left, right: replacement), popped: [], notes: [])
        }
        return DeepLinkReveal(content: .drillDown(left: Array(left[..<index]) + [replacement], right: nil),
                              popped: Array(left[(index + 1)...]) + (right.map { [$0] } ?? []), notes: [])
    }

    /// A deep link pushes onto a drill-down as SGBDrillDownController's push does, one record at
    /// a time (``Restorer/drillDownPush(_:left:right:)``).
    package static func pushing(_ pusher: inout DeepLinkPusher, onto content: PlannedContainer.Content) -> DeepLinkPush {
        guard case .drillDown(var left, var right) = content else { preconditionFailure("not a drill-down: \(content.kind)") }
        for record in pusher.plan(truncating: false) {
            Restorer.drillDownPush(record, left: &left, right: &right)
        }
        return .pushed(.drillDown(left: left, right: right), notes: [])
    }
}

extension Restorer {
    /// SGBDrillDownController's push: onto an empty drill-down, the record goes on the left;
    /// beside a left stack with no right, it becomes the right; otherwise the old right moves to
    /// the top of the left stack and the record becomes the right.
    static func drillDownPush<Entry>(_ entry: Entry, left: inout [Entry], right: inout Entry?) {
        if left.isEmpty {
            left = [entry]
        } else if let old = right {
            left.append(old)
            right = entry
        } else {
            right = entry
        }
    }
}
