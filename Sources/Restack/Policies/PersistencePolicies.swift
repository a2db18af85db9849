import Foundation

/// An app's persistence policies: a ``PersistencePolicy`` for each class name that does not take
/// the default, ``PersistencePolicy/always``.
///
/// Names are compared as exact strings, byte for byte, with no Unicode normalisation, like every
/// name in Restack. The empty name, a name Restack reserves (the classes of its notes of records
/// left out of a save, `restack.not-saved` and `restack.over-budget`), a name given twice and an age that is not finite and above zero are a ``PersistencePolicyError``
/// that names the class.
///
/// The table is used on both sides of a save: ``cut(_:)`` removes what is never written before
/// the tree is saved (a store given the table in its options does it on every save), and
/// ``RecordResolver/applying(_:snapshotAge:)`` drops, at restore, what is saved but not restored.
///
/// ```swift
/// let policies = try PersistencePolicies(["LoginController": .never, "CheckoutController": .notRestored])
/// let saved = policies.cut(tree)                   // what may be written
/// let plan = Restorer.plan(saved, resolver: RecordResolver.acceptAll.applying(policies, snapshotAge: 120))
/// ```
public struct PersistencePolicies: Hashable, Sendable {
    /// Each class name's policy. Two tables are equal when they give the same classes the same
    /// policies, in any order (the synthesized `==` and `hash(into:)`: `hasNever` follows from it).
    private let byClass: [ExactString: PersistencePolicy]
    /// Whether some class is never saved: a save cuts nothing otherwise.
    let hasNever: Bool

    /// The class names of Restack's notes of records left out of a save (a record with no
    /// identifier, no payload and no container, of one of these classes): no app class may be
    /// given a policy under them.
    package static var reservedClassNames: [String] { DropReason.cutNotes.map(RestorationRecord.cutNoteClassName(for:)) }

    /// An empty table: every class is saved and restored.
    public init() {
        self.byClass = [:]
        self.hasNever = false
    }

    /// Creates a table from class names and their policies, written as a dictionary literal
    /// (which keeps repeated keys, so that a repeat is reported, not silently resolved).
    ///
    /// - Throws: ``PersistencePolicyError`` for an empty or reserved name, a name given twice,
    ///   or an age that is not finite and above zero.
    public init(_ policies: KeyValuePairs<String, PersistencePolicy>) throws(PersistencePolicyError) {
        try self.init(policies.map { (className: $0.key, policy: $0.value) })
    }

    /// Creates a table from class names and their policies, in order.
    package init(_ entries: [(className: String, policy: PersistencePolicy)]) throws(PersistencePolicyError) {
        var byClass: [ExactString: PersistencePolicy] = [:]
        let reserved = Set(Self.reservedClassNames.map(ExactString.init))
        for (name, policy) in entries {
            if name.isEmpty { throw .emptyName }
            if reserved.contains(ExactString(name)) { throw .reservedName(name) }
            if case .restoredWithin(let age) = policy, !(age.isFinite && age > 0) {
                throw .badAge(className: name, age: age)
            }
            guard byClass.updateValue(policy, forKey: ExactString(name)) == nil else { throw .duplicate(name) }
        }
        self.byClass = byClass
        self.hasNever = byClass.values.contains(.never)
    }

    /// The policy of the records of class `className`: ``PersistencePolicy/always`` for a class
    /// the table does not name and for a record with no class.
    public func policy(forClass className: String?) -> PersistencePolicy {
        className.flatMap { byClass[ExactString($0)] } ?? .always
    }

    /// Whether the table gives no class a policy.
    package var isEmpty: Bool { byClass.isEmpty }
}
