/// What a resolver decides about one restorable record: rebuild it, drop it and say why, or
/// rebuild it under the class's new name.
///
/// Return an outcome from a resolver closure, or from a ``RecordResolver``, instead of a `Bool`
/// when "the class is gone" and "the payload no longer decodes" should be told apart, or when a
/// class was renamed since the state was saved:
///
/// ```swift
/// let plan = Restorer.plan(tree, resolver: RecordResolver { (record: RestorationRecord) -> ResolverOutcome in
///     switch record.className {
///     case "InboxController"?:
///         return (try? RecordPayload.decode(InboxState.self, from: record)) == nil ? .stalePayload : .rebuild
///     case "LegacyInboxController"?:
///         return .renamed(to: "InboxController")
///     default:
///         return .classGone
///     }
/// })
/// ```
///
/// A resolver that returns `Bool` is the same as one that returns ``rebuild`` for `true` and
/// ``classGone`` for `false`.
public enum ResolverOutcome: Hashable, Sendable {
    /// Rebuild the record as saved.
    case rebuild
    /// The record's class is gone (or the app refuses the record for another reason): the record
    /// is dropped with ``DropReason/unresolvedClass``.
    case classGone
    /// The record's class is there but its payload no longer decodes: the record is dropped with
    /// ``DropReason/stalePayload``.
    case stalePayload
    /// Rebuild the record under a new class name, keeping its identifier, payload and container.
    /// The plan shows the record with the new class name and the saved one as `renamedFrom`.
    ///
    /// Renaming to the saved name itself (the same bytes) is ``rebuild``. A record saved without
    /// a class name has no name to rename: it is dropped with ``DropReason/unresolvedClass``.
    case renamed(to: String)

    /// The outcome of a yes-or-no resolver: ``rebuild`` for `true`, ``classGone`` for `false`.
    package init(canRebuild: Bool) {
        self = canRebuild ? .rebuild : .classGone
    }

    /// Whether the record is rebuilt, under its saved class name or a new one.
    public var rebuilds: Bool {
        switch self {
        case .rebuild, .renamed: true
        case .classGone, .stalePayload: false
        }
    }

    /// Whether two outcomes are the same, comparing new class names byte for byte (no Unicode
    /// normalisation), as Restack compares every name.
    public static func == (lhs: ResolverOutcome, rhs: ResolverOutcome) -> Bool {
        switch (lhs, rhs) {
        case (.rebuild, .rebuild), (.classGone, .classGone), (.stalePayload, .stalePayload): true
        case let (.renamed(a), .renamed(b)): a.hasSameBytes(as: b)
        default: false
        }
    }

    /// Hashes the case and, for a rename, the new name's exact bytes.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .rebuild: hasher.combine(0)
        case .classGone: hasher.combine(1)
        case .stalePayload: hasher.combine(2)
        case .renamed(let name): hasher.combine(3); hasher.combine(ExactString(name))
        }
    }
}
