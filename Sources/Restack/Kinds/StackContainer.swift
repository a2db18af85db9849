/// A navigation stack: records bottom (root) first.
public struct StackContainer: Hashable, Sendable {
    /// The stack, bottom first.
    public var records: [RestorationRecord]

    /// Creates a stack.
    public init(records: [RestorationRecord]) {
        self.records = records
    }
}

extension RecordPath.Step {
    /// A position in a stack: `records[i]`.
    public static func records(_ index: Int) -> RecordPath.Step { RecordPath.Step("records", index) }
}

extension StackContainer: ContainerKind {
    package static let kind = RestorationContainer.Kind.stack
    package static let noun = "stack"
    package static let slots = [ContainerSlot(name: "records", isSequence: true, isRequired: true)]
    package static let settingNames: [String] = []

    package var slotContents: [[RestorationRecord]] { [records] }
    package var settings: [ContainerSetting?] { [] }
    package var container: RestorationContainer { .stack(self) }

    package static func decoded(_ slots: [[RestorationRecord]], settings: JSONSettings) throws -> StackContainer {
        StackContainer(records: slots[0])
    }

    package static func stored(_ slots: [[RestorationRecord]], settings: [String: ContainerSetting]) throws(ContainerKindProblem) -> StackContainer {
        StackContainer(records: slots[0])
    }

    /// Rules 1 to 4; a stack has no rule of its own.
    package func plan(_ planner: inout SlotPlanner) -> (content: PlannedContainer.Content, notes: [RestorationPlan.Note.Kind]) {
        (.stack(records: planner.sequence(0)), [])
    }

    /// A stack shows as it is in every layout: no arrangement (rule 8).
    package static func parts(records: [PlannedRecord]) -> PlannedParts {
        PlannedParts(slots: [records], settings: [], restore: { .stack(StackContainer(records: records.map(\.restoredRecord))) }, compact: nil)
    }
}

extension StackContainer {
    /// A deep link reveals a record of a stack by popping every record above it.
    package static func revealing(_ index: Int, replacedBy replacement: PlannedRecord, in content: PlannedContainer.Content) -> DeepLinkReveal {
        guard case .stack(let records) = content else { preconditionFailure("not a stack: \(content.kind)") }
        return DeepLinkReveal(content: .stack(records: Array(records[..<index]) + [replacement]),
                              popped: Array(records[(index + 1)...]), notes: [])
    }

    /// A deep link pushes onto the top of a stack; a pushed record not restored leaves no gap.
    package static func pushing(_ pusher: inout DeepLinkPusher, onto content: PlannedContainer.Content) -> DeepLinkPush {
        guard case .stack(let records) = content else { preconditionFailure("not a stack: \(content.kind)") }
        return .pushed(.stack(records: records + pusher.plan(truncating: false)), notes: [])
    }
}
