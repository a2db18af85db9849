import Foundation

/// Decides what becomes of a restorable record: the restoration rule 2 hook, and the one way
/// ``Restorer/plan(_:layout:resolver:)`` and the store ask about records.
///
/// A resolver receives the record and its identifier path: the identifiers of its ancestors,
/// root first, then its own (UIKit's restoration identifier path). It answers with a
/// ``ResolverOutcome`` (rebuild, class gone, stale payload, or rebuild under a new class name), or
/// with a `Bool` (`true` is ``ResolverOutcome/rebuild``, `false` ``ResolverOutcome/classGone``).
/// Use a ready-made resolver, or make one from a closure with an initializer: the closure's
/// parameters (the record, or the record and its identifier path) and its result (`Bool` or
/// ``ResolverOutcome``) choose the initializer.
///
/// A resolver is not `Sendable`: its closure may use state that is not (a controller factory on
/// the main actor, say). Planning is synchronous and calls it where the plan is made.
///
/// ```swift
/// let resolver = RecordResolver.knownClasses(["InboxController", "MessageController"])
/// let plan = Restorer.plan(tree, resolver: resolver)
///
/// let byPath = RecordResolver { record, identifierPath in
///     identifierPath.first == "mail" && record.className != "LegacyController"
/// }
///
/// // A class renamed in this version, and payloads that must still decode.
/// let aliases = try ClassAliases(["InboxViewController": "InboxController"])
/// let decoding = RecordResolver.decoding([
///     .decoding(InboxState.self, forClass: "InboxController"),
///     .withoutPayload(forClass: "MessageController"),
/// ]).renaming(aliases)
/// ```
public struct RecordResolver {
    private let body: (RestorationRecord, [String]) -> ResolverOutcome
    /// For a re-plan (an adapter's rebuild after a node failed): what each path's record became,
    /// asked instead of `body`; a path not listed is kept.
    private(set) var replay: [RecordPath: Restorer.Decision]?
    /// The persistence policies applied before the resolver is asked, with the snapshot's age
    /// (``applying(_:snapshotAge:)``).
    private var policies: (table: PersistencePolicies, snapshotAge: TimeInterval?)?

    /// A resolver that replays `decisions`, by path.
    init(replaying decisions: [RecordPath: Restorer.Decision]) {
        self.body = { _, _ in .rebuild }
        self.replay = decisions
    }

    /// Creates a resolver from a predicate that returns `true` when the record can be rebuilt.
    public init(_ canRebuild: @escaping (RestorationRecord) -> Bool) {
        self.body = { record, _ in ResolverOutcome(canRebuild: canRebuild(record)) }
    }

    /// Creates a resolver from a predicate that also receives the record's identifier path (its
    /// ancestors' identifiers, root first, then its own) and returns `true` when the record can
    /// be rebuilt.
    public init(_ canRebuild: @escaping (RestorationRecord, _ identifierPath: [String]) -> Bool) {
        self.body = { record, path in ResolverOutcome(canRebuild: canRebuild(record, path)) }
    }

    /// Creates a resolver from a function that says what becomes of the record.
    public init(_ outcome: @escaping (RestorationRecord) -> ResolverOutcome) {
        self.body = { record, _ in outcome(record) }
    }

    /// Creates a resolver from a function that also receives the record's identifier path (its
    /// ancestors' identifiers, root first, then its own) and says what becomes of the record.
    public init(_ outcome: @escaping (RestorationRecord, _ identifierPath: [String]) -> ResolverOutcome) {
        self.body = outcome
    }

    /// What becomes of the record found at `identifierPath`. Without a path, the identifier path
    /// given to a path-aware resolver is the record's own identifier alone, as for a top-level
    /// record.
    public func outcome(for record: RestorationRecord, identifierPath: [String]? = nil) -> ResolverOutcome {
        body(record, identifierPath ?? record.identifier.map { [$0] } ?? [])
    }

    /// Rebuilds every restorable record.
    public static var acceptAll: RecordResolver {
        RecordResolver { (_: RestorationRecord) in ResolverOutcome.rebuild }
    }

    /// Rebuilds a record only if its class name, or the new name `aliases` give it, is one of
    /// `names`; a record with no class name is not rebuilt, and a record whose class is an old
    /// name is rebuilt as renamed (``ResolverOutcome/renamed(to:)``): the same as
    /// `knownClasses(names).renaming(aliases)`. Names are compared as exact strings, byte for byte.
    public static func knownClasses(_ names: some Sequence<String>, aliases: ClassAliases = ClassAliases()) -> RecordResolver {
        let known = Set(names.map(ExactString.init))
        let resolver = RecordResolver { (record: RestorationRecord) in
            record.className.map { known.contains(ExactString($0)) } ?? false
        }
        return aliases.isEmpty ? resolver : resolver.renaming(aliases)
    }

    /// This resolver behind an alias table: a record whose class is an old name in `aliases` is
    /// given its new name (the end of its chain) and this resolver is asked about it; if it
    /// rebuilds it, the outcome is ``ResolverOutcome/renamed(to:)`` the new name (or the name
    /// this resolver renames it to); if it upgrades its payload, the upgrade, renamed. Records whose class is not an old name are asked about as
    /// they are. The alias table wins over a class that still exists under its old name: an old
    /// name in the table always means the new one.
    public func renaming(_ aliases: ClassAliases) -> RecordResolver {
        let inner = self
        var result = RecordResolver { (record: RestorationRecord, identifierPath: [String]) -> ResolverOutcome in
            guard let saved = record.className, let current = aliases.currentName(for: saved) else {
                return inner.outcome(for: record, identifierPath: identifierPath)
            }
            var renamed = record
            renamed.className = current
            switch inner.outcome(for: renamed, identifierPath: identifierPath) {
            case .rebuild: return .renamed(to: current)
            case .upgraded(let payload, let shape, let name): return .upgraded(payload: payload, readAs: shape, renamedTo: name ?? current)
            case let other: return other
            }
        }
        result.policies = policies
        return result
    }

    /// This resolver with an app's persistence policies: a record whose class is
    /// ``PersistencePolicy/notRestored`` is dropped ``DropReason/notRestored``, one whose class
    /// is ``PersistencePolicy/restoredWithin(_:)`` an age below `snapshotAge` is dropped
    /// ``DropReason/expiredScreen``, without asking this resolver; a class this resolver renames
    /// is judged again under its new name. A store given the table in its options applies it at
    /// every restore, with the snapshot's age.
    ///
    /// - Parameters:
    ///   - policies: The app's policies.
    ///   - snapshotAge: How long ago, in seconds, the state was saved; `nil` when it is not known
    ///     (a state file): no record is then dropped for its age.
    public func applying(_ policies: PersistencePolicies, snapshotAge: TimeInterval?) -> RecordResolver {
        var result = self
        result.policies = (policies, snapshotAge)
        return result
    }

    /// Why the policies drop a record of class `className`, or `nil` when they restore it.
    func policyDrop(forClass className: String?) -> DropReason? {
        guard let policies else { return nil }
        switch policies.table.policy(forClass: className) {
        case .always, .never: return nil
        case .notRestored: return .notRestored
        case .restoredWithin(let age):
            guard let snapshotAge = policies.snapshotAge else { return nil }
            return snapshotAge > age ? .expiredScreen : nil
        }
    }
}
