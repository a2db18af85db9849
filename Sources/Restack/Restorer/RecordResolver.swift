/// Decides whether the app can rebuild a restorable record: the restoration rule 2 hook.
///
/// Use a ready-made resolver, or pass a closure straight to
/// ``Restorer/plan(for:canRebuild:)`` when the check needs state that is not `Sendable`
/// (a controller factory on the main actor, say).
///
/// ```swift
/// let resolver = RecordResolver.knownClasses(["InboxController", "MessageController"])
/// let plan = Restorer.plan(for: state, resolver: resolver)
/// ```
public struct RecordResolver: Sendable {
    private let body: @Sendable (RestorationRecord) -> Bool

    /// Creates a resolver from a predicate that returns `true` when the record can be rebuilt.
    public init(_ canRebuild: @escaping @Sendable (RestorationRecord) -> Bool) {
        self.body = canRebuild
    }

    /// Returns `true` when the app can rebuild the record.
    public func canRebuild(_ record: RestorationRecord) -> Bool {
        body(record)
    }

    /// Rebuilds every restorable record.
    public static let acceptAll = RecordResolver { _ in true }

    /// Rebuilds a record only if its class name is one of `names`; a record with no class name
    /// is not rebuilt. Names are compared as exact strings, byte for byte.
    public static func knownClasses(_ names: some Sequence<String>) -> RecordResolver {
        let known = Set(names.map(ExactString.init))
        return RecordResolver { record in
            record.className.map { known.contains(ExactString($0)) } ?? false
        }
    }
}
