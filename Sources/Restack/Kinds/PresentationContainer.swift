/// A chain of modal presentations: a base and the elements presented on it, one above the
/// other, as UIKit's `present(_:animated:)` chain and SwiftUI's sheets and full-screen covers
/// keep them.
///
/// `presented[0]` is presented by the base, `presented[i + 1]` by `presented[i]`. Restoration rule
/// 12 truncates the chain at its first record that is not restored.
///
/// ```swift
/// let compose = RestorationContainer.presentation(PresentationContainer(
///     base: RestorationRecord(identifier: "inbox", className: "InboxController"),
///     presented: [RestorationRecord(identifier: "compose", className: "ComposeController"),
///                 RestorationRecord(identifier: "attachments", className: "AttachmentPickerController")]
/// ))
/// ```
public struct PresentationContainer<Element> {
    /// The element the chain is presented on, if there is one.
    public var base: Element?
    /// The presented elements, bottom first: the first is presented by the base.
    public var presented: [Element]

    /// Creates a presentation chain.
    public init(base: Element?, presented: [Element] = []) {
        self.base = base
        self.presented = presented
    }
}

extension PresentationContainer: Equatable where Element: Equatable {}
extension PresentationContainer: Hashable where Element: Hashable {}
extension PresentationContainer: Sendable where Element: Sendable {}

extension RecordPath.Step {
    /// A presentation chain's base: `base`.
    package static let base = RecordPath.Step("base", nil)
    /// A position in a presentation chain, bottom first: `presented[i]`.
    package static func presented(_ index: Int) -> RecordPath.Step { RecordPath.Step("presented", index) }
}

extension PresentationContainer: ContainerKind {
    package static var kind: ContainerKindName { .presentation }
    package static var noun: String { "presentation chain" }
    /// `base` (a record or `null`) and `presented` are both required in a state file.
    package static var slots: [ContainerSlot] {
        [ContainerSlot(name: "base", isSequence: false, isRequired: true), ContainerSlot(name: "presented", isSequence: true, isRequired: true)]
    }
    package mutating func visitSettings(_ visitor: inout some ContainerSettingVisitor) {}

    package var slotContents: [[Element]] { [base.map { [$0] } ?? [], presented] }
    package init(slotContents: [[Element]]) {
        self.init(base: slotContents[0].first, presented: slotContents[1])
    }
    package var container: Container<Element> { .presentation(self) }

    /// Rule 12 (`presentation`): rules 1 to 3 on the base, then up the chain until a record is
    /// not restored. Every presented record above it, and all of them when the base is null or
    /// not restored, is dropped `truncated`, whatever its own identifier or class: the resolver
    /// is not asked and rule 1 is not applied, as for `ancestor-dropped`. A controller cannot be
    /// presented by one that is not there. A chain shows as it is in every layout (rule 8).
    package func plan(_ planner: inout SlotPlanner) -> (content: Container<PlannedRecord>, notes: [RestorationPlan.Note.Kind]) {
        let base = planner.single(0)
        let presented = planner.truncatingSequence(1, intact: base != nil)
        return (.presentation(PresentationContainer<PlannedRecord>(slotContents: [base.map { [$0] } ?? [], presented], settings: settings)), [])
    }

    /// A deep link reveals an element of a presentation chain, base then presented, by
    /// dismissing every element presented above it.
    package func revealing(_ index: Int, replacedBy replacement: Element) -> DeepLinkReveal<Element> {
        let chain = slotContents.flatMap { $0 }
        let kept = Array(chain[..<index]) + [replacement]
        var content = self
        (content.base, content.presented) = base == nil ? (nil, kept) : (kept[0], Array(kept.dropFirst()))
        return DeepLinkReveal(content: .presentation(content), popped: Array(chain[(index + 1)...]), notes: [])
    }

    /// A deep link presents its records on top of the chain. The chain truncates (rule 12): a
    /// pushed record not restored drops every record pushed after it `truncated`.
    package var pushTarget: DeepLinkTarget { .here(truncating: true) }

    /// The chain, base then presented, is the sequence: the elements already shown directly above
    /// the revealed one (or anywhere in the chain, when the path revealed none of it) stay, those
    /// presented above them are dismissed, the rest is presented on top. The first pushed element
    /// becomes the base of an empty chain.
    package func pushing(_ pushed: [Element], revealing candidates: [Int], same: (Element, Element) -> Bool) -> DeepLinkPush<Element> {
        let applied = DeepLinkRun.apply(pushed, onto: slotContents.flatMap { $0 }, revealing: candidates, same: same)
        let all = applied.sequence
        var content = self
        (content.base, content.presented) = base == nil && !presented.isEmpty ? (nil, all) : (all.first, Array(all.dropFirst()))
        return applied.push(.presentation(content))
    }
}

// MARK: - Drawing

extension PresentationContainer {
    /// One pile: the base at the bottom, each presented record above the one presenting it.
    package var drawing: ContainerDrawing {
        ContainerDrawing(body: .panes([ContainerDrawing.Pane(title: "chain", slots: Self.slots.map(\.name))]))
    }
}
