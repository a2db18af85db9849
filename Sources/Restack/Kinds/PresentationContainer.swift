/// A chain of modal presentations: a base and the records presented on it, one above the other,
/// as UIKit's `present(_:animated:)` chain and SwiftUI's sheets and full-screen covers keep them.
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
public struct PresentationContainer: Hashable, Sendable {
    /// The record the chain is presented on, if there is one.
    public var base: RestorationRecord?
    /// The presented records, bottom first: the first is presented by the base.
    public var presented: [RestorationRecord]

    /// Creates a presentation chain.
    public init(base: RestorationRecord?, presented: [RestorationRecord] = []) {
        self.base = base
        self.presented = presented
    }
}

extension RecordPath.Step {
    /// A presentation chain's base: `base`.
    public static let base = RecordPath.Step("base", nil)
    /// A position in a presentation chain, bottom first: `presented[i]`.
    public static func presented(_ index: Int) -> RecordPath.Step { RecordPath.Step("presented", index) }
}

extension PresentationContainer: ContainerKind {
    package static let kind = RestorationContainer.Kind.presentation
    package static let noun = "presentation chain"
    /// `base` (a record or `null`) and `presented` are both required in a state file.
    package static let slots = [ContainerSlot(name: "base", isSequence: false, isRequired: true),
                                ContainerSlot(name: "presented", isSequence: true, isRequired: true)]
    package static let settingNames: [String] = []

    package var slotContents: [[RestorationRecord]] { [base.map { [$0] } ?? [], presented] }
    package var settings: [ContainerSetting?] { [] }
    package var container: RestorationContainer { .presentation(self) }

    package static func decoded(_ slots: [[RestorationRecord]], settings: JSONSettings) throws -> PresentationContainer {
        PresentationContainer(base: slots[0].first, presented: slots[1])
    }

    package static func stored(_ slots: [[RestorationRecord]], settings: [String: ContainerSetting]) throws(ContainerKindProblem) -> PresentationContainer {
        PresentationContainer(base: slots[0].first, presented: slots[1])
    }

    /// Rule 12 (`presentation`): rules 1 to 3 on the base, then up the chain until a record is
    /// not restored. Every presented record above it, and all of them when the base is null or
    /// not restored, is dropped `truncated`, whatever its own identifier or class: the resolver
    /// is not asked and rule 1 is not applied, as for `ancestor-dropped`. A controller cannot be
    /// presented by one that is not there.
    package func plan(_ planner: inout SlotPlanner) -> (content: PlannedContainer.Content, notes: [RestorationPlan.Note.Kind]) {
        let base = planner.single(0)
        let presented = planner.truncatingSequence(1, intact: base != nil)
        return (.presentation(base: base, presented: presented), [])
    }

    /// A presentation chain shows as it is in every layout: no arrangement (rule 8).
    static func parts(base: PlannedRecord?, presented: [PlannedRecord]) -> PlannedParts {
        PlannedParts(slots: [base.map { [$0] } ?? [], presented], settings: [],
                     restore: { .presentation(PresentationContainer(base: base?.restoredRecord, presented: presented.map(\.restoredRecord))) },
                     compact: nil)
    }
}

extension PresentationContainer {
    /// A deep link reveals a record of a presentation chain, base then presented, by dismissing
    /// every record presented above it.
    package static func revealing(_ index: Int, replacedBy replacement: PlannedRecord, in content: PlannedContainer.Content) -> DeepLinkReveal {
        guard case .presentation(let base, let presented) = content else { preconditionFailure("not a presentation chain: \(content.kind)") }
        let chain = (base.map { [$0] } ?? []) + presented
        let kept = Array(chain[..<index]) + [replacement]
        return DeepLinkReveal(content: base == nil ? .presentation(base: nil, presented: kept) : .presentation(base: kept[0], presented: Array(kept.dropFirst())),
                              popped: Array(chain[(index + 1)...]), notes: [])
    }

    /// A deep link presents its records on top of the chain (the first becomes the base of an
    /// empty chain). The chain truncates (rule 12): a pushed record not restored drops every
    /// record pushed after it `truncated`.
    package static func pushing(_ pusher: inout DeepLinkPusher, onto content: PlannedContainer.Content) -> DeepLinkPush {
        guard case .presentation(let base, let presented) = content else { preconditionFailure("not a presentation chain: \(content.kind)") }
        let pushed = pusher.plan(truncating: true)
        if base == nil && presented.isEmpty, let first = pushed.first {
            return .pushed(.presentation(base: first, presented: Array(pushed.dropFirst())), notes: [])
        }
        return .pushed(.presentation(base: base, presented: presented + pushed), notes: [])
    }
}
