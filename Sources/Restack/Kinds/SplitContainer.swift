/// A split: a primary stack and a detail stack, the side shown when only one shows, and what
/// compact layouts do with the detail.
///
/// Roles are kept across layouts: a primary record never becomes a detail record or back.
public struct SplitContainer<Element> {
    /// A side of a split.
    public typealias Side = SplitSide
    /// What a compact layout shows of a split (restoration rule 8).
    public typealias CompactPolicy = SplitCompactPolicy

    /// The primary stack, bottom first.
    public var primary: [Element]
    /// The detail stack, bottom first; may be empty (the app shows its placeholder).
    public var detail: [Element]
    /// The side shown when only one shows.
    public var focus: Side
    /// What a compact layout shows.
    public var compact: CompactPolicy

    /// Creates a split.
    public init(primary: [Element], detail: [Element] = [], focus: Side = .primary, compact: CompactPolicy = .merge) {
        self.primary = primary
        self.detail = detail
        self.focus = focus
        self.compact = compact
    }
}

extension SplitContainer: Equatable where Element: Equatable {}
extension SplitContainer: Hashable where Element: Hashable {}
extension SplitContainer: Sendable where Element: Sendable {}

/// A side of a split.
public enum SplitSide: String, Hashable, Sendable, CaseIterable {
    /// The primary stack (the index, the sidebar, the leading peer).
    case primary
    /// The detail stack (the trailing peer).
    case detail
}

/// What a compact layout shows of a split (restoration rule 8).
public enum SplitCompactPolicy: String, Hashable, Sendable, CaseIterable {
    /// One stack: primary then detail (TidySplits, UISplitViewController's default).
    case merge
    /// The primary stack only; the detail is kept, hidden (TidySplits' omit-detail flag).
    case omitDetail
    /// The focused side only; the other is kept, hidden (split-or-flip).
    case focus
}

extension RecordPath.Step {
    /// A position in a split's primary stack: `primary[i]`.
    package static func primary(_ index: Int) -> RecordPath.Step { RecordPath.Step("primary", index) }
    /// A position in a split's detail stack: `detail[i]`.
    package static func detail(_ index: Int) -> RecordPath.Step { RecordPath.Step("detail", index) }
}

extension SplitContainer: ContainerKind {
    package static var kind: ContainerKindName { .split }
    package static var noun: String { "split" }
    /// The detail shows the app's placeholder when it restores empty.
    package static var slots: [ContainerSlot] {
        [ContainerSlot(name: "primary", isSequence: true, isRequired: true),
         ContainerSlot(name: "detail", isSequence: true, isRequired: true, showsPlaceholder: true)]
    }
    /// `focus` names the side shown when only one shows; `compact` is rule 8's policy, which a
    /// plan's JSON shows as the arrangement it made. Both are always written.
    package mutating func visitSettings(_ visitor: inout some ContainerSettingVisitor) {
        visitor.choice("focus", &focus, default: .primary, isFocus: true)
        visitor.choice("compact", &compact, default: .merge, plan: .textOnly, noun: "compact policy")
    }

    package var slotContents: [[Element]] { [primary, detail] }
    package init(slotContents: [[Element]]) {
        self.init(primary: slotContents[0], detail: slotContents[1])
    }
    package var container: Container<Element> { .split(self) }

    /// Rules 1 to 4 on both stacks, then rule 6: roles are kept; if the focused side restores
    /// empty and the other does not, the focus moves to the other side; otherwise it stays.
    package func plan(_ planner: inout SlotPlanner) -> (content: Container<PlannedRecord>, notes: [RestorationPlan.Note.Kind]) {
        let primary = planner.sequence(0)
        let detail = planner.sequence(1)
        let restored: Side = switch focus {
        case .primary where primary.isEmpty && !detail.isEmpty: .detail
        case .detail where detail.isEmpty && !primary.isEmpty: .primary
        default: focus
        }
        let notes: [RestorationPlan.Note.Kind] = (restored != focus ? [.focusMoved] : []) + (primary.isEmpty ? [.primaryEmpty] : [])
        var planned = SplitContainer<PlannedRecord>(slotContents: [primary, detail], settings: settings)
        planned.focus = restored
        return (.split(planned), notes)
    }

    /// Rule 8: `merge`: primary then detail; `omitDetail`: primary, detail hidden; `focus`: the
    /// focused side, the other hidden.
    package var compactArrangement: (stack: [Element], hidden: [Element])? {
        switch (compact, focus) {
        case (.merge, _): (primary + detail, [])
        case (.omitDetail, _), (.focus, .primary): (primary, detail)
        case (.focus, .detail): (detail, primary)
        }
    }

    /// A deep link reveals an element of a side by popping the elements above it on that side,
    /// and focuses that side (noted `deep-link-focused` when the focus moves).
    package func revealing(_ index: Int, replacedBy replacement: Element) -> DeepLinkReveal<Element> {
        let (result, popped) = revealed(index, replacedBy: replacement)
        return DeepLinkReveal(content: .split(result), popped: popped, notes: result.focus == focus ? [] : [.deepLinkFocused])
    }

    private func revealed(_ index: Int, replacedBy replacement: Element) -> (SplitContainer, popped: [Element]) {
        var result = self
        let popped: [Element]
        if index < primary.count {
            result.focus = .primary
            popped = Array(primary[(index + 1)...])
            result.primary = Array(primary[..<index]) + [replacement]
        } else {
            let position = index - primary.count
            result.focus = .detail
            popped = Array(detail[(position + 1)...])
            result.detail = Array(detail[..<position]) + [replacement]
        }
        return (result, popped)
    }

    /// A deep link pushes onto the detail, whichever side its path revealed (roles are kept:
    /// what a link shows on top is a detail).
    package var pushTarget: DeepLinkTarget { .here(truncating: false) }

    /// The detail is the sequence: the elements already shown directly above the revealed detail
    /// element (or anywhere in the detail, when the path revealed a primary element, which is
    /// revealed as ``revealing(_:replacedBy:)`` does, or none) stay, what is above them is popped,
    /// the rest goes on top; the detail is focused when any were shown or pushed.
    package func pushing(_ pushed: [Element], revealing candidates: [Int], same: (Element, Element) -> Bool) -> DeepLinkPush<Element> {
        let applied = DeepLinkRun.apply(pushed, onto: detail, revealing: candidates, position: { $0 < primary.count ? nil : $0 - primary.count }, same: same)
        var (result, popped) = (self, [Element]())
        if let child = applied.revealed {
            if child < primary.count { (result, popped) = revealed(child, replacedBy: primary[child]) } else { result.focus = .detail }
        }
        result.detail = applied.sequence
        if applied.shown + applied.rest.count > 0 { result.focus = .detail }
        return applied.push(.split(result), poppedBefore: popped, notes: result.focus == focus ? [] : [.deepLinkFocused])
    }
}

// MARK: - Drawing

extension SplitContainer {
    /// Two columns, primary and detail (the focused one and the placeholder marked, as
    /// declared); the compact stack's title names the policy.
    package var drawing: ContainerDrawing {
        ContainerDrawing(body: .panePerSlot(Self.slots),
                         compactTitle: "compact \(compact.rawValue): one stack")
    }
}
