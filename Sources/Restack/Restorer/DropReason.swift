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
}

extension DropReason: CustomStringConvertible {
    /// The reason's raw value, such as `missing-identifier`.
    public var description: String { rawValue }
}
