extension RestorationPlan {
    /// This plan with a deep link applied, by the deep-link rules of <doc:TheRestorationRules>.
    ///
    /// The link's ``DeepLink/path`` is walked from the root: in each container the restored
    /// record with the next identifier (the last one in document order, when several have it) is
    /// revealed: a tab bar selects it; in a sequence (a stack, a drill-down's left and right, a
    /// split's side, a presentation chain) every record above it is popped (dropped
    /// ``DropReason/deepLinkPopped``, the records inside their containers
    /// ``DropReason/ancestorDropped``); a split focuses its side. Then the link's
    /// ``DeepLink/push`` records are planned like saved ones (rules 1 to 3, `resolver` asked with
    /// their identifier path) and pushed: into the container the last record of the path holds,
    /// or, for a record that holds none, into its own container above it (for an empty path, into
    /// the root), as each kind says. They show with ``PlannedRecord/isFromDeepLink``.
    ///
    /// When an identifier of the path is not found, or the pushed records find no stack, the
    /// plan is left as it is, with a note (``Note/Kind/deepLinkUnmatched`` with the identifier,
    /// ``Note/Kind/deepLinkNoStack``), and so it is when the pushed records would nest the tree
    /// deeper than ``RestorationTree/maxContainerDepth`` (``Note/Kind/deepLinkTooDeep``): a link is
    /// never half-applied. What the link did is noted
    /// (``Note/Kind/deepLinkSelected``, ``Note/Kind/deepLinkFocused``,
    /// ``Note/Kind/deepLinkPushed``).
    ///
    /// The result is always in the ``RestorationTree/Form/tree`` form (its JSON has notes and
    /// pushed records), of format version 2 or more when it restores anything. The function is
    /// pure: the same plan, link and resolver give the same result.
    ///
    /// ```swift
    /// let link = DeepLink(path: ["mail"], push: [RestorationRecord(identifier: "message-99", className: "MessageController")])
    /// let plan = Restorer.plan(tree, resolver: resolver).merging(link, resolver: resolver)
    /// ```
    ///
    /// - Parameters:
    ///   - link: The deep link.
    ///   - resolver: Says what becomes of each pushed record; by default all are rebuilt.
    /// - Returns: The merged plan.
    public func merging(_ link: DeepLink, resolver: RecordResolver = .acceptAll) -> RestorationPlan {
        var unchanged = self
        unchanged.form = .tree
        unchanged.source?.links.append(link)
        guard let root else {
            if let first = link.path.first {
                unchanged.notes.append(Note(kind: .deepLinkUnmatched, path: .root, identifier: first))
            } else if !link.push.isEmpty {
                unchanged.notes.append(Note(kind: .deepLinkNoStack, path: .root))
            }
            return unchanged
        }
        var merge = DeepLinkMerge(root: root)
        if let unmatched = merge.match(link.path) {
            unchanged.notes.append(Note(kind: .deepLinkUnmatched, path: unmatched.path, identifier: unmatched.identifier))
            return unchanged
        }
        var pusher = DeepLinkPusher(records: link.push, layout: layout, resolver: resolver)
        if !link.push.isEmpty, let path = merge.push(&pusher) {
            unchanged.notes.append(Note(kind: .deepLinkNoStack, path: path))
            return unchanged
        }
        merge.revealAndRebuild(layout: layout)

        var merged = unchanged
        merged.formatVersion = Swift.max(formatVersion, RestorationTree.currentFormatVersion)
        merged.root = merge.levels[0].container
        // A state nests at most maxContainerDepth containers: a merged one deeper could be
        // neither saved nor read back, so the link is refused whole, as an unmatched one is.
        if let root = merged.root, root.restoredContainer.depth > RestorationTree.maxContainerDepth {
            unchanged.notes.append(Note(kind: .deepLinkTooDeep, path: .root))
            return unchanged
        }
        for level in merge.levels {
            for record in level.popped {
                merged.dropped.append(Dropped(record: record.savedRecord, path: record.from, reason: .deepLinkPopped))
                merged.dropped += record.restoredDescendants.map { Dropped(record: $0.savedRecord, path: $0.from, reason: .ancestorDropped) }
            }
            for kind in level.notes {
                merged.notes.append(Note(kind: kind, path: level.container.path))
            }
        }
        merged.dropped += pusher.findings.dropped
        merged.notes += pusher.findings.notes
        if merged.dropped.count == dropped.count && merged.notes.count == notes.count && link != DeepLink() {
            // Nothing selected, focused, popped or pushed, no pushed record refused: the link
            // found everything it asks for already shown (the empty link asks for nothing).
            merged.notes.append(Note(kind: .deepLinkShown, path: merge.levels[merge.levels.count - 1].container.path))
        }
        merged.warnings = warnings.filter { $0.kind != "duplicate-identifier" } + merged.duplicateIdentifierWarnings
        return merged
    }

    /// Rule 9 over the whole plan: each container's warnings, containers in document order.
    private var duplicateIdentifierWarnings: [RestorationWarning] {
        guard let root else { return [] }
        return ([root] + restoredRecords.compactMap(\.container)).flatMap { Restorer.duplicateIdentifierWarnings($0.children) }
    }
}

extension PlannedRecord {
    /// The record exactly as saved: under its saved class name if the resolver renamed it.
    var savedRecord: RestorationRecord {
        var saved = record
        if let renamedFrom { saved.className = renamedFrom }
        return saved
    }

    /// The restored records inside this record's container, in document order.
    var restoredDescendants: [PlannedRecord] {
        var result: [PlannedRecord] = []
        var pending = (container?.children ?? []).reversed().map { $0 }
        while let next = pending.popLast() {
            result.append(next)
            pending += (next.container?.children ?? []).reversed()
        }
        return result
    }
}

/// One merge of a deep link into a planned tree: the containers from the root down to the one
/// the pushed records go in, each revealed, then put back together bottom up.
struct DeepLinkMerge {
    /// One container on the way down.
    struct Level {
        var container: PlannedContainer
        /// The identifiers of the records that own this container, root first.
        var ancestors: [String]
        /// The child revealed here, or gone through to the next level (in `children` order).
        var child: Int?
        /// Whether this level was already revealed (the pushed records went on top of it).
        var revealed = false
        var popped: [PlannedRecord] = []
        var notes: [RestorationPlan.Note.Kind] = []
        /// The focus before the link changed anything here (a split's side, a column).
        var savedFocus: String??

        /// The container's focus now (``PlannedContainer/focus``).
        var focus: String? {
            container.focus
        }

        mutating func keepSavedFocus() {
            if savedFocus == nil { savedFocus = .some(focus) }
        }
    }

    var levels: [Level]

    init(root: PlannedContainer) {
        levels = [Level(container: root, ancestors: [])]
    }

    /// Walks `path` down from the root; returns where the first identifier not found was looked
    /// for, and that identifier, or `nil` when the whole path matched.
    mutating func match(_ path: [String]) -> (path: RecordPath, identifier: String)? {
        for (step, identifier) in path.enumerated() {
            if step > 0 {
                let owner = ownerOfNextLevel
                guard let nested = owner.container else { return (owner.from, identifier) }
                levels.append(Level(container: nested, ancestors: levels[levels.count - 1].ancestors + [owner.record.identifier ?? ""]))
            }
            let container = levels[levels.count - 1].container
            guard let index = container.children.lastIndex(where: { $0.record.identifier.isExactlyEqual(to: identifier) }) else {
                return (container.path, identifier)
            }
            levels[levels.count - 1].child = index
        }
        return nil
    }

    /// The record chosen at the deepest level.
    private var ownerOfNextLevel: PlannedRecord {
        let level = levels[levels.count - 1]
        return level.container.children[level.child!]
    }

    /// Pushes the link's records: into the container the last matched record holds, else into
    /// that record's own container above it (revealed first), else into the root; a kind may
    /// pass them on to a child's container. Returns where no stack was found, or `nil` once pushed.
    ///
    /// The kind that takes them reveals those already shown instead of pushing them again
    /// (``DeepLinkRun``): when the path's last record holds no container, the kind is given every
    /// child with that record's identifier and reveals the one the rule chooses.
    mutating func push(_ pusher: inout DeepLinkPusher) -> RecordPath? {
        var candidates: [Int] = []
        if let walked = levels[levels.count - 1].child {
            let container = levels[levels.count - 1].container
            // The children once: `children` makes its array at each call, and a look at it per
            // child made merging quadratic in the records sharing the identifier (issue 38).
            let children = container.children
            let identifier = children[walked].record.identifier
            let named = children.indices.filter { children[$0].record.identifier.isExactlyEqual(to: identifier) }
            levels[levels.count - 1].child = choose(among: named, pusher: pusher)
            let owner = ownerOfNextLevel
            if let nested = owner.container {
                levels.append(Level(container: nested, ancestors: levels[levels.count - 1].ancestors + [owner.record.identifier ?? ""]))
            } else if case .here = container.content.definition.pushTarget {
                candidates = named.filter { children[$0].container == nil }
            } else {
                reveal(levels.count - 1, replacedBy: owner)
            }
        }
        while true {
            let last = levels.count - 1
            let container = levels[last].container
            pusher.ancestors = levels[last].ancestors
            switch container.content.definition.pushTarget {
            case .here(let truncating):
                let planned = pusher.plan(truncating: truncating)
                let pushed = container.content.pushing(planned, revealing: candidates, same: Self.same)
                // A pushed record already shown is not used: what planning it (and its container)
                // dropped or noted is no part of the merged plan.
                let unused = Set(planned.prefix(pushed.shown).compactMap(\.from.steps.first))
                pusher.findings.dropped.removeAll { $0.path.steps.first.map(unused.contains) == true }
                pusher.findings.notes.removeAll { $0.path.steps.first.map(unused.contains) == true }
                levels[last].keepSavedFocus()
                if let revealed = pushed.revealed {
                    levels[last].child = revealed
                    levels[last].revealed = true
                }
                levels[last].container.content = pushed.content
                levels[last].popped += pushed.popped
                levels[last].notes += pushed.notes + (pushed.pushed > 0 ? [.deepLinkPushed] : [])
                return nil
            case .intoChild(let index):
                let owner = container.children[index]
                guard let nested = owner.container else { return owner.from }
                levels[last].child = index
                levels[last].revealed = false
                levels.append(Level(container: nested, ancestors: levels[last].ancestors + [owner.record.identifier ?? ""]))
            case .nowhere:
                return container.path
            }
        }
    }

    /// Whether a record shown is the one a link pushes: the same identifier and class.
    static func same(_ shown: PlannedRecord, _ pushed: PlannedRecord) -> Bool {
        shown.record.identifier.isExactlyEqual(to: pushed.record.identifier) && shown.record.className.isExactlyEqual(to: pushed.record.className)
    }

    /// Of the children of the deepest level that the path's last identifier names (`named`, in
    /// document order), the one under or above which the pushed records find the longest run
    /// already shown (``DeepLinkRun``): above a child that holds no container, in its own
    /// container for one that does. On a tie, the one whose push changes least in the sequence
    /// that takes the records: the fewest records popped and settings noted (a focus); then the
    /// last one, as the walk takes. So a link whose pushed records share that identifier finds,
    /// merged again, the record it revealed, which changes nothing, even when a pushed record's
    /// own container shows that identifier again (where the run may have records above it). Each
    /// candidate is weighed by the one push its run needs: no reveal per candidate, which would
    /// make the merge quadratic in the records sharing the identifier (issue 38).
    private func choose(among named: [Int], pusher: DeepLinkPusher) -> Int {
        guard named.count > 1 else { return named[0] }
        let level = levels[levels.count - 1]
        let children = level.container.children
        var scores: [(child: Int, shown: Int, changes: Int)] = []
        let plain = named.filter { children[$0].container == nil }
        if !plain.isEmpty {
            if case .here(let truncating) = level.container.content.definition.pushTarget {
                var trial = pusher
                trial.ancestors = level.ancestors
                let push = level.container.content.pushing(trial.plan(truncating: truncating), revealing: plain, same: Self.same)
                scores.append((push.revealed ?? plain[plain.count - 1], push.shown, push.popped.count + push.notes.count))
            } else {
                scores += plain.map { ($0, 0, 0) }
            }
        }
        // The pushed records planned for the containers of the named children: the same
        // ancestors for each (they share the identifier), so planned once for each rule after a
        // drop, not once per child.
        var plannedFor: [Bool: [PlannedRecord]] = [:]
        for child in named {
            guard let nested = children[child].container else { continue }
            guard case .here(let truncating) = nested.content.definition.pushTarget else {
                scores.append((child, 0, 0))
                continue
            }
            if plannedFor[truncating] == nil {
                var trial = pusher
                trial.ancestors = level.ancestors + [children[child].record.identifier ?? ""]
                plannedFor[truncating] = trial.plan(truncating: truncating)
            }
            let push = nested.content.pushing(plannedFor[truncating] ?? [], revealing: [], same: Self.same)
            scores.append((child, push.shown, push.popped.count + push.notes.count))
        }
        return scores.max { ($0.shown, -$0.changes, $0.child) < ($1.shown, -$1.changes, $1.child) }!.child
    }

    /// Reveals the chosen child of the level at `index`, with `replacement` in its place.
    private mutating func reveal(_ index: Int, replacedBy replacement: PlannedRecord) {
        let container = levels[index].container
        let reveal = container.content.revealing(levels[index].child!, replacedBy: replacement)
        levels[index].keepSavedFocus()
        levels[index].container.content = reveal.content
        levels[index].popped += reveal.popped
        levels[index].notes = reveal.notes + levels[index].notes
        levels[index].revealed = true
    }

    /// Reveals every level not yet revealed, bottom up, each with the level below as its chosen
    /// child's container, and arranges each again for the layout (rule 8).
    mutating func revealAndRebuild(layout: Layout) {
        for index in levels.indices.reversed() {
            if let child = levels[index].child, !levels[index].revealed {
                var replacement = levels[index].container.children[child]
                if index + 1 < levels.count {
                    replacement.container = levels[index + 1].container
                }
                reveal(index, replacedBy: replacement)
            }
            levels[index].container.compact = Restorer.compactArrangement(of: levels[index].container.content, layout: layout)
            // One note of each kind; a focus moved twice (to the side the path revealed, then to
            // the detail the records were pushed on) and back where it was has no note.
            let notes = levels[index].notes
            var seen: [RestorationPlan.Note.Kind] = []
            for note in notes where !seen.contains(note) {
                if note == .deepLinkFocused && levels[index].savedFocus == levels[index].focus { continue }
                seen.append(note)
            }
            levels[index].notes = seen
        }
    }
}
