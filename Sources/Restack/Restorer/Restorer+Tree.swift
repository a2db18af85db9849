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

    /// The one planner behind ``plan(_:layout:resolver:)``: rule 10, then the root container.
    static func plan(_ tree: RestorationTree, layout: Layout, isSupported: Bool, resolver: RecordResolver) -> RestorationPlan {
        guard isSupported else {
            return unsupportedFormatPlan(tree, layout: layout)
        }
        var findings = Findings()
        let root = planContainer(tree.root, in: Scope(path: .root, ancestors: [], layout: layout), findings: &findings, resolver: resolver)
        var plan = RestorationPlan(
            formatVersion: tree.formatVersion, form: tree.form, layout: layout, root: root,
            dropped: findings.dropped, notes: findings.notes, warnings: findings.warnings
        )
        plan.source = RestorationPlan.Source(tree: tree, links: [])
        return plan
    }

    /// Plans one container: its kind's rule plans the slots (rules 1-4 through a
    /// ``SlotPlanner``, then rules 5-7 or the presentation chain's), then the layout (rule 8) and
    /// duplicates (rule 9). Notes and warnings of this container go before those of the
    /// containers below it (document order).
    static func planContainer(
        _ container: RestorationContainer, in scope: Scope, findings: inout Findings, resolver: RecordResolver
    ) -> PlannedContainer {
        let noteMark = findings.notes.count
        let warningMark = findings.warnings.count
        let parts = container.parts
        var planner = SlotPlanner(saved: parts.slots, slots: parts.kind.slots, scope: scope, findings: Findings(), resolver: resolver)
        // The findings move into the planner and back: a copy would duplicate every array.
        swap(&planner.findings, &findings)
        let (content, notes) = container.definition.plan(&planner)
        swap(&planner.findings, &findings)
        let planned = PlannedContainer(path: scope.path, content: content, compact: compactArrangement(of: content, layout: scope.layout))
        findings.notes.insert(contentsOf: notes.map { .init(kind: $0, path: scope.path) }, at: noteMark)
        findings.warnings.insert(contentsOf: duplicateIdentifierWarnings(planned.children), at: warningMark)
        return planned
    }

    /// Rules 1 to 3 for one record: it survives with its planned container, or it is dropped
    /// with every record below it.
    static func planRecord(
        _ record: RestorationRecord, at step: RecordPath.Step, in scope: Scope, findings: inout Findings, resolver: RecordResolver
    ) -> PlannedRecord? {
        let path = scope.path.appending(step)
        var kept = record
        var renamedFrom: String?
        switch decision(for: record, at: path, ancestors: scope.ancestors, resolver: resolver) {
        case .drop(let reason):
            drop(record, at: path, reason: reason, findings: &findings)
            return nil
        case .keep:
            break
        case .rename(let name):
            renamedFrom = record.className
            kept.className = name
        case .upgrade(let payload, let shape, let name):
            if let name {
                renamedFrom = record.className
                kept.className = name
            }
            kept.payload = payload
            findings.notes.append(.init(kind: .payloadUpgraded, path: path, shape: shape))
        case .upgradeFailed(let step):
            drop(record, at: path, reason: .stalePayload, findings: &findings)
            findings.notes.append(.init(kind: .payloadUpgradeFailed, path: path, shape: step))
            return nil
        }
        let container = record.container.map { nested in
            let inner = Scope(path: path, ancestors: scope.ancestors + [record.identifier!], layout: scope.layout)
            return planContainer(nested, in: inner, findings: &findings, resolver: resolver)
        }
        return PlannedRecord(record: kept, from: path, container: container, renamedFrom: renamedFrom)
    }

    /// Drops `record` for `reason`, and, by rule 3, every record below it.
    static func drop(_ record: RestorationRecord, at path: RecordPath, reason: DropReason, findings: inout Findings) {
        findings.dropped.append(.init(record: record, path: path, reason: reason))
        findings.dropped += descendants(of: record, at: path).map { .init(record: $0.record, path: $0.path, reason: .ancestorDropped) }
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

/// What a container kind's rule plans its slots with: rules 1 to 4 for each slot or record, in
/// the order the rule asks, and drops the rule decides without asking the resolver.
package struct SlotPlanner {
    /// The saved records of each slot, in the kind's slot order.
    let saved: [[RestorationRecord]]
    /// The kind's slots.
    let slots: [ContainerSlot]
    let scope: Restorer.Scope
    var findings: Restorer.Findings
    let resolver: RecordResolver

    /// Rules 1 to 4 for a sequence slot: its surviving records, in order, gaps closed.
    mutating func sequence(_ slot: Int) -> [PlannedRecord] {
        var planned: [PlannedRecord?] = []
        planned.reserveCapacity(saved[slot].count)
        for index in saved[slot].indices {
            planned.append(record(slot, index))
        }
        return Restorer.closeGaps(planned)
    }

    /// Rules 1 to 3 for a sequence slot, bottom up, until a record is not restored; then rule
    /// 12: every record above it is dropped `truncated` without asking the resolver, as are all
    /// of them when the sequence is not `intact` (what it stands on is not restored).
    mutating func truncatingSequence(_ slot: Int, intact: Bool = true) -> [PlannedRecord] {
        var restored: [PlannedRecord] = []
        var intact = intact
        for index in saved[slot].indices {
            guard intact else {
                drop(slot, index, reason: .truncated)
                continue
            }
            if let record = record(slot, index) {
                restored.append(record)
            } else {
                intact = false
            }
        }
        return restored
    }

    /// Rules 1 to 3 for a slot of one record: the record if it survives.
    mutating func single(_ slot: Int) -> PlannedRecord? {
        saved[slot].isEmpty ? nil : record(slot, 0)
    }

    /// Rules 1 to 3 for the record at `index` of `slot`.
    mutating func record(_ slot: Int, _ index: Int) -> PlannedRecord? {
        Restorer.planRecord(saved[slot][index], at: slots[slot].step(index), in: scope, findings: &findings, resolver: resolver)
    }

    /// Drops the record at `index` of `slot` for `reason` without asking the resolver, and every
    /// record below it (rule 3).
    mutating func drop(_ slot: Int, _ index: Int, reason: DropReason) {
        Restorer.drop(saved[slot][index], at: scope.path.appending(slots[slot].step(index)), reason: reason, findings: &findings)
    }
}

extension Restorer {
    /// Rule 8: in a compact layout, the single stack and the hidden records of a kind that has
    /// an arrangement (a split, a drill-down: its kind's file says how), as saved paths; `nil` in
    /// a regular layout and for the kinds that show as they are.
    static func compactArrangement(of content: PlannedContainer.Content, layout: Layout) -> CompactArrangement? {
        guard layout == .compact, let arrangement = content.compactArrangement else { return nil }
        return CompactArrangement(stack: arrangement.stack.map(\.from), hidden: arrangement.hidden.map(\.from))
    }
}
