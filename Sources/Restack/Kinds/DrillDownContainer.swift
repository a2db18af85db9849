/// A drill-down container: a left stack and an optional right element, as SGBDrillDownController
/// keeps them. A format-1 state is a tree of format version 1 whose root is one of these
/// (``RestorationTree/Form/drillDown``).
public struct DrillDownContainer<Element> {
    /// The left stack, bottom (root) first.
    public var left: [Element]
    /// The element in the right slot, if there is one.
    public var right: Element?

    /// Creates a drill-down container.
    public init(left: [Element], right: Element? = nil) {
        self.left = left
        self.right = right
    }
}

extension DrillDownContainer: Equatable where Element: Equatable {}
extension DrillDownContainer: Hashable where Element: Hashable {}
extension DrillDownContainer: Sendable where Element: Sendable {}

extension RecordPath.Step {
    /// A position in a drill-down's left stack: `left[i]`.
    package static func left(_ index: Int) -> RecordPath.Step { RecordPath.Step("left", index) }
    /// A drill-down's right slot: `right`.
    package static let right = RecordPath.Step("right", nil)
}

extension DrillDownContainer: ContainerKind {
    package static var kind: ContainerKindName { .drillDown }
    package static var noun: String { "drill-down" }
    package static var slots: [ContainerSlot] {
        [ContainerSlot(name: "left", isSequence: true, isRequired: true), ContainerSlot(name: "right", isSequence: false, isRequired: false)]
    }
    package mutating func visitSettings(_ visitor: inout some ContainerSettingVisitor) {}

    package var slotContents: [[Element]] { [left, right.map { [$0] } ?? []] }
    package init(slotContents: [[Element]]) {
        self.init(left: slotContents[0], right: slotContents[1].first)
    }
    package var container: Container<Element> { .drillDown(self) }

    /// Rules 1 to 4 on both slots, then rule 5: nothing moves into the right slot; a lone
    /// surviving right record becomes the sole left record (noted `right-promoted`).
    package func plan(_ planner: inout SlotPlanner) -> (content: Container<PlannedRecord>, notes: [RestorationPlan.Note.Kind]) {
        let left = planner.sequence(0)
        let right = planner.single(1)
        if left.isEmpty, let lone = right {
            return (.drillDown(DrillDownContainer<PlannedRecord>(slotContents: [[lone], []], settings: settings)), [.rightPromoted])
        }
        return (.drillDown(DrillDownContainer<PlannedRecord>(slotContents: [left, right.map { [$0] } ?? []], settings: settings)), [])
    }

    /// Rule 8 for a drill-down: one stack, left then right; nothing hidden. Drawn as a pane
    /// per slot (the default drawing); a right record promoted to the left (rule 5) is drawn
    /// where it restores.
    package var compactArrangement: (stack: [Element], hidden: [Element])? {
        (left + (right.map { [$0] } ?? []), [])
    }

    /// A deep link reveals an element of a drill-down's one sequence, left then right: the right
    /// element is revealed as it is; a left element by popping the left elements above it and
    /// the right one, so that it is the top of the left stack and the right slot is empty
    /// (nothing moves into the right slot, as in rule 5).
    package func revealing(_ index: Int, replacedBy replacement: Element) -> DeepLinkReveal<Element> {
        var result = self
        guard index < left.count else {
            result.right = replacement
            return DeepLinkReveal(content: .drillDown(result), popped: [], notes: [])
        }
        (result.left, result.right) = (Array(left[..<index]) + [replacement], nil)
        return DeepLinkReveal(content: .drillDown(result), popped: Array(left[(index + 1)...]) + (right.map { [$0] } ?? []), notes: [])
    }

    package var pushTarget: DeepLinkTarget { .here(truncating: false) }

    /// A deep link pushes onto a drill-down as SGBDrillDownController's push does, one element
    /// at a time: onto an empty drill-down, it goes on the left; beside a left stack with no
    /// right, it becomes the right; otherwise the old right moves to the top of the left stack
    /// and the element becomes the right.
    ///
    /// The sequence is the left stack then the right element: the elements already shown directly
    /// above the revealed one (or anywhere in it, when the path revealed none of it) stay, what is
    /// above them is popped (a kept left element that is not the last left one empties the right
    /// slot), and only the rest is pushed, one at a time.
    package func pushing(_ pushed: [Element], revealing candidates: [Int], same: (Element, Element) -> Bool) -> DeepLinkPush<Element> {
        let applied = DeepLinkRun.apply(pushed, onto: slotContents.flatMap { $0 }, revealing: candidates, same: same)
        var result = self
        if applied.kept.count <= left.count {
            (result.left, result.right) = (applied.kept, nil)
        }
        for element in applied.rest {
            if result.left.isEmpty {
                result.left = [element]
            } else if let old = result.right {
                result.left.append(old)
                result.right = element
            } else {
                result.right = element
            }
        }
        return applied.push(.drillDown(result))
    }
}
