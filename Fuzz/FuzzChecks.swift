import Foundation

/// The invariants the fuzz targets check on whatever the readers accept. A broken one stops
/// the process with a message naming it (`fatalError`): libFuzzer keeps the input.
enum FuzzChecks {
    /// Resolvers that drop records in different ways: all rebuilt, some classes gone (by the
    /// length of their name), one class renamed.
    static var resolvers: [RecordResolver] { [
        .acceptAll,
        RecordResolver { record in (record.className?.utf8.count ?? 0) % 3 != 1 },
        RecordResolver.acceptAll.renaming(try! ClassAliases(["OldController": "NewController", "A": "B"])),
    ] }

    static func require(_ condition: @autoclosure () -> Bool, _ what: @autoclosure () -> String) {
        if !condition() { fatalError("invariant broken: \(what())") }
    }

    /// A state file: read; written and read back to the same tree; planned twice alike, and
    /// rule 11 on each plan.
    static func stateFile(_ data: Data) {
        guard let tree = try? StateFile.decode(data) else { return }
        let written = StateFile.encode(tree)
        guard let again = try? StateFile.decode(written) else {
            fatalError("invariant broken: a tree read from a file is written as a file that does not read")
        }
        require(again == tree, "a tree read, written and read again is the same tree")
        require(StateFile.encode(again) == written, "a tree written, read and written again gives the same bytes")
        for layout in Layout.allCases {
            for resolver in resolvers {
                _ = plan(tree, layout: layout, resolver: resolver)
            }
        }
    }

    /// A deep link: read; written and read back to the same link; merged into plans of every
    /// kind.
    static func deepLink(_ data: Data) {
        guard let link = try? DeepLink.decode(data) else { return }
        guard let again = try? DeepLink.decode(link.jsonData()) else {
            fatalError("invariant broken: a link read from a file is written as a file that does not read")
        }
        require(again == link, "a link read, written and read again is the same link")
        for tree in FuzzTrees.all {
            for layout in Layout.allCases {
                merge(plan(tree, layout: layout, resolver: .acceptAll), link, resolver: .acceptAll)
            }
        }
    }

    /// A state and a link: both read, planned and merged with every resolver and layout.
    static func planMerge(state: Data, link: Data) {
        guard let tree = try? StateFile.decode(state), let link = try? DeepLink.decode(link) else { return }
        for layout in Layout.allCases {
            for resolver in resolvers {
                merge(plan(tree, layout: layout, resolver: resolver), link, resolver: resolver)
            }
        }
    }

    /// Plans `tree`, checking that the plan is deterministic and rule 11: planning its restored
    /// tree again drops nothing and gives the same tree and arrangement.
    @discardableResult
    static func plan(_ tree: RestorationTree, layout: Layout, resolver: RecordResolver) -> RestorationPlan {
        let plan = Restorer.plan(tree, layout: layout, resolver: resolver)
        require(Restorer.plan(tree, layout: layout, resolver: resolver) == plan, "rule 11: the plan is deterministic")
        _ = plan.jsonData()
        replan(plan, resolver: resolver, what: "a plan")
        return plan
    }

    /// Rule 11 on `plan`: its restored tree, planned again, restores itself; and it is written
    /// as a state file that reads back to it.
    static func replan(_ plan: RestorationPlan, resolver: RecordResolver, what: String) {
        guard let restored = plan.restoredTree else { return }
        let file = StateFile.encode(restored)
        guard let read = try? StateFile.decode(file) else {
            fatalError("invariant broken (\(what)): its restored tree is written as a file that does not read: \(String(decoding: file, as: UTF8.self))")
        }
        require(read == restored, "\(what): its restored tree, written and read back, is the same tree")
        let again = Restorer.plan(restored, layout: plan.layout, resolver: resolver)
        require(again.dropped.isEmpty, "rule 11 (\(what)): planning the restored tree again drops nothing, dropped \(again.dropped.map { "\($0.path):\($0.reason.rawValue)" })")
        require(again.restoredTree == restored, "rule 11 (\(what)): planning the restored tree again restores it")
        require(arranged(again) == arranged(plan), "rule 11 (\(what)): the same arrangement")
    }

    /// Merges `link` into `plan`, checking: the merge is deterministic; no record the plan
    /// restored is lost without a reason; rule 11 on the merged plan; a link merged again
    /// changes nothing more (deep links are idempotent).
    static func merge(_ plan: RestorationPlan, _ link: DeepLink, resolver: RecordResolver) {
        let merged = plan.merging(link, resolver: resolver)
        require(plan.merging(link, resolver: resolver) == merged, "a merge is deterministic")
        _ = merged.jsonData()
        let kept = Set(merged.restoredRecords.map(\.from)).union(merged.dropped.map(\.path))
        for record in plan.restoredRecords {
            require(kept.contains(record.from), "a record the plan restored (\(record.from)) is restored or dropped with a reason after the merge")
        }
        for dropped in plan.dropped {
            require(kept.contains(dropped.path), "a record the plan dropped (\(dropped.path)) is still listed after the merge")
        }
        replan(merged, resolver: resolver, what: "a merged plan")
        let twice = merged.merging(link, resolver: resolver)
        require(twice.restoredTree == merged.restoredTree, "a link merged twice restores what it restored merged once")
    }

    /// Each arrangement's shown and hidden records, by identifier.
    static func arranged(_ plan: RestorationPlan) -> [[String?]] {
        let byPath = Dictionary(plan.restoredRecords.map { ($0.from, $0) }, uniquingKeysWith: { a, _ in a })
        let containers = [plan.root].compactMap { $0 } + plan.restoredRecords.compactMap(\.container)
        return containers.compactMap(\.compact).flatMap { [$0.stack, $0.hidden] }.map { $0.map { byPath[$0]?.record.identifier } }
    }
}

/// Fixed trees of every kind, nested, that the deep-link target merges its links into.
enum FuzzTrees {
    static func record(_ id: String, _ container: RestorationContainer? = nil) -> RestorationRecord {
        RestorationRecord(identifier: id, className: "\(id.capitalized)Controller", container: container)
    }

    static var all: [RestorationTree] { [
        RestorationTree(root: .tabs(TabsContainer(tabs: [
            record("mail", .stack(StackContainer(records: [record("mailboxes"), record("inbox"), record("message")]))),
            record("settings"),
        ], selected: 0))),
        RestorationTree(root: .split(SplitContainer(primary: [record("mailboxes"), record("inbox")], detail: [record("message")],
                                                     focus: .detail, compact: .merge))),
        RestorationTree(root: .columns(ColumnsContainer(sidebar: [record("mailboxes")], content: [record("inbox")],
                                                         detail: [record("message", .stack(StackContainer(records: [record("attachment")])))],
                                                         focus: .content))),
        RestorationTree.drillDown(left: [record("mailboxes"), record("inbox")], right: record("message")),
        RestorationTree(root: .presentation(PresentationContainer(base: record("main", .stack(StackContainer(records: [record("inbox")]))),
                                                                   presented: [record("compose"), record("picker")]))),
        RestorationTree(root: .stack(StackContainer(records: [record("a"), record("b", .stack(StackContainer(records: [record("c")], afterDrop: .truncate)))],
                                                    afterDrop: .truncate))),
    ] }
}
