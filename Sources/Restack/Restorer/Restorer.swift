import Foundation

/// Plans the restoration of a saved state: the largest valid tree that the saved records allow,
/// arranged for the layout at restore time, with a reason for every record left out.
///
/// The restorer is a pure function of the state, the layout and the resolver: no I/O, no clock,
/// no global state. It applies the restoration rules, version 2, each one small function; the
/// rules, with examples, are <doc:TheRestorationRules>. A format-1 drill-down is a tree whose root
/// is a drill-down: the same rules plan it.
///
/// ```swift
/// let plan = Restorer.plan(tree, layout: .compact, resolver: RecordResolver { record in
///     factory.canMake(record.className)
/// })
/// ```
public enum Restorer {
    /// Plans the restoration of `tree` for `layout`, asking `resolver` what becomes of each
    /// record with a valid identifier whose ancestors all survived: rebuilt, dropped
    /// (``ResolverOutcome/classGone``, ``ResolverOutcome/stalePayload``), or rebuilt under a new
    /// class name (``ResolverOutcome/renamed(to:)``, shown with ``PlannedRecord/renamedFrom``).
    ///
    /// The resolver receives each record with its identifier path (its ancestors' identifiers,
    /// root first, then its own), is asked at most once per record in document order, and never
    /// about a record that rules 1, 3 or 10 already drop.
    ///
    /// - Parameters:
    ///   - tree: The saved tree, in any form: a format-1 drill-down is a tree whose root is a
    ///     drill-down.
    ///   - layout: The layout the app restores into; ``Layout/regular`` by default.
    ///   - resolver: Says what becomes of each record; by default all are rebuilt. A closure
    ///     becomes one through ``RecordResolver``'s initializers.
    /// - Returns: The plan.
    public static func plan(_ tree: RestorationTree, layout: Layout = .regular, resolver: RecordResolver = .acceptAll) -> RestorationPlan {
        plan(tree, layout: layout, isSupported: tree.form.supportedFormatVersions.contains(tree.formatVersion), resolver: resolver)
    }

    // MARK: - Rules 1 and 2

    /// Rule 1: why the record's identifier makes it unrestorable, or `nil` when it is valid.
    ///
    /// ```swift
    /// #expect(Restorer.identifierProblem(of: RestorationRecord(identifier: "")) == .emptyIdentifier)
    /// #expect(Restorer.identifierProblem(of: RestorationRecord(identifier: " ")) == nil)   // valid
    /// ```
    package static func identifierProblem(of record: RestorationRecord) -> DropReason? {
        switch record.identifier {
        case nil: .missingIdentifier
        case ""?: .emptyIdentifier
        default: nil
        }
    }

    /// What rules 1 and 2 decide about one record.
    enum Decision {
        /// Dropped, and why.
        case drop(DropReason)
        /// Kept as saved.
        case keep
        /// Kept under a new class name.
        case rename(to: String)
        /// Kept with a payload upgraded from the shape `readAs`, under a new class name when
        /// `renamedTo` is given.
        case upgrade(payload: Data, readAs: String, renamedTo: String?)
        /// Dropped `stale-payload` because the upgrade step `step` threw.
        case upgradeFailed(step: String)
    }

    /// Rules 1 and 2, and the persistence policies: what becomes of a record. A note of a cut
    /// is dropped for its reason; the resolver's policies (``RecordResolver/applying(_:snapshotAge:)``)
    /// are applied to the saved class name before the resolver is asked, and to a new name it
    /// gives. The resolver is asked only about records with a valid identifier, with the
    /// identifiers of their ancestors.
    static func decision(
        for record: RestorationRecord,
        at path: RecordPath,
        ancestors: [String],
        resolver: RecordResolver
    ) -> Decision {
        if let cut = record.cutNote {
            return .drop(cut)
        }
        if let problem = identifierProblem(of: record) {
            return .drop(problem)
        }
        if let replay = resolver.replay {
            return replay[path] ?? .keep
        }
        if let policy = resolver.policyDrop(forClass: record.className) {
            return .drop(policy)
        }
        switch resolver.outcome(for: record, identifierPath: ancestors + [record.identifier!]) {
        case .rebuild:
            return .keep
        case .classGone:
            return .drop(.unresolvedClass)
        case .stalePayload:
            return .drop(.stalePayload)
        case .renamed(let name):
            guard let saved = record.className else { return .drop(.unresolvedClass) }
            if let policy = resolver.policyDrop(forClass: name) {
                return .drop(policy)
            }
            return saved.hasSameBytes(as: name) ? .keep : .rename(to: name)
        case .upgraded(let payload, let shape, let name):
            let renamed = name.flatMap { name in record.className?.hasSameBytes(as: name) == false ? name : nil }
            if name != nil, record.className == nil { return .drop(.unresolvedClass) }
            return .upgrade(payload: payload, readAs: shape, renamedTo: renamed)
        case .upgradeFailed(let step):
            return .upgradeFailed(step: step)
        }
    }
}
