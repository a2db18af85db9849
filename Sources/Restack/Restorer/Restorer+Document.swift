extension Restorer {
    /// Plans a format-1 state for a layout, as a tree plan: rules v2 on its drill-down root,
    /// with format 1's supported versions (a state of version 2 or more restores nothing,
    /// rule 6). ``RestorationPlan/init(drillDownOf:)`` gives the format-1 view of the result.
    ///
    /// - Parameters:
    ///   - state: The saved state.
    ///   - layout: The layout the app is in now.
    ///   - canRebuild: Returns `true` when the app can rebuild the record; it also receives the
    ///     record's identifier path.
    public static func plan(
        for state: DrillDownState,
        layout: Layout,
        canRebuild: (RestorationRecord, _ identifierPath: [String]) throws -> Bool
    ) rethrows -> RestorationTreePlan {
        try plan(for: state, layout: layout, resolve: { record, path in ResolverOutcome(canRebuild: try canRebuild(record, path)) })
    }

    /// Plans a format-1 state for a layout, as a tree plan, asking `resolve` what becomes of each
    /// record (``ResolverOutcome``): rebuilt, dropped, or rebuilt under a new class name.
    ///
    /// - Parameters:
    ///   - state: The saved state.
    ///   - layout: The layout the app is in now.
    ///   - resolve: Says what becomes of the record; it also receives the record's identifier path.
    @_disfavoredOverload // A closure that fits both keeps meaning Bool.
    public static func plan(
        for state: DrillDownState,
        layout: Layout,
        resolve: (RestorationRecord, _ identifierPath: [String]) throws -> ResolverOutcome
    ) rethrows -> RestorationTreePlan {
        try plan(
            RestorationTree(state), layout: layout, isSupported: supportedFormatVersions.contains(state.formatVersion),
            resolve: { record, ancestors in try resolve(record, ancestors + [record.identifier!]) }
        )
    }

    /// Plans a state file's document for a layout: a format-1 state as
    /// ``plan(for:layout:canRebuild:)-(DrillDownState,_,_)`` does, a tree with rules v2.
    ///
    /// ```swift
    /// let plan = Restorer.plan(for: try StateFile.decodeDocument(data), layout: .compact) { record, _ in
    ///     factory.canMake(record.className)
    /// }
    /// ```
    public static func plan(
        for document: StateFile.Document,
        layout: Layout = .regular,
        canRebuild: (RestorationRecord, _ identifierPath: [String]) throws -> Bool
    ) rethrows -> RestorationTreePlan {
        switch document {
        case .drillDown(let state): try plan(for: state, layout: layout, canRebuild: canRebuild)
        case .tree(let tree): try plan(for: tree, layout: layout, canRebuild: canRebuild)
        }
    }

    /// Plans a state file's document for a layout, asking `resolve` what becomes of each record
    /// (``ResolverOutcome``): rebuilt, dropped, or rebuilt under a new class name.
    @_disfavoredOverload // A closure that fits both keeps meaning Bool.
    public static func plan(
        for document: StateFile.Document,
        layout: Layout = .regular,
        resolve: (RestorationRecord, _ identifierPath: [String]) throws -> ResolverOutcome
    ) rethrows -> RestorationTreePlan {
        switch document {
        case .drillDown(let state): try plan(for: state, layout: layout, resolve: resolve)
        case .tree(let tree): try plan(for: tree, layout: layout, resolve: resolve)
        }
    }

    /// Plans a state file's document for a layout with a ready-made resolver.
    public static func plan(for document: StateFile.Document, layout: Layout = .regular, resolver: RecordResolver = .acceptAll) -> RestorationTreePlan {
        plan(for: document, layout: layout, resolve: { resolver.outcome(for: $0, identifierPath: $1) })
    }
}
