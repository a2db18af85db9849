import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// Properties of rules v2 over random trees up to four levels deep. Every body catches what it
/// throws and records it: the property library would otherwise pass a throwing body silently.
@Suite("Rules v2 properties")
struct TreePropertyTests {
    /// Refuses the class `GoneController`, and any record whose identifier path holds "inbox"
    /// more than once: a resolver that depends on the path.
    static var resolver: RecordResolver {
        RecordResolver { (record: RestorationRecord, path: [String]) in
        record.className != "GoneController" && path.filter { $0 == "inbox" }.count < 2
    }
    }

    /// The oracle: each record's fate from its own validity and its ancestors', written
    /// independently of the restorer's walk.
    static func expectedFates(_ tree: RestorationTree) -> [(path: RecordPath, reason: DropReason?)] {
        var fates: [(RecordPath, DropReason?)] = []
        var identifiersAt: [RecordPath: [String]] = [.root: []]
        var deadAt = Set<RecordPath>()
        var brokenChains = chainsWithoutBase(tree)
        let truncation = Truncation(tree)
        for (path, record) in tree.allRecords {
            let parent = RecordPath(Array(path.steps.dropLast()))
            func die(_ reason: DropReason) {
                deadAt.insert(path)
                fates.append((path, reason))
                if truncation.cuts(path) { brokenChains.insert(parent) }
            }
            if deadAt.contains(parent) {
                die(.ancestorDropped)
                continue
            }
            if truncation.isCutAbove(path) && brokenChains.contains(parent) {
                die(.truncated)
                continue
            }
            guard let id = record.identifier, !id.isEmpty else {
                die(record.identifier == nil ? .missingIdentifier : .emptyIdentifier)
                continue
            }
            let identifiers = identifiersAt[parent]! + [id]
            if resolver.outcome(for: record, identifierPath: identifiers).rebuilds {
                identifiersAt[path] = identifiers
                fates.append((path, nil))
            } else {
                die(.unresolvedClass)
            }
        }
        return fates
    }

    /// The random trees reach what the properties are about: every kind and policy, four levels,
    /// drops of every reason, and hidden records.
    @Test func theGeneratorCoversEveryKindPolicyDepthAndReason() async {
        var kinds = Set<RestorationContainer.Kind>(), policies = Set<SplitCompactPolicy>()
        var reasons = Set<DropReason>(), depths = Set<Int>(), hidden = 0, notes = Set<RestorationPlan.Note.Kind>()
        await checkProperty(count: 300, input: TreeGenerators.tree) { tree in
            depths.insert(tree.root.depth)
            var pending = [tree.root]
            while let container = pending.popLast() {
                kinds.insert(container.kind)
                if case .split(let split) = container { policies.insert(split.compact) }
                pending += container.elements.compactMap(\.container)
            }
            let plan = Restorer.plan(tree, layout: .compact, resolver: Self.resolver)
            reasons.formUnion(plan.dropped.map(\.reason))
            notes.formUnion(plan.notes.map(\.kind))
            hidden += ([plan.root].compactMap { $0 } + plan.restoredRecords.compactMap(\.container)).compactMap(\.compact).map(\.hidden.count).reduce(0, +)
        }
        print("tree generator: depths \(depths.sorted()), \(kinds.count) kinds, \(policies.count) policies, reasons \(reasons.map(\.rawValue).sorted()), notes \(notes.map(\.rawValue).sorted()), \(hidden) hidden records")
        #expect(kinds == Set(RestorationContainer.Kind.allCases))
        #expect(policies == Set(SplitCompactPolicy.allCases))
        #expect(depths.contains(TreeGenerators.maxDepth) && depths.max() == TreeGenerators.maxDepth)
        #expect(reasons == [.missingIdentifier, .emptyIdentifier, .unresolvedClass, .ancestorDropped, .truncated])
        // Every note of the restoration rules; the deep-link notes come from merging a link, the
        // payload notes from a resolver given PayloadShapes (PayloadUpgradeTests).
        #expect(notes == Set(RestorationPlan.Note.Kind.allCases.filter { !$0.rawValue.hasPrefix("deep-link-") && !$0.rawValue.hasPrefix("payload-") }))
        #expect(hidden > 0)
    }

    @Test func keepsExactlyTheRecordsWhoseWholeAncestryIsRestorable() async {
        await checkProperty(count: 300, input: zip(TreeGenerators.tree, TreeGenerators.layout)) { tree, layout in
            let plan = Restorer.plan(tree, layout: layout, resolver: Self.resolver)
            let fates = Self.expectedFates(tree)
            #expect(plan.restoredRecords.map(\.from) == fates.filter { $0.reason == nil }.map(\.path))
            #expect(plan.dropped.map(\.path) == fates.filter { $0.reason != nil }.map(\.path))
            #expect(plan.dropped.map(\.reason) == fates.compactMap(\.reason))
            #expect(plan.restoredRecords.count + plan.dropped.count == tree.recordCount)
        }
    }

    /// The oracle of rules 5 to 7: for each container whose owner survives, the notes it gets
    /// and a split's focus, from its own children's fates, written independently of the
    /// restorer (issue 21, item 17: a focus rule changed for both-empty splits passed every
    /// test).
    static func expectedNotesAndFocus(_ tree: RestorationTree) -> (notes: Set<String>, focus: [RecordPath: SplitSide]) {
        let survives = Dictionary(expectedFates(tree).map { ($0.path, $0.reason == nil) }, uniquingKeysWith: { a, _ in a })
        var notes = Set<String>(), focus: [RecordPath: SplitSide] = [:]
        var pending: [(RecordPath, RestorationContainer)] = [(.root, tree.root)]
        while let (path, container) = pending.popLast() {
            let children = container.children
            func kept(_ step: (RecordPath.Step) -> Bool) -> Int {
                children.filter { step($0.step) && survives[path.appending($0.step)] == true }.count
            }
            switch container {
            case .drillDown:
                let left = kept { $0.slotName == "left" }
                let right = kept { $0 == .right }
                if left == 0 && right == 1 { notes.insert("right-promoted@\(path)") }
            case .split(let split):
                let primaryEmpty = kept { $0.slotName == "primary" } == 0
                let detailEmpty = kept { $0.slotName == "detail" } == 0
                // Only a side that restores empty while the other does not loses the focus.
                var side = split.focus
                if split.focus == .primary && primaryEmpty && !detailEmpty { side = .detail }
                if split.focus == .detail && detailEmpty && !primaryEmpty { side = .primary }
                focus[path] = side
                if side != split.focus { notes.insert("focus-moved@\(path)") }
                if primaryEmpty { notes.insert("primary-empty@\(path)") }
            case .tabs(let tabs):
                let survivors = kept { _ in true }
                let selectedSurvives = tabs.selected.map { survives[path.appending(.tabs($0))] == true } ?? false
                if survivors > 0 && !selectedSurvives { notes.insert("selection-moved@\(path)") }
            case .columns(let columns):
                // The nearest non-empty column toward the sidebar, else toward the detail.
                let empty = ColumnsColumn.allCases.map { column in kept { $0.slotName == column.rawValue } == 0 }
                let saved = ColumnsColumn.allCases.firstIndex(of: columns.focus)!
                var restored = saved
                if empty[saved] {
                    restored = (0..<saved).reversed().first { !empty[$0] } ?? (saved + 1..<3).first { !empty[$0] } ?? saved
                }
                if restored != saved { notes.insert("focus-moved@\(path)") }
            case .stack, .presentation:
                break
            }
            for child in children {
                if let nested = child.element.container, survives[path.appending(child.step)] == true {
                    pending.append((path.appending(child.step), nested))
                }
            }
        }
        return (notes, focus)
    }

    @Test func notesAndFocusFollowRulesFiveToSeven() async {
        await checkProperty(count: 300, input: zip(TreeGenerators.tree, TreeGenerators.layout)) { tree, layout in
            let plan = Restorer.plan(tree, layout: layout, resolver: Self.resolver)
            let expected = Self.expectedNotesAndFocus(tree)
            #expect(Set(plan.notes.map { "\($0.kind.rawValue)@\($0.path)" }) == expected.notes)
            #expect(plan.notes.count == expected.notes.count, "no note twice")
            var planned: [RecordPath: PlannedContainer] = [:]
            planned[.root] = plan.root
            for record in plan.restoredRecords {
                planned[record.from] = record.container
            }
            for (path, side) in expected.focus {
                guard case .split(let plannedSplit)? = planned[path]?.content else {
                    Issue.record("no planned split at \(path)")
                    continue
                }
                #expect(plannedSplit.focus == side, "split at \(path)")
            }
        }
    }

    @Test func isDeterministicAndIdempotent() async {
        await checkProperty(count: 300, input: zip(TreeGenerators.tree, TreeGenerators.layout)) { tree, layout in
            do {
                // Determinism: an equal state read back from its file, and a fresh resolver
                // that logs its calls, give the same plan and the same questions.
                var first: [[String]] = [], second: [[String]] = []
                let plan = Restorer.plan(tree, layout: layout, resolver: RecordResolver { record, path in
                    first.append(path)
                    return Self.resolver.outcome(for: record, identifierPath: path).rebuilds
                })
                let copy = try StateFile.decode(StateFile.encode(tree))
                let again = Restorer.plan(copy, layout: layout, resolver: RecordResolver { record, path in
                    second.append(path)
                    return Self.resolver.outcome(for: record, identifierPath: path).rebuilds
                })
                #expect(again == plan)
                #expect(first == second)
                // Idempotence: the restored tree plans to itself, with nothing dropped.
                guard let restored = plan.restoredTree else {
                    Issue.record("a supported tree gives a root")
                    return
                }
                let replanned = Restorer.plan(restored, layout: layout, resolver: Self.resolver)
                #expect(replanned.dropped.isEmpty)
                #expect(replanned.restoredTree == restored)
                #expect(replanned.restoredRecords.map(\.record.identifier) == plan.restoredRecords.map(\.record.identifier))
                #expect(Self.arrangedIdentifiers(replanned) == Self.arrangedIdentifiers(plan))
            } catch {
                Issue.record(error)
            }
        }
    }

    /// Each arrangement's stack and hidden lists, by the identifiers of the records they name.
    static func arrangedIdentifiers(_ plan: RestorationPlan) -> [[String?]] {
        let byPath = Dictionary(plan.restoredRecords.map { ($0.from, $0) }, uniquingKeysWith: { a, _ in a })
        let containers = [plan.root].compactMap { $0 } + plan.restoredRecords.compactMap(\.container)
        return containers.compactMap(\.compact).flatMap { [$0.stack, $0.hidden] }.map { $0.map { byPath[$0]?.record.identifier } }
    }

    @Test func neverLosesAHiddenRecord() async {
        await checkProperty(count: 300, input: TreeGenerators.tree) { tree in
            let plan = Restorer.plan(tree, layout: .compact, resolver: Self.resolver)
            let restored = Set(plan.restoredRecords.map(\.from))
            let dropped = Set(plan.dropped.map(\.path))
            let containers = [plan.root].compactMap { $0 } + plan.restoredRecords.compactMap(\.container)
            for container in containers {
                switch container.kind {
                case .split, .drillDown, .columns:
                    let arrangement = container.compact
                    #expect(arrangement != nil)
                    let arranged = (arrangement?.stack ?? []) + (arrangement?.hidden ?? [])
                    #expect(arranged.sorted { $0.description < $1.description } == container.children.map(\.from).sorted { $0.description < $1.description },
                            "every restored child is either shown or hidden, once")
                    for path in arrangement?.hidden ?? [] {
                        #expect(restored.contains(path) && !dropped.contains(path))
                    }
                case .stack, .tabs, .presentation:
                    #expect(container.compact == nil)
                }
            }
        }
    }

    @Test func formatTwoEncodeDecodeIsTheIdentity() async {
        await checkProperty(count: 300, input: TreeGenerators.tree) { tree in
            do {
                let data = StateFile.encode(tree)
                let decoded = try StateFile.decode(data)
                #expect(decoded == tree)
                #expect(StateFile.encode(decoded) == data)
            } catch {
                Issue.record(error)
            }
        }
    }

    /// A format-1 drill-down and a format-2 tree with the same drill-down root plan alike: the
    /// form decides the JSON shape and the supported versions, never a rule.
    @Test func theFormatOneFormPlansAsTheTreeFormOfItsRoot() async {
        await checkProperty(count: 300, input: Generators.state) { state in
            let v1 = Restorer.plan(state, resolver: Self.resolver)
            let v2 = Restorer.plan(RestorationTree(root: state.root), resolver: Self.resolver)
            #expect(v1.form == .drillDown && v2.form == .tree)
            #expect(v1.left.map(\.record) + (v1.right.map { [$0.record] } ?? []) == v2.restoredRecords.map(\.record))
            #expect(v1.root == v2.root && v1.dropped == v2.dropped && v1.notes == v2.notes && v1.warnings == v2.warnings)
            #expect(v1.rightPromotedToLeft == v2.notes.contains { $0.kind == .rightPromoted })
        }
    }
}
