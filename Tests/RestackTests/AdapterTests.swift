import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// A fake app node: a record and, for a container node, its children.
final class FakeNode: Equatable, CustomStringConvertible {
    let record: RestorationRecord
    let children: NodeContainer<FakeNode>?

    init(record: RestorationRecord, children: NodeContainer<FakeNode>?) {
        var plain = record
        plain.container = nil
        self.record = plain
        self.children = children
    }

    static func == (lhs: FakeNode, rhs: FakeNode) -> Bool {
        lhs.record == rhs.record && lhs.children == rhs.children
    }

    var description: String { "\(record.identifier ?? "nil")" }

    /// The live hierarchy a saved container describes.
    static func hierarchy(_ container: RestorationContainer) -> NodeContainer<FakeNode> {
        func node(_ record: RestorationRecord) -> FakeNode {
            FakeNode(record: record, children: record.container.map(hierarchy))
        }
        return container.map(node)
    }
}

/// An adapter for fake nodes that refuses to make the nodes of some classes and logs the paths
/// of the nodes it made.
final class FakeAdapter: RestorationAdapter {
    struct Refused: Error {}
    let failing: Set<String>
    private(set) var made: [RecordPath] = []

    init(failing: Set<String> = []) {
        self.failing = failing
    }

    func record(of node: FakeNode) -> RestorationRecord { node.record }
    func container(of node: FakeNode) -> NodeContainer<FakeNode>? { node.children }

    func makeNode(for record: PlannedRecord, container: RebuiltContainer<FakeNode>?) throws -> FakeNode {
        if let name = record.record.className, failing.contains(name) { throw Refused() }
        made.append(record.from)
        return FakeNode(record: record.record, children: container?.content)
    }
}

@Suite("Adapter: capture and rebuild")
struct AdapterTests {
    static let mailboxes = RestorationRecord(identifier: "mailboxes", className: "MailboxesController")
    static let inbox = RestorationRecord(identifier: "inbox", className: "InboxController", payload: Data("INBOX".utf8))
    static let message = RestorationRecord(identifier: "message-42", className: "MessageController")
    static let compose = RestorationRecord(identifier: "compose", className: "ComposeController")

    /// One tree of each kind at the root, each with a nested container.
    static let treesOfEveryKind: [RestorationTree] = {
        let nested = RestorationRecord(identifier: "nav", className: "NavController",
                                       container: .stack(StackContainer(records: [mailboxes, inbox])))
        return [
            .drillDown(left: [mailboxes, inbox], right: message),
            RestorationTree(root: .drillDown(DrillDownContainer(left: [nested], right: message))),
            RestorationTree(root: .stack(StackContainer(records: [nested, message]))),
            RestorationTree(root: .stack(StackContainer(records: [mailboxes, nested, message], afterDrop: .truncate))),
            RestorationTree(root: .split(SplitContainer(primary: [nested], detail: [message], focus: .detail, compact: .merge))),
            RestorationTree(root: .split(SplitContainer(primary: [mailboxes, inbox], detail: [message], focus: .primary, compact: .focus))),
            RestorationTree(root: .split(SplitContainer(primary: [mailboxes], detail: [message], compact: .omitDetail))),
            RestorationTree(root: .tabs(TabsContainer(tabs: [nested, message], selected: 1))),
            RestorationTree(root: .presentation(PresentationContainer(base: nested, presented: [compose, message]))),
        ]
    }()

    @Test("capture, then rebuild, is the identity for every kind in both layouts", arguments: treesOfEveryKind)
    func identityForEveryKind(tree: RestorationTree) throws {
        let adapter = FakeAdapter()
        let live = FakeNode.hierarchy(tree.root)
        #expect(try adapter.capture(live).root == tree.root)
        for layout in Layout.allCases {
            let plan = Restorer.plan(tree, layout: layout)
            let rebuilt = adapter.rebuild(plan)
            let root = try #require(rebuilt.root)
            #expect(root.content == live)
            #expect(try adapter.capture(root.content).root == tree.root)
            #expect(rebuilt.plan == plan)
            #expect(rebuilt.failures.isEmpty)
        }
    }

    @Test func aCompactSplitHandsItsOneStackAsNodes() throws {
        let tree = RestorationTree(root: .split(SplitContainer(primary: [Self.mailboxes, Self.inbox], detail: [Self.message], focus: .detail, compact: .focus)))
        let rebuilt = FakeAdapter().rebuild(Restorer.plan(tree, layout: .compact))
        let compact = try #require(rebuilt.root?.compact)
        #expect(compact.stack.map(\.record) == [Self.message])
        #expect(compact.hidden.map(\.record) == [Self.mailboxes, Self.inbox])
        #expect(FakeAdapter().rebuild(Restorer.plan(tree, layout: .regular)).root?.compact == nil)
    }

    @Test func aNodeThatFailsInAPresentationChainTruncatesWhatIsAbove() throws {
        let tree = RestorationTree(root: .presentation(PresentationContainer(base: Self.mailboxes, presented: [Self.inbox, Self.message, Self.compose])))
        let adapter = FakeAdapter(failing: ["MessageController"])
        let rebuilt = adapter.rebuild(Restorer.plan(tree))
        #expect(adapter.made == [.root.appending(.base), .root.appending(.presented(0))])
        #expect(rebuilt.plan.dropped.map(\.reason) == [.rebuildFailed, .truncated])
        #expect(rebuilt.plan.dropped.map(\.record) == [Self.message, Self.compose])
        let failure = try #require(rebuilt.failures.first)
        #expect(failure.path == .root.appending(.presented(1)))
        #expect(failure.error is FakeAdapter.Refused)
        #expect(rebuilt.plan.restoredTree?.root == .presentation(PresentationContainer(base: Self.mailboxes, presented: [Self.inbox])))
    }

    @Test func aNodeThatFailsInATruncatingStackTruncatesWhatIsAboveAndAClosingOneClosesTheGap() throws {
        for afterDrop in StackAfterDrop.allCases {
            let tree = RestorationTree(root: .stack(StackContainer(records: [Self.mailboxes, Self.message, Self.inbox, Self.compose], afterDrop: afterDrop)))
            let adapter = FakeAdapter(failing: ["MessageController"])
            let rebuilt = adapter.rebuild(Restorer.plan(tree))
            let expected: [RestorationRecord] = afterDrop == .truncate ? [Self.mailboxes] : [Self.mailboxes, Self.inbox, Self.compose]
            #expect(rebuilt.root?.content == .stack(StackContainer(records: expected.map { FakeNode(record: $0, children: nil) }, afterDrop: afterDrop)))
            #expect(adapter.made.count == expected.count)
            #expect(rebuilt.plan.dropped.map(\.reason) == (afterDrop == .truncate ? [.rebuildFailed, .truncated, .truncated] : [.rebuildFailed]))
        }
    }

    @Test func aPlanMergedWithADeepLinkRebuildsWithItsPushedRecordsAndKeepsItsNotes() throws {
        let nav = RestorationRecord(identifier: "nav", className: "NavController",
                                    container: .stack(StackContainer(records: [Self.mailboxes, Self.inbox])))
        let settings = RestorationRecord(identifier: "settings", className: "SettingsController")
        let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [nav, settings], selected: 1)))
        let merged = Restorer.plan(tree).merging(DeepLink(path: ["nav"], push: [Self.message]))
        #expect(merged.notes.contains { $0.kind == .deepLinkSelected })

        let adapter = FakeAdapter()
        let rebuilt = adapter.rebuild(merged)
        #expect(rebuilt.plan == merged)
        let recaptured = try rebuilt.root.map { try adapter.capture($0.content) }
        #expect(recaptured?.root == merged.restoredTree?.root)
        #expect(adapter.made.contains(RecordPath([.push(0)])))

        let refused = FakeAdapter(failing: ["MessageController"]).rebuild(merged)
        #expect(refused.plan.notes.contains { $0.kind == .deepLinkSelected })
        #expect(refused.plan.dropped.map(\.reason) == [.rebuildFailed])
        #expect(refused.plan.dropped.map(\.path) == [RecordPath([.push(0)])])
        #expect(refused.root?.content == .tabs(TabsContainer(tabs: [
            FakeNode(record: nav, children: .stack(StackContainer(records: [FakeNode(record: Self.mailboxes, children: nil), FakeNode(record: Self.inbox, children: nil)]))),
            FakeNode(record: settings, children: nil),
        ], selected: 0)))
    }

    @Test func aFailedContainerNodeDropsItsDescendantsAndTheSelectionMoves() throws {
        let nav = RestorationRecord(identifier: "nav", className: "NavController",
                                    container: .stack(StackContainer(records: [Self.mailboxes, Self.inbox])))
        let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [Self.message, nav], selected: 1)))
        let rebuilt = FakeAdapter(failing: ["NavController"]).rebuild(Restorer.plan(tree))
        #expect(rebuilt.plan.dropped.map(\.reason) == [.rebuildFailed, .ancestorDropped, .ancestorDropped])
        #expect(rebuilt.plan.notes == [RestorationPlan.Note(kind: .selectionMoved, path: .root)])
        #expect(rebuilt.root?.content == .tabs(TabsContainer(tabs: [FakeNode(record: Self.message, children: nil)], selected: 0)))
        #expect(rebuilt.failures.map(\.path) == [.root.appending(.tabs(1))])
    }

    /// Random trees: capture of the live hierarchy is the tree; rebuild of its plan makes
    /// exactly the restored records, and the rebuilt hierarchy captures as the restored tree.
    @Test func captureThenRebuildOfRandomTrees() async {
        await checkProperty(count: 300, input: zip(TreeGenerators.tree, TreeGenerators.layout)) { tree, layout in
            let adapter = FakeAdapter()
            let live = FakeNode.hierarchy(tree.root)
            let captured: RestorationTree = try adapter.capture(live)
            #expect(captured == tree)
            let plan = Restorer.plan(tree, layout: layout, resolver: RecordResolver { $0.className != "GoneController" })
            let rebuilt = adapter.rebuild(plan)
            #expect(adapter.made.sorted { $0.description < $1.description } == plan.restoredRecords.map(\.from).sorted { $0.description < $1.description })
            #expect(rebuilt.plan == plan)
            let recaptured: RestorationTree? = try rebuilt.root.map { try adapter.capture($0.content) }
            #expect(recaptured == plan.restoredTree)
        }
    }

    /// Random trees: a node that fails at rebuild is handled as the resolver's refusal of its
    /// record: the same restored tree, the same records left out, the same notes.
    @Test func aFailedNodeIsHandledAsAResolverRefusal() async {
        await checkProperty(count: 1000, input: zip(TreeGenerators.tree, TreeGenerators.layout)) { tree, layout in
            let plan = Restorer.plan(tree, layout: layout, resolver: RecordResolver { $0.className != "GoneController" })
            let adapter = FakeAdapter(failing: ["MessageController"])
            let rebuilt = adapter.rebuild(plan)
            let refused = Restorer.plan(tree, layout: layout, resolver: RecordResolver { !["GoneController", "MessageController"].contains($0.className) })
            #expect(rebuilt.plan.restoredTree == refused.restoredTree)
            #expect(rebuilt.plan.root == refused.root)
            #expect(rebuilt.plan.dropped.map(\.path) == refused.dropped.map(\.path))
            #expect(rebuilt.plan.dropped.map { $0.reason == .rebuildFailed ? .unresolvedClass : $0.reason } == refused.dropped.map(\.reason))
            #expect(rebuilt.plan.dropped.map(\.record) == refused.dropped.map(\.record))
            #expect(rebuilt.plan.notes == refused.notes)
            let recaptured: RestorationTree? = try rebuilt.root.map { try adapter.capture($0.content) }
            #expect(recaptured == refused.restoredTree)
            #expect(Set(adapter.made).isSuperset(of: refused.restoredRecords.map(\.from)))
            #expect(rebuilt.failures.allSatisfy { $0.record.className == "MessageController" })
        }
    }

    @Test func aHierarchyThatHoldsItselfIsTooDeepNotAHang() throws {
        final class Loop: RestorationAdapter {
            func record(of node: Int) -> RestorationRecord { RestorationRecord(identifier: "n\(node)") }
            func container(of node: Int) -> NodeContainer<Int>? { .stack(StackContainer(records: [node])) }
            func makeNode(for record: PlannedRecord, container: RebuiltContainer<Int>?) throws -> Int { 0 }
        }
        #expect(throws: CaptureError.self) { try Loop().capture(rootNode: 0) }
    }
}
