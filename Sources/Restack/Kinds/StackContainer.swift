/// A navigation stack: elements bottom (root) first, and what a record that does not restore
/// does to the records above it.
///
/// ```swift
/// // A navigator's stack: each screen was pushed from the one below it, so nothing above a
/// // screen that cannot come back is shown (Flutter's "up to the first unrestorable").
/// let path = RestorationContainer.stack(StackContainer(records: screens, afterDrop: .truncate))
/// ```
public struct StackContainer<Element> {
    /// The stack, bottom first.
    public var records: [Element]
    /// What a record that is not restored does to the records above it.
    public var afterDrop: StackAfterDrop

    /// Creates a stack.
    ///
    /// - Parameters:
    ///   - records: The stack, bottom first.
    ///   - afterDrop: What a record that is not restored does to the records above it; the gap
    ///     closes by default.
    public init(records: [Element], afterDrop: StackAfterDrop = .closeGap) {
        self.records = records
        self.afterDrop = afterDrop
    }
}

extension StackContainer: Equatable where Element: Equatable {}
extension StackContainer: Hashable where Element: Hashable {}
extension StackContainer: Sendable where Element: Sendable {}

/// What a stack does with the records above one that is not restored.
public enum StackAfterDrop: String, Hashable, Sendable, CaseIterable {
    /// The gap closes: the records above it stay, in order (rule 4), as SGB's drill-down and
    /// UIKit's navigation controllers restore. The default; a state file without the key
    /// means this.
    case closeGap
    /// The stack ends below it: every record above it is dropped `truncated`, whatever its
    /// own identifier or class (rule 12), as a navigator whose screens were each pushed
    /// from the one below: SwiftUI's `NavigationPath`, a `[Route]` array, Flutter.
    case truncate
}

extension RecordPath.Step {
    /// A position in a stack: `records[i]`.
    package static func records(_ index: Int) -> RecordPath.Step { RecordPath.Step("records", index) }
}

extension StackContainer: ContainerKind {
    package static var kind: ContainerKindName { .stack }
    package static var noun: String { "stack" }
    package static var slots: [ContainerSlot] { [ContainerSlot(name: "records", isSequence: true, isRequired: true)] }
    /// `afterDrop` is written in files, rows and plans only as `truncate` (files, plans and
    /// stored rows made before the setting existed keep every byte), and stated for a stack not
    /// restored too.
    package mutating func visitSettings(_ visitor: inout some ContainerSettingVisitor) {
        visitor.choice("afterDrop", &afterDrop, default: .closeGap, writtenAtDefault: false, plan: .awayFromDefault, noun: "after-drop rule")
    }

    package var slotContents: [[Element]] { [records] }
    package init(slotContents: [[Element]]) {
        self.init(records: slotContents[0])
    }
    package var container: Container<Element> { .stack(self) }

    /// Rules 1 to 4 (`closeGap`), or rules 1 to 3 up the stack until a record is not restored
    /// and rule 12 above it (`truncate`). A stack shows as it is in every layout: no
    /// arrangement (rule 8).
    package func plan(_ planner: inout SlotPlanner) -> (content: Container<PlannedRecord>, notes: [RestorationPlan.Note.Kind]) {
        let records = switch afterDrop {
        case .closeGap: planner.sequence(0)
        case .truncate: planner.truncatingSequence(0)
        }
        return (.stack(StackContainer<PlannedRecord>(slotContents: [records], settings: settings)), [])
    }

    /// A deep link reveals an element of a stack by popping every element above it.
    package func revealing(_ index: Int, replacedBy replacement: Element) -> DeepLinkReveal<Element> {
        var result = self
        result.records = Array(records[..<index]) + [replacement]
        return DeepLinkReveal(content: .stack(result), popped: Array(records[(index + 1)...]), notes: [])
    }

    /// A deep link pushes onto the top of a stack. A pushed record not restored leaves no gap
    /// (`closeGap`), or drops every record pushed after it `truncated` (`truncate`), as in the
    /// restore.
    package var pushTarget: DeepLinkTarget { .here(truncating: afterDrop == .truncate) }

    /// The stack is the sequence: the records already shown directly above the revealed one (or
    /// anywhere in the stack, when the path revealed none of it) stay, what is above them is
    /// popped, the rest goes on top.
    package func pushing(_ pushed: [Element], revealing candidates: [Int], same: (Element, Element) -> Bool) -> DeepLinkPush<Element> {
        let applied = DeepLinkRun.apply(pushed, onto: records, revealing: candidates, same: same)
        var result = self
        result.records = applied.sequence
        return applied.push(.stack(result))
    }
}

// MARK: - Drawing

extension StackContainer {
    /// One column; a stack that truncates says so in its title (and its plan row, restored or
    /// not: ``PlanStatement/awayFromDefault``).
    package var drawing: ContainerDrawing {
        ContainerDrawing(titleSuffix: afterDrop == .truncate ? "truncates" : nil,
                         body: .panes([ContainerDrawing.Pane(title: "stack", slots: Self.slots.map(\.name))]))
    }
}
