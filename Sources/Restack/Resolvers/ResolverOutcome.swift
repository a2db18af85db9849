import Foundation

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
    /// Rebuild the record with a payload upgraded from an older shape (``PayloadShapes`` answers
    /// so): `payload` replaces the saved one, and the plan notes the shape the saved payload was
    /// read as (``RestorationPlan/Note/Kind/payloadUpgraded``). With `renamedTo`, the record is
    /// also rebuilt under that class name, as ``renamed(to:)`` does.
    case upgraded(payload: Data, readAs: String, renamedTo: String? = nil)
    /// The payload decoded as an older shape but the step that upgrades it threw: the record is
    /// dropped with ``DropReason/stalePayload`` and the plan notes the step
    /// (``RestorationPlan/Note/Kind/payloadUpgradeFailed``), named `"from -> to"`.
    case upgradeFailed(step: String)

    /// The outcome of a yes-or-no resolver: ``rebuild`` for `true`, ``classGone`` for `false`.
    package init(canRebuild: Bool) {
        self = canRebuild ? .rebuild : .classGone
    }

    /// Whether the record is rebuilt, under its saved class name or a new one.
    package var rebuilds: Bool {
        switch self {
        case .rebuild, .renamed, .upgraded: true
        case .classGone, .stalePayload, .upgradeFailed: false
        }
    }

    /// Whether two outcomes are the same, comparing new class names byte for byte (no Unicode
    /// normalisation), as Restack compares every name.
    public static func == (lhs: ResolverOutcome, rhs: ResolverOutcome) -> Bool {
        switch (lhs, rhs) {
        case (.rebuild, .rebuild), (.classGone, .classGone), (.stalePayload, .stalePayload): true
        case let (.renamed(a), .renamed(b)): a.hasSameBytes(as: b)
        case let (.upgraded(a, shapeA, nameA), .upgraded(b, shapeB, nameB)):
            a == b && shapeA.hasSameBytes(as: shapeB) && nameA.isExactlyEqual(to: nameB)
        case let (.upgradeFailed(a), .upgradeFailed(b)): a.hasSameBytes(as: b)
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
        case .upgraded(let payload, let shape, let name):
            hasher.combine(4); hasher.combine(payload); hasher.combine(ExactString(shape)); hasher.combine(name.map(ExactString.init))
        case .upgradeFailed(let step): hasher.combine(5); hasher.combine(ExactString(step))
        }
    }
}
