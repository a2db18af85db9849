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

/// What a container kind's deep-link push gives (``ContainerKind/pushing(_:revealing:same:)``):
/// the container with the pushed elements in place, the child the path revealed here (when it
/// did), what was popped, how many pushed elements were already shown, and what the kind noted.
package struct DeepLinkPush<Element> {
    /// The container after the push.
    var content: Container<Element>
    /// The child (in document order) the path's last identifier revealed, among the candidates
    /// given; `nil` when none were given.
    var revealed: Int?
    /// The elements popped (each dropped `deep-link-popped`), in document order.
    var popped: [Element]
    /// How many of the pushed elements were already shown, and revealed instead of pushed.
    var shown: Int
    /// How many of the pushed elements were pushed.
    var pushed: Int
    /// What the push changed in the container's settings (`deep-link-focused`).
    var notes: [RestorationPlan.Note.Kind]
}

/// Where, in the sequence a kind pushes a deep link's records onto, the records already shown may
/// start: directly above the record the path revealed in that sequence, or anywhere in it (the
/// path revealed no record of that sequence: the records go into the container of the path's
/// last record, or onto a split's detail when the path revealed a primary record).
package enum DeepLinkRunStart: Equatable {
    case above(Int)
    case anywhere
}

extension DeepLinkRunStart {
    /// The starts for the candidate children the path's last identifier names: each directly
    /// above its position in the sequence, or anywhere when `position` says it is not in it (a
    /// split's primary record); anywhere when there are no candidates.
    static func starts(_ candidates: [Int], position: (Int) -> Int?) -> [DeepLinkRunStart] {
        candidates.isEmpty ? [.anywhere] : candidates.map { position($0).map(DeepLinkRunStart.above) ?? .anywhere }
    }
}

/// The rule that makes a deep link idempotent, "reveal it if it is there, push it only if it is
/// not" (React Navigation's `navigate` against `push`, Android's single-top), on the one sequence a
/// kind pushes onto. Written once; each kind says what its sequence is
/// (``ContainerKind/pushing(_:revealing:same:)``).
///
/// The pushed records already shown are the longest **run** of them, bottom first and unbroken,
/// that equals (identifier and class) records of the sequence: starting directly above the record
/// the path revealed, or, when the path revealed none there, anywhere in it (the last such run on a
/// tie). Of several records sharing the path's last identifier, the one with the longest run is
/// revealed (on a tie, the one whose push pops and notes least, then the last one in document
/// order, as the path's walk takes). The records of the
/// run are revealed, keeping their saved payload and container; what is above the run's top is
/// popped (above the revealed record when the run is empty; nothing when the path revealed no
/// record there and no run was found); only the rest of the pushed records is pushed.
package struct DeepLinkRun {
    /// The index of the chosen start among those given.
    package var start: Int
    /// How many elements of the sequence stay, bottom first; those above are popped.
    package var kept: Int
    /// How many pushed elements, from the first, are already shown (revealed, not pushed).
    package var shown: Int

    /// Finds the run for `pushed` in `sequence` from each of `starts`, and keeps the longest.
    package static func find<Element>(in sequence: [Element], from starts: [DeepLinkRunStart], pushed: [Element],
                                      same: (Element, Element) -> Bool) -> DeepLinkRun {
        func length(at position: Int) -> Int {
            var count = 0
            while count < pushed.count, position + count < sequence.count, same(sequence[position + count], pushed[count]) {
                count += 1
            }
            return count
        }
        var best: DeepLinkRun?
        for (index, start) in starts.enumerated() {
            var option: DeepLinkRun
            switch start {
            case .above(let revealed):
                let shown = length(at: revealed + 1)
                option = DeepLinkRun(start: index, kept: revealed + 1 + shown, shown: shown)
            case .anywhere:
                option = DeepLinkRun(start: index, kept: sequence.count, shown: 0)
                for position in sequence.indices {
                    let shown = length(at: position)
                    if shown > 0 && shown >= option.shown {
                        option = DeepLinkRun(start: index, kept: position + shown, shown: shown)
                    }
                }
            }
            if best.map({ option.shown >= $0.shown }) ?? true { best = option }
        }
        return best!
    }
}

/// The rule applied to a kind's sequence (``DeepLinkRun/apply(_:onto:revealing:position:same:)``):
/// what stays of the sequence, what is pushed on top of it, what was popped and which candidate was
/// revealed. A kind only puts ``sequence`` back in its own shape.
package struct DeepLinkApplied<Element> {
    /// The elements of the sequence that stay, bottom first (the run already shown included).
    var kept: [Element]
    /// The pushed elements not already shown: pushed on top of ``kept``.
    var rest: [Element]
    /// The elements above the run's top (or the revealed element), popped, in order.
    var popped: [Element]
    /// The candidate child (in document order) revealed; `nil` when none were given.
    var revealed: Int?
    /// How many pushed elements were already shown.
    var shown: Int

    /// The sequence after the push: what stays, then what is pushed.
    var sequence: [Element] { kept + rest }

    /// The kind's push result: `content` holds ``sequence`` in the kind's shape; `popped` comes
    /// first when the kind popped something else before (a split's primary reveal).
    func push(_ content: Container<Element>, poppedBefore: [Element] = [], notes: [RestorationPlan.Note.Kind] = []) -> DeepLinkPush<Element> {
        DeepLinkPush(content: content, revealed: revealed, popped: poppedBefore + popped, shown: shown, pushed: rest.count, notes: notes)
    }
}

extension DeepLinkRun {
    /// The whole rule on one sequence: finds the run for `pushed` from each candidate (its
    /// `position` in `sequence`, or `nil` when it is not in it), keeps what is below the run's top,
    /// pops what is above it and pushes the rest of `pushed`.
    static func apply<Element>(_ pushed: [Element], onto sequence: [Element], revealing candidates: [Int],
                               position: (Int) -> Int? = { $0 }, same: (Element, Element) -> Bool) -> DeepLinkApplied<Element> {
        let run = find(in: sequence, from: DeepLinkRunStart.starts(candidates, position: position), pushed: pushed, same: same)
        return DeepLinkApplied(kept: Array(sequence[..<run.kept]), rest: Array(pushed[run.shown...]),
                               popped: Array(sequence[run.kept...]), revealed: candidates.isEmpty ? nil : candidates[run.start],
                               shown: run.shown)
    }
}

/// Where a container kind puts a deep link's pushed records (``ContainerKind/pushTarget``).
package enum DeepLinkTarget {
    /// Here (``ContainerKind/pushing(_:revealing:same:)``), in a sequence that truncates at its first record
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
        return result
    }
}
