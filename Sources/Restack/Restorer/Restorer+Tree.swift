extension Restorer {
    /// What the planning of one tree collects besides the restored containers.
    struct Findings {
        var dropped: [RestorationPlan.Dropped] = []
        var notes: [RestorationPlan.Note] = []
        var warnings: [RestorationWarning] = []
    }

    /// Where a container is planned: its path, its ancestors' identifiers, the target layout.
    struct Scope {
        var path: RecordPath
        var ancestors: [String]
        var layout: Layout
    }

    /// The resolver as the planner calls it: a record with a valid identifier, and the
    /// identifiers of its ancestors (the enpoints add the record's own to make its
    /// identifier path; the format-1 one needs none).
    typealias Resolve = (RestorationRecord, _ ancestors: [String]) -> ResolverOutcome

    /// The one planner behind every enpoint: rule 10, then the root container.
    static func plan(_ tree: RestorationTree, layout: Layout, isSupported: Bool, resolve: Resolve) -> RestorationPlan {
        guard isSupported else {
            return unsupportedFormatPlan(tree, layout: layout)
        }
        var findings = Findings()
        let root = planContainer(tree.root, in: Scope(path: .root, ancestors: [], layout: layout), findings: &findings, resolve: resolve)
        return RestorationPlan(
            formatVersion: tree.formatVersion, form: tree.form, layout: layout, root: root,
            dropped: findings.dropped, notes: findings.notes, warnings: findings.warnings
        )
    }

    /// Plans one container: each slot's records (rules 1-4), then the kind's rules (5-7), the
    /// layout (rule 8) and duplicates (rule 9). Notes and warnings of this container go before
    /// those of the containers below it (document order).
    static func planContainer(
        _ container: RestorationContainer, in scope: Scope, findings: inout Findings, resolve: Resolve
    ) -> PlannedContainer {
        let noteMark = findings.notes.count
        let warningMark = findings.warnings.count
        var notes: [RestorationPlan.Note.Kind] = []
        let content: PlannedContainer.Content
        switch container {
        case .drillDown(let saved):
            var left = planSequence(saved.left, RecordPath.Step.left, in: scope, findings: &findings, resolve: resolve)
            var right = saved.right.flatMap { planRecord($0, at: .right, in: scope, findings: &findings, resolve: resolve) }
            notes += promoteLoneRight(left: &left, right: &right) ? [.rightPromoted] : []
            content = .drillDown(left: left, right: right)
        case .stack(let saved):
            content = .stack(records: planSequence(saved.records, RecordPath.Step.records, in: scope, findings: &findings, resolve: resolve))
        case .split(let saved):
            let primary = planSequence(saved.primary, RecordPath.Step.primary, in: scope, findings: &findings, resolve: resolve)
            let detail = planSequence(saved.detail, RecordPath.Step.detail, in: scope, findings: &findings, resolve: resolve)
            let focus = restoredFocus(saved.focus, primaryIsEmpty: primary.isEmpty, detailIsEmpty: detail.isEmpty)
            notes += (focus != saved.focus ? [.focusMoved] : []) + (primary.isEmpty ? [.primaryEmpty] : [])
            content = .split(primary: primary, detail: detail, focus: focus, policy: saved.compact)
        case .tabs(let saved):
            let tabs = planSequence(saved.tabs, RecordPath.Step.tabs, in: scope, findings: &findings, resolve: resolve)
            let selection = restoredSelection(saved.selected, survivors: tabs)
            notes += selection.moved ? [.selectionMoved] : []
            content = .tabs(tabs: tabs, selected: selection.index)
        }
        let planned = PlannedContainer(path: scope.path, content: content, compact: compactArrangement(of: content, layout: scope.layout))
        findings.notes.insert(contentsOf: notes.map { .init(kind: $0, path: scope.path) }, at: noteMark)
        findings.warnings.insert(contentsOf: duplicateIdentifierWarnings(planned.children), at: warningMark)
        return planned
    }

    /// Rules 1 to 4 for one slot's sequence of records.
    static func planSequence(
        _ records: [RestorationRecord], _ step: (Int) -> RecordPath.Step, in scope: Scope, findings: inout Findings, resolve: Resolve
    ) -> [PlannedRecord] {
        var planned: [PlannedRecord?] = []
        planned.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            planned.append(planRecord(record, at: step(index), in: scope, findings: &findings, resolve: resolve))
        }
        return closeGaps(planned)
    }

    /// Rules 1 to 3 for one record: it survives with its planned container, or it is dropped
    /// with every record below it.
    static func planRecord(
        _ record: RestorationRecord, at step: RecordPath.Step, in scope: Scope, findings: inout Findings, resolve: Resolve
    ) -> PlannedRecord? {
        let path = scope.path.appending(step)
        var kept = record
        var renamedFrom: String?
        switch decision(for: record, ancestors: scope.ancestors, resolve: resolve) {
        case .drop(let reason):
            findings.dropped.append(.init(record: record, path: path, reason: reason))
            findings.dropped += descendants(of: record, at: path).map { .init(record: $0.record, path: $0.path, reason: .ancestorDropped) }
            return nil
        case .keep:
            break
        case .rename(let name):
            renamedFrom = record.className
            kept.className = name
        }
        let container = record.container.map { nested in
            let inner = Scope(path: path, ancestors: scope.ancestors + [record.identifier!], layout: scope.layout)
            return planContainer(nested, in: inner, findings: &findings, resolve: resolve)
        }
        return PlannedRecord(record: kept, from: path, container: container, renamedFrom: renamedFrom)
    }

    /// Rule 3: every record below `record`, in document order; the resolver is not asked.
    static func descendants(of record: RestorationRecord, at path: RecordPath) -> [(path: RecordPath, record: RestorationRecord)] {
        guard let container = record.container else { return [] }
        return RestorationTree(root: container).allRecords.map { (path: RecordPath(path.steps + $0.path.steps), record: $0.record) }
    }

    /// Rule 4: in a sequence, survivors keep their order and the gaps of dropped records close.
    static func closeGaps(_ planned: [PlannedRecord?]) -> [PlannedRecord] {
        planned.compactMap { $0 }
    }

    /// Rule 10: a state in an unsupported format restores nothing; every record, nested ones
    /// included, is dropped with ``DropReason/unsupportedFormat``.
    static func unsupportedFormatPlan(_ tree: RestorationTree, layout: Layout) -> RestorationPlan {
        RestorationPlan(
            formatVersion: tree.formatVersion,
            form: tree.form,
            layout: layout,
            root: nil,
            dropped: tree.allRecords.map { .init(record: $0.record, path: $0.path, reason: .unsupportedFormat) },
            notes: [],
            warnings: []
        )
    }
}
