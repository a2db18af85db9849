/// A navigation stack: records bottom (root) first, and what a record that does not restore
/// does to the records above it.
///
/// ```swift
/// // A navigator's stack: each screen was pushed from the one below it, so nothing above a
/// // screen that cannot come back is shown (Flutter's "up to the first unrestorable").
/// let path = RestorationContainer.stack(StackContainer(records: screens, afterDrop: .truncate))
/// ```
public struct StackContainer: Hashable, Sendable {
    /// What a stack does with the records above one that is not restored.
    public enum AfterDrop: String, Hashable, Sendable, CaseIterable {
        /// The gap closes: the records above it stay, in order (rule 4), as SGB's drill-down and
        /// UIKit's navigation controllers restore. The default; a state file without the key
        /// means this.
        case closeGap
        /// The stack ends below it: every record above it is dropped `truncated`, whatever its
        /// own identifier or class (rule 12), as a navigator whose screens were each pushed
        /// from the one below: SwiftUI's `NavigationPath`, a `[Route]` array, Flutter.
        case truncate
    }

    /// The stack, bottom first.
    public var records: [RestorationRecord]
    /// What a record that is not restored does to the records above it.
    public var afterDrop: AfterDrop

    /// Creates a stack.
    ///
    /// - Parameters:
    ///   - records: The stack, bottom first.
    ///   - afterDrop: What a record that is not restored does to the records above it; the gap
    ///     closes by default.
    public init(records: [RestorationRecord], afterDrop: AfterDrop = .closeGap) {
        self.records = records
        self.afterDrop = afterDrop
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
    package static let settingNames = ["afterDrop"]
    /// `afterDrop` is written only as `truncate`: files, plans and stored rows made before the
    /// setting existed keep every byte.
    package static let unwrittenDefaults: [String: ContainerSetting] = ["afterDrop": .text(AfterDrop.closeGap.rawValue)]

    package var slotContents: [[RestorationRecord]] { [records] }
    package var settings: [ContainerSetting?] { [.text(afterDrop.rawValue)] }
    package var container: RestorationContainer { .stack(self) }

    package static func decoded(_ slots: [[RestorationRecord]], settings: JSONSettings) throws -> StackContainer {
        StackContainer(records: slots[0], afterDrop: try settings.choice("afterDrop", default: AfterDrop.closeGap))
    }

    /// A stored stack without the setting (every stack saved before it existed) closes gaps.
    package static func stored(_ slots: [[RestorationRecord]], settings: [String: ContainerSetting]) throws(ContainerKindProblem) -> StackContainer {
        switch settings["afterDrop"] {
        case nil:
            return StackContainer(records: slots[0])
        case .text(let name)?:
            guard let afterDrop = AfterDrop(rawValue: name) else { fallthrough }
            return StackContainer(records: slots[0], afterDrop: afterDrop)
        default:
            throw ContainerKindProblem(setting: "afterDrop", phrase: "has no valid after-drop rule")
        }
    }

    /// Rules 1 to 4 (`closeGap`), or rules 1 to 3 up the stack until a record is not restored
    /// and rule 12 above it (`truncate`).
    package func plan(_ planner: inout SlotPlanner) -> (content: PlannedContainer.Content, notes: [RestorationPlan.Note.Kind]) {
        switch afterDrop {
        case .closeGap: (.stack(records: planner.sequence(0), afterDrop: afterDrop), [])
        case .truncate: (.stack(records: planner.truncatingSequence(0), afterDrop: afterDrop), [])
        }
    }

    /// A stack shows as it is in every layout: no arrangement (rule 8). A plan writes
    /// `afterDrop` only for a truncating stack.
    package static func parts(records: [PlannedRecord], afterDrop: AfterDrop) -> PlannedParts {
        PlannedParts(slots: [records], settings: afterDrop == .truncate ? [("afterDrop", .text(afterDrop.rawValue))] : [],
                     restore: { .stack(StackContainer(records: records.map(\.restoredRecord), afterDrop: afterDrop)) }, compact: nil)
    }
}

extension StackContainer {
    /// A deep link reveals a record of a stack by popping every record above it.
    package static func revealing(_ index: Int, replacedBy replacement: PlannedRecord, in content: PlannedContainer.Content) -> DeepLinkReveal {
        guard case .stack(let records, let afterDrop) = content else { preconditionFailure("not a stack: \(content.kind)") }
        return DeepLinkReveal(content: .stack(records: Array(records[..<index]) + [replacement], afterDrop: afterDrop),
                              popped: Array(records[(index + 1)...]), notes: [])
    }

    /// A deep link pushes onto the top of a stack. A pushed record not restored leaves no gap
    /// (`closeGap`), or drops every record pushed after it `truncated` (`truncate`), as in the
    /// restore.
    package static func pushing(_ pusher: inout DeepLinkPusher, onto content: PlannedContainer.Content) -> DeepLinkPush {
        guard case .stack(let records, let afterDrop) = content else { preconditionFailure("not a stack: \(content.kind)") }
        return .pushed(.stack(records: records + pusher.plan(truncating: afterDrop == .truncate), afterDrop: afterDrop), notes: [])
    }
}
