/// What a container kind's deep-link reveal gives (``ContainerKind/revealing(_:replacedBy:)``):
/// the container with the revealed element in place and everything above it in its sequence
/// removed, the elements removed, and what the kind noted.
package struct DeepLinkReveal<Element> {
    /// The container after the reveal.
    var content: Container<Element>
    /// The elements the reveal removed (each dropped `deep-link-popped`), in order.
    var popped: [Element]
    /// What the reveal changed in the container's settings (`deep-link-selected`,
    /// `deep-link-focused`).
    var notes: [RestorationPlan.Note.Kind]
}

/// Where a container kind puts a deep link's pushed records (``ContainerKind/pushTarget``).
package enum DeepLinkTarget {
    /// Here (``ContainerKind/pushing(_:)``), in a sequence that truncates at its first record
    /// not restored (rule 12) or not.
    case here(truncating: Bool)
    /// Into the container of the child at this index (in document order): a tab bar pushes
    /// onto its selected tab.
    case intoChild(Int)
    /// Nowhere: the container has no stack to push onto.
    case nowhere
}

/// Plans a deep link's pushed records for the kind that takes them: rules 1 to 3 for each, as
/// for any saved record, the resolver asked with the identifier path of the container they go in.
package struct DeepLinkPusher {
    /// The link's records, bottom first.
    let records: [RestorationRecord]
    /// The identifiers of the records that own the container they go in, root first.
    var ancestors: [String]
    let layout: Layout
    let resolver: RecordResolver
    /// What planning them dropped and noted.
    var findings = Restorer.Findings()
    /// How many were restored, once planned.
    private(set) var restoredCount = 0

    init(records: [RestorationRecord], layout: Layout, resolver: RecordResolver) {
        self.records = records
        self.ancestors = []
        self.layout = layout
        self.resolver = resolver
    }

    /// Rules 1 to 3 for each pushed record, in order, each at its place in the link (`push[i]`).
    /// In a sequence that truncates (a presentation chain), the first record not restored drops
    /// every record pushed after it `truncated`, the resolver not asked; elsewhere the gaps close
    /// (rule 4). Called once, by the kind that takes the records.
    mutating func plan(truncating: Bool) -> [PlannedRecord] {
        let scope = Restorer.Scope(path: .root, ancestors: ancestors, layout: layout)
        var result: [PlannedRecord] = []
        var intact = true
        for (index, record) in records.enumerated() {
            guard intact else {
                Restorer.drop(record, at: RecordPath([.push(index)]), reason: .truncated, findings: &findings)
                continue
            }
            if let planned = Restorer.planRecord(record, at: .push(index), in: scope, findings: &findings, resolver: resolver) {
                result.append(planned)
            } else if truncating {
                intact = false
            }
        }
        restoredCount = result.count
        return result
    }
}
