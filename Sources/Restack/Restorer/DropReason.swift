/// Why the restorer left a record out of a plan.
///
/// The raw values are the reasons as they appear in JSON and in `restore-inspect` output.
public enum DropReason: String, Hashable, Sendable, CaseIterable {
    /// The record has no restoration identifier (rule 1).
    case missingIdentifier = "missing-identifier"
    /// The record's restoration identifier is the empty string (rule 1).
    case emptyIdentifier = "empty-identifier"
    /// The app's resolver could not rebuild the record: its class is gone, or the app refused it
    /// for another reason (rule 2, ``ResolverOutcome/classGone``, or `false` from a yes-or-no
    /// resolver).
    case unresolvedClass = "unresolved-class"
    /// The app's resolver knows the record's class but its payload no longer decodes: it was
    /// saved in a shape the app no longer reads, or is damaged or missing (rule 2,
    /// ``ResolverOutcome/stalePayload``).
    case stalePayload = "stale-payload"
    /// The state's format version is not one its form restores (rule 10).
    case unsupportedFormat = "unsupported-format"
    /// A record above this one, whose container holds it, was dropped (rule 3): like UIKit,
    /// a controller is restored only if every ancestor is.
    case ancestorDropped = "ancestor-dropped"
    /// A record below this one in its presentation chain (the base, or a record presented
    /// before it), or in a stack whose ``StackContainer/afterDrop-swift.property`` is
    /// ``StackAfterDrop/truncate``, is not restored (rule 12): nothing can present it,
    /// nothing pushed it. Like `ancestor-dropped`, its own identifier and class were not looked
    /// at.
    case truncated
    /// A deep link revealed a record below this one in its sequence (a stack, a drill-down's
    /// left and right, a split's side, a presentation chain): this record was above it, and is
    /// popped (``RestorationPlan/merging(_:resolver:)``). The records inside its container go
    /// with it (`ancestor-dropped`).
    case deepLinkPopped = "deep-link-popped"
    /// The app could not make the record's node when it rebuilt the plan: its
    /// ``RestorationAdapter/makeNode(for:container:)`` threw (``RestorationAdapter/rebuild(_:)``).
    /// Handled as a resolver's refusal: the rules apply to what remains.
    case rebuildFailed = "rebuild-failed"
    /// The record's class is never saved (``PersistencePolicy/never``): a save replaced it, and
    /// every record above it in its sequence, by a note of the cut, which restores as this drop.
    /// The path is the note's; nothing else of what was cut is known.
    case notSaved = "not-saved"
    /// The record's class is saved but not restored (``PersistencePolicy/notRestored``). Like
    /// the resolver's drops, a truncating sequence truncates above it (rule 12).
    case notRestored = "not-restored"
    /// The record's class is restored only from a snapshot younger than the snapshot is
    /// (``PersistencePolicy/restoredWithin(_:)``).
    case expiredScreen = "expired-screen"
    /// A save over a cap of its store, made with the choice to keep the largest part that fits,
    /// left out the records that stood here (the budget rule, <doc:TheRestorationRules>) and
    /// noted the cut in their place. The path is the note's.
    case overBudget = "over-budget"
}

extension DropReason: CustomStringConvertible {
    /// The reason's raw value, such as `missing-identifier`.
    public var description: String { rawValue }
}
