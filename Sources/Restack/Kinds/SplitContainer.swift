/// A split: a primary stack and a detail stack, the side shown when only one shows, and what
/// compact layouts do with the detail.
///
/// Roles are kept across layouts: a primary record never becomes a detail record or back.
public struct SplitContainer: Hashable, Sendable {
    /// A side of a split.
    public enum Side: String, Hashable, Sendable, CaseIterable {
        /// The primary stack (the index, the sidebar, the leading peer).
        case primary
        /// The detail stack (the trailing peer).
        case detail
    }

    /// What a compact layout shows of a split (restoration rule 8).
    public enum CompactPolicy: String, Hashable, Sendable, CaseIterable {
        /// One stack: primary then detail (TidySplits, UISplitViewController's default).
        case merge
        /// The primary stack only; the detail is kept, hidden (TidySplits' omit-detail flag).
        case omitDetail
        /// The focused side only; the other is kept, hidden (split-or-flip).
        case focus
    }

    /// The primary stack, bottom first.
    public var primary: [RestorationRecord]
    /// The detail stack, bottom first; may be empty (the app shows its placeholder).
    public var detail: [RestorationRecord]
    /// The side shown when only one shows.
    public var focus: Side
    /// What a compact layout shows.
    public var compact: CompactPolicy

    /// Creates a split.
    public init(
        primary: [RestorationRecord],
        detail: [RestorationRecord] = [],
        focus: Side = .primary,
        compact: CompactPolicy = .merge
    ) {
        self.primary = primary
        self.detail = detail
        self.focus = focus
        self.compact = compact
    }
}

extension RecordPath.Step {
    /// A position in a split's primary stack: `primary[i]`.
    public static func primary(_ index: Int) -> RecordPath.Step { RecordPath.Step("primary", index) }
    /// A position in a split's detail stack: `detail[i]`.
    public static func detail(_ index: Int) -> RecordPath.Step { RecordPath.Step("detail", index) }
}

extension SplitContainer: ContainerKind {
    package static let kind = RestorationContainer.Kind.split
    package static let noun = "split"
    package static let slots = [ContainerSlot(name: "primary", isSequence: true, isRequired: true),
                        ContainerSlot(name: "detail", isSequence: true, isRequired: true)]
    package static let settingNames = ["focus", "compact"]

    package var slotContents: [[RestorationRecord]] { [primary, detail] }
    package var settings: [ContainerSetting?] { [.text(focus.rawValue), .text(compact.rawValue)] }
    package var container: RestorationContainer { .split(self) }

    package static func decoded(_ slots: [[RestorationRecord]], settings: JSONSettings) throws -> SplitContainer {
        SplitContainer(primary: slots[0], detail: slots[1],
                       focus: try settings.choice("focus", default: Side.primary),
                       compact: try settings.choice("compact", default: CompactPolicy.merge))
    }

    package static func stored(_ slots: [[RestorationRecord]], settings: [String: ContainerSetting]) throws(ContainerKindProblem) -> SplitContainer {
        guard case .text(let focusName)? = settings["focus"], let focus = Side(rawValue: focusName) else {
            throw ContainerKindProblem(setting: "focus", phrase: "has no valid focus")
        }
        guard case .text(let compactName)? = settings["compact"], let compact = CompactPolicy(rawValue: compactName) else {
            throw ContainerKindProblem(setting: "compact", phrase: "has no valid compact policy")
        }
        return SplitContainer(primary: slots[0], detail: slots[1], focus: focus, compact: compact)
    }

    /// Rules 1 to 4 on both stacks, then rule 6.
    package func plan(_ planner: inout SlotPlanner) -> (content: PlannedContainer.Content, notes: [RestorationPlan.Note.Kind]) {
        let primary = planner.sequence(0)
        let detail = planner.sequence(1)
        let restored = Restorer.restoredFocus(focus, primaryIsEmpty: primary.isEmpty, detailIsEmpty: detail.isEmpty)
        let notes: [RestorationPlan.Note.Kind] = (restored != focus ? [.focusMoved] : []) + (primary.isEmpty ? [.primaryEmpty] : [])
        return (.split(primary: primary, detail: detail, focus: restored, policy: compact), notes)
    }

    /// The planned split: its focus after rule 6, whether the detail shows a placeholder, and
    /// rule 8: `merge`: primary then detail; `omitDetail`: primary, detail hidden; `focus`: the
    /// focused side, the other hidden.
    package static func parts(primary: [PlannedRecord], detail: [PlannedRecord], focus: Side, policy: CompactPolicy) -> PlannedParts {
        let primaryPaths = primary.map(\.from), detailPaths = detail.map(\.from)
        let compact = switch (policy, focus) {
        case (.merge, _): CompactArrangement(stack: primaryPaths + detailPaths, hidden: [])
        case (.omitDetail, _), (.focus, .primary): CompactArrangement(stack: primaryPaths, hidden: detailPaths)
        case (.focus, .detail): CompactArrangement(stack: detailPaths, hidden: primaryPaths)
        }
        return PlannedParts(
            slots: [primary, detail],
            settings: [("focus", .text(focus.rawValue)), ("detailPlaceholder", .bool(detail.isEmpty))],
            restore: { .split(SplitContainer(primary: primary.map(\.restoredRecord), detail: detail.map(\.restoredRecord), focus: focus, compact: policy)) },
            compact: compact
        )
    }
}

extension Restorer {
    /// Rule 6 (`split`): the side shown when only one shows. If the focused side restores empty
    /// and the other does not, the focus moves to the other side; otherwise it stays.
    static func restoredFocus(_ saved: SplitContainer.Side, primaryIsEmpty: Bool, detailIsEmpty: Bool) -> SplitContainer.Side {
        switch saved {
        case .primary where primaryIsEmpty && !detailIsEmpty: .detail
        case .detail where detailIsEmpty && !primaryIsEmpty: .primary
        default: saved
        }
    }
}

extension SplitContainer {
    /// A deep link reveals a record of a split's side by popping the records above it on that
    /// side, and focuses that side (noted `deep-link-focused` when the focus moves).
    package static func revealing(_ index: Int, replacedBy replacement: PlannedRecord, in content: PlannedContainer.Content) -> DeepLinkReveal {
        guard case .split(var primary, var detail, let focus, let policy) = content else { preconditionFailure("not a split: \(content.kind)") }
        let side: Side = index < primary.count ? .primary : .detail
        let popped: [PlannedRecord]
        if side == .primary {
            popped = Array(primary[(index + 1)...])
            primary = Array(primary[..<index]) + [replacement]
        } else {
            let position = index - primary.count
            popped = Array(detail[(position + 1)...])
            detail = Array(detail[..<position]) + [replacement]
        }
        return DeepLinkReveal(content: .split(primary: primary, detail: detail, focus: side, policy: policy),
                              popped: popped, notes: side == focus ? [] : [.deepLinkFocused])
    }

    /// A deep link pushes onto a split's detail, whichever side its path revealed (roles are
    /// kept: what a link shows on top is a detail), and focuses the detail when a pushed record
    /// is restored.
    package static func pushing(_ pusher: inout DeepLinkPusher, onto content: PlannedContainer.Content) -> DeepLinkPush {
        guard case .split(let primary, let detail, let focus, let policy) = content else { preconditionFailure("not a split: \(content.kind)") }
        let pushed = pusher.plan(truncating: false)
        guard !pushed.isEmpty else { return .pushed(content, notes: []) }
        return .pushed(.split(primary: primary, detail: detail + pushed, focus: .detail, policy: policy),
                       notes: focus == .detail ? [] : [.deepLinkFocused])
    }
}
