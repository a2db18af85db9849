/// Plans the restoration of a saved state: the largest valid tree that the saved records allow,
/// arranged for the layout at restore time, with a reason for every record left out.
///
/// The restorer is a pure function of the state, the layout and the resolver: no I/O, no clock,
/// no global state. It applies the restoration rules, version 2 (<doc:TheRestorationRules> states
/// them with examples); each rule is one small function. A format-1 drill-down is a tree whose
/// root is a drill-down: the same rules plan it.
///
/// 1. A record is restorable only if its identifier is non-nil and non-empty.
/// 2. The resolver is asked about each record with a valid identifier whose ancestors all
///    survived, in document order, with the record's identifier path. Its outcome
///    (``ResolverOutcome``) rebuilds the record, drops it (``DropReason/unresolvedClass``,
///    ``DropReason/stalePayload``), or rebuilds it under a new class name, shown as `renamedFrom`.
/// 3. A dropped record drops every record below it (``DropReason/ancestorDropped``).
/// 4. In every sequence survivors keep their order and gaps close.
/// 5. `drillDown`: nothing moves into `right`; a lone surviving right becomes the sole left record.
/// 6. `split`: roles are kept; an empty focused side moves the focus to the other side.
/// 7. `tabs`: the saved selected tab stays selected, or the first surviving tab is.
/// 8. In a compact layout each split and drill-down gets an arrangement: one stack, and hidden
///    records that are restored but not shown.
/// 9. Restored records of one container that share an identifier get one warning.
/// 10. A state in a format newer than supported restores nothing.
/// 11. The plan is deterministic; planning the restored state again drops nothing.
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
    ///   - tree: The saved tree; a drill-down (``RestorationTree/drillDown(formatVersion:left:right:)``)
    ///     is one too.
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
    /// Restorer.identifierProblem(of: RestorationRecord(identifier: ""))  // .emptyIdentifier
    /// Restorer.identifierProblem(of: RestorationRecord(identifier: " ")) // nil: valid
    /// ```
    public static func identifierProblem(of record: RestorationRecord) -> DropReason? {
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
    }

    /// Rules 1 and 2: what becomes of a record. The resolver is asked only about records with a
    /// valid identifier, with the identifiers of their ancestors.
    static func decision(
        for record: RestorationRecord,
        at path: RecordPath,
        ancestors: [String],
        resolver: RecordResolver
    ) -> Decision {
        if let problem = identifierProblem(of: record) {
            return .drop(problem)
        }
        if let replay = resolver.replay {
            return replay[path] ?? .keep
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
            return saved.hasSameBytes(as: name) ? .keep : .rename(to: name)
        }
    }
}
