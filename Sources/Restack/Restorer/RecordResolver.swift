/// Decides whether the app can rebuild a restorable record: the restoration rule 2 hook.
///
/// A resolver receives the record and, in a tree, its identifier path: the identifiers of its
/// ancestors, root first, then its own (UIKit's restoration identifier path). Use a ready-made
/// resolver, or pass a closure straight to ``Restorer/plan(for:canRebuild:)`` or
/// ``Restorer/plan(for:layout:canRebuild:)`` when the check needs state that is not `Sendable`
/// (a controller factory on the main actor, say).
///
/// ```swift
/// let resolver = RecordResolver.knownClasses(["InboxController", "MessageController"])
/// let plan = Restorer.plan(for: state, resolver: resolver)
///
/// let byPath = RecordResolver { record, identifierPath in
///     identifierPath.first == "mail" && record.className != "LegacyController"
/// }
/// ```
public struct RecordResolver: Sendable {
    private let body: @Sendable (RestorationRecord, [String]) -> Bool

    /// Creates a resolver from a predicate that returns `true` when the record can be rebuilt.
    public init(_ canRebuild: @escaping @Sendable (RestorationRecord) -> Bool) {
        self.body = { record, _ in canRebuild(record) }
    }

    /// Creates a resolver from a predicate that also receives the record's identifier path (its
    /// ancestors' identifiers, root first, then its own) and returns `true` when the record can
    /// be rebuilt.
    public init(_ canRebuild: @escaping @Sendable (RestorationRecord, _ identifierPath: [String]) -> Bool) {
        self.body = canRebuild
    }

    /// Returns `true` when the app can rebuild the record. The identifier path given to a
    /// path-aware predicate is the record's own identifier alone, as for a top-level record.
    public func canRebuild(_ record: RestorationRecord) -> Bool {
        body(record, record.identifier.map { [$0] } ?? [])
    }

    /// Returns `true` when the app can rebuild the record found at `identifierPath`.
    public func canRebuild(_ record: RestorationRecord, identifierPath: [String]) -> Bool {
        body(record, identifierPath)
    }

    /// Rebuilds every restorable record.
    public static let acceptAll = RecordResolver { (_: RestorationRecord) in true }

    /// Rebuilds a record only if its class name is one of `names`; a record with no class name
    /// is not rebuilt. Names are compared as exact strings, byte for byte.
    public static func knownClasses(_ names: some Sequence<String>) -> RecordResolver {
        let known = Set(names.map(ExactString.init))
        return RecordResolver { (record: RestorationRecord) in
            record.className.map { known.contains(ExactString($0)) } ?? false
        }
    }
}
