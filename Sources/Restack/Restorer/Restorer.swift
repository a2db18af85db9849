/// Plans the restoration of a saved state: the largest valid tree that the saved records allow,
/// arranged for the layout at restore time, with a reason for every record left out.
///
/// The restorer is a pure function of the state, the layout and the resolver: no I/O, no clock,
/// no global state. It applies the restoration rules, version 2 (the README states them with
/// examples); each rule is one small function below. Version 1 (a ``DrillDownState``) is the
/// `drillDown` case of version 2: ``plan(for:canRebuild:)`` runs the same rule functions on the
/// state's drill-down root and reports the result in the format-1 shape.
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
/// let plan = Restorer.plan(for: state) { record in
///     factory.canMake(record.className)
/// }
/// ```
public enum Restorer {
    /// The format versions of a ``DrillDownState`` (the format-1 shape) this library restores.
    /// A tree in format 2 is planned by ``plan(for:layout:canRebuild:)-(RestorationTree,_,_)``; see
    /// ``RestorationTree/supportedFormatVersions``.
    public static let supportedFormatVersions: ClosedRange<Int> = 1...DrillDownState.currentFormatVersion

    /// Plans the restoration of `state`, asking `canRebuild` about each restorable record.
    ///
    /// `canRebuild` is called at most once per record, in stack order, and never for a record
    /// that rule 1 or rule 6 already drops. An error it throws is rethrown, and no plan is made.
    /// If records hold containers (a format-2 tree), their contents are planned too, but this
    /// format-1 plan reports only the top level: plan ``RestorationTree`` to see them.
    ///
    /// - Parameters:
    ///   - state: The saved state.
    ///   - canRebuild: Returns `true` when the app can rebuild the record.
    /// - Returns: The plan.
    public static func plan(
        for state: DrillDownState,
        canRebuild: (RestorationRecord) throws -> Bool
    ) rethrows -> RestorationPlan {
        try plan(for: state, resolve: { record in ResolverOutcome(canRebuild: try canRebuild(record)) })
    }

    /// Plans the restoration of `state`, asking `resolve` what becomes of each restorable record:
    /// rebuilt, dropped (``ResolverOutcome/classGone``, ``ResolverOutcome/stalePayload``), or
    /// rebuilt under a new class name (``ResolverOutcome/renamed(to:)``, shown in the plan with
    /// ``RestorationPlan/Entry/renamedFrom``).
    ///
    /// `resolve` is called at most once per record, in stack order, and never for a record that
    /// rule 1 already drops. An error it throws is rethrown, and no plan is made.
    ///
    /// - Parameters:
    ///   - state: The saved state.
    ///   - resolve: Says what becomes of the record.
    /// - Returns: The plan.
    @_disfavoredOverload // A closure that fits both (one that only throws, say) keeps meaning Bool.
    public static func plan(
        for state: DrillDownState,
        resolve: (RestorationRecord) throws -> ResolverOutcome
    ) rethrows -> RestorationPlan {
        let tree = try plan(
            RestorationTree(state),
            layout: .regular,
            isSupported: supportedFormatVersions.contains(state.formatVersion),
            resolve: { record, _ in try resolve(record) }
        )
        return RestorationPlan(drillDownOf: tree)
    }

    /// Plans the restoration of `state` with a ready-made resolver.
    ///
    /// - Parameters:
    ///   - state: The saved state.
    ///   - resolver: Says what becomes of each restorable record; by default all are rebuilt.
    /// - Returns: The plan.
    public static func plan(
        for state: DrillDownState,
        resolver: RecordResolver = .acceptAll
    ) -> RestorationPlan {
        plan(for: state, resolve: { resolver.outcome(for: $0) })
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
        ancestors: [String],
        resolve: Resolve
    ) rethrows -> Decision {
        if let problem = identifierProblem(of: record) {
            return .drop(problem)
        }
        switch try resolve(record, ancestors) {
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

extension RestorationPlan {
    /// The format-1 view of a tree plan whose root is a drill-down: its top level, slot by slot.
    /// A plan whose root is another kind, or that restores nothing, gives an empty view.
    public init(drillDownOf tree: RestorationTreePlan) {
        var left: [Entry] = []
        var right: Entry?
        if case .drillDown(let plannedLeft, let plannedRight)? = tree.root?.content {
            left = plannedLeft.compactMap { planned in planned.from.slot.map { Entry(record: planned.record, from: $0, renamedFrom: planned.renamedFrom) } }
            right = plannedRight.flatMap { planned in planned.from.slot.map { Entry(record: planned.record, from: $0, renamedFrom: planned.renamedFrom) } }
        }
        self.init(
            left: left,
            right: right,
            dropped: tree.dropped.compactMap { dropped in
                dropped.path.slot.map { Dropped(record: dropped.record, from: $0, reason: dropped.reason) }
            },
            rightPromotedToLeft: tree.notes.contains { $0.kind == .rightPromoted && $0.path == .root },
            warnings: tree.warnings.compactMap { warning in
                guard case .duplicateIdentifierInContainer(let identifier, let paths) = warning else { return nil }
                let slots = paths.compactMap(\.slot)
                return slots.count == paths.count ? .duplicateIdentifier(identifier, slots: slots) : nil
            }
        )
    }
}
