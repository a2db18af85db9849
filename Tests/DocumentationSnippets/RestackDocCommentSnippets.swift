import Foundation
import Restack
import Testing

// The examples of `Restack`'s `///` comments, compiled and run as written: each region
// `doc-comment-NAME` is, line for line, a code block of a doc comment
// (`SnippetTextTests.everyDocCommentExampleIsCompiled`).

/// A screen of the adapter's example: an app's own node type.
final class DocScreen {
    let kind: String?
    let id: String?
    let state: Data?
    let children: NodeContainer<DocScreen>?

    struct Unknown: Error {}

    init(kind: String?, id: String?, state: Data?, children: NodeContainer<DocScreen>?) throws {
        guard kind != nil, id != nil else { throw Unknown() }
        self.kind = kind
        self.id = id
        self.state = state
        self.children = children
    }
}

@Suite("Restack's doc-comment examples")
struct RestackDocCommentSnippets {
    let factory = ControllerFactory()
    static let inbox = RestorationRecord(identifier: "inbox", className: "InboxController")
    static let message = RestorationRecord(identifier: "message-42", className: "MessageController")
    /// A tab bar whose "mail" tab holds a stack, as the deep-link examples take it.
    static let tabs = RestorationTree(root: .tabs(TabsContainer(tabs: [
        RestorationRecord(identifier: "mail", className: "MailNavController", container: .stack(StackContainer(records: [
            RestorationRecord(identifier: "inbox", className: "InboxController"),
        ]))),
    ], selected: 0)))

    @Test func stackContainer() {
        let screens = [Self.inbox, Self.message]
        // snippet: doc-comment-stack-container
        // A navigator's stack: each screen was pushed from the one below it, so nothing above a
        // screen that cannot come back is shown (Flutter's "up to the first unrestorable").
        let path = RestorationContainer.stack(StackContainer(records: screens, afterDrop: .truncate))
        // end snippet
        #expect(path.elements == screens)
    }

    @Test func container() {
        // snippet: doc-comment-container
        let root = RestorationContainer.split(SplitContainer(
            primary: [RestorationRecord(identifier: "mailboxes", className: "MailboxesController")],
            detail: [RestorationRecord(identifier: "message-42", className: "MessageController")]
        ))
        // end snippet
        #expect(root.kind == .split && root.elements.count == 2)
    }

    @Test func columnsContainer() {
        // snippet: doc-comment-columns-container
        let mail = RestorationContainer.columns(ColumnsContainer(
            sidebar: [RestorationRecord(identifier: "mailboxes", className: "MailboxesController")],
            content: [RestorationRecord(identifier: "inbox", className: "InboxController")],
            detail: [RestorationRecord(identifier: "message-42", className: "MessageController")],
            focus: .detail
        ))
        // end snippet
        #expect(mail.kind == .columns && mail.elements.count == 3)
    }

    @Test func presentationContainer() {
        // snippet: doc-comment-presentation-container
        let compose = RestorationContainer.presentation(PresentationContainer(
            base: RestorationRecord(identifier: "inbox", className: "InboxController"),
            presented: [RestorationRecord(identifier: "compose", className: "ComposeController"),
                        RestorationRecord(identifier: "attachments", className: "AttachmentPickerController")]
        ))
        // end snippet
        #expect(compose.kind == .presentation && compose.elements.count == 3)
    }

    @Test func restorationAdapter() throws {
        struct Window { var root: NodeContainer<DocScreen> }
        struct Restoration { var plan: RestorationPlan }
        typealias Screen = DocScreen
        let window = Window(root: .stack(StackContainer(records: [
            try Screen(kind: "InboxController", id: "inbox", state: nil, children: nil),
            try Screen(kind: "MessageController", id: "message-42", state: Data("42".utf8), children: nil),
        ])))
        let restoration = Restoration(plan: Restorer.plan(.drillDown(left: [Self.inbox, Self.message])))
        // snippet: doc-comment-restoration-adapter
        struct ScreenAdapter: RestorationAdapter {
            func record(of screen: Screen) -> RestorationRecord {
                RestorationRecord(identifier: screen.id, className: screen.kind, payload: screen.state)
            }
            func container(of screen: Screen) -> NodeContainer<Screen>? {
                screen.children
            }
            func makeNode(for planned: PlannedRecord, container: RebuiltContainer<Screen>?) throws -> Screen {
                try Screen(kind: planned.record.className, id: planned.record.identifier, state: planned.record.payload,
                           children: container?.content)
            }
        }

        let tree = try ScreenAdapter().capture(window.root)           // on every navigation change
        let rebuilt = ScreenAdapter().rebuild(restoration.plan)      // at launch
        // end snippet
        #expect(ScreenAdapter().rebuild(Restorer.plan(tree)).root?.content.elements.map(\.state) == [nil, Data("42".utf8)])
        guard case .drillDown(let drillDown)? = rebuilt.root?.content else {
            Issue.record("the drill-down was not rebuilt")
            return
        }
        #expect(drillDown.left.map(\.id) == ["inbox", "message-42"] && rebuilt.failures.isEmpty)
    }

    @Test func restackVersion() {
        // snippet: doc-comment-restack-version
        print(RestackVersion.current)   // "0.12.0"
        // end snippet
        #expect(RestackVersion.current.split(separator: ".").count == 3)
    }

    @Test func restorationTree() {
        // snippet: doc-comment-restoration-tree
        let tree = RestorationTree(root: .split(SplitContainer(
            primary: [RestorationRecord(identifier: "nav", className: "NavController", container:
                .tabs(TabsContainer(tabs: [RestorationRecord(identifier: "inbox", className: "InboxController")], selected: 0)))],
            detail: [RestorationRecord(identifier: "message-42", className: "MessageController")],
            focus: .detail
        )))
        let plan = Restorer.plan(tree, layout: .compact)

        let formatOne = RestorationTree(formatVersion: 1, root: .drillDown(DrillDownContainer(
            left: [RestorationRecord(identifier: "inbox", className: "InboxController")],
            right: RestorationRecord(identifier: "message-42", className: "MessageController")
        )))
        // end snippet
        #expect(plan.restoredRecords.count == 3 && plan.dropped.isEmpty)
        #expect(formatOne.form == .drillDown && formatOne.recordCount == 2)
    }

    @Test func restorationRecord() {
        // snippet: doc-comment-restoration-record
        let inbox = RestorationRecord(
            identifier: "inbox",
            className: "InboxController",
            payload: Data("folder=INBOX".utf8)
        )
        // end snippet
        #expect(inbox.payload == Data("folder=INBOX".utf8))
    }

    @Test func routeCoding() throws {
        var logged: [String] = []
        func log(_ line: String) { logged.append(line) }
        var path: [Any] = []   // the app's navigation path
        // snippet: doc-comment-route-coding
        enum Route: Codable, Sendable { case mailbox(String), message(id: Int) }

        let routes = RouteCoding<Route>(named: "App.Route")
        let tree = try routes.tree(for: [.mailbox("INBOX"), .message(id: 42)])   // save this tree

        let restored = routes.restore(tree)        // at launch, with the tree the store gives back
        path = restored.routes                      // the routes that still decode, each decoded once
        for dropped in restored.plan.dropped { log("\(dropped.path): \(dropped.reason)") }
        // end snippet
        #expect(path.count == 2 && logged.isEmpty)
    }

    @Test func routeCodingNested() throws {
        let routes = RouteCoding<String>(named: "App.Route")
        var mailPath = ["inbox", "message-42"]
        let settingsPath = ["account"]
        // snippet: doc-comment-route-coding-nested
        let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [
            try routes.record(identifier: "mail", className: "MailTab", holding: mailPath),
            try routes.record(identifier: "settings", className: "SettingsTab", holding: settingsPath),
        ], selected: 0)))
        let restored = routes.restore(tree, others: .knownClasses(["MailTab", "SettingsTab"]))
        mailPath = restored.routes(under: ["mail"])
        // end snippet
        #expect(mailPath == ["inbox", "message-42"])
    }

    @Test func deepLinkMerging() {
        let tree = Self.tabs
        let resolver = RecordResolver.acceptAll
        // snippet: doc-comment-deep-link-merging
        let link = DeepLink(path: ["mail"], push: [RestorationRecord(identifier: "message-99", className: "MessageController")])
        let plan = Restorer.plan(tree, resolver: resolver).merging(link, resolver: resolver)
        // end snippet
        #expect(plan.restoredRecords.map(\.record.identifier).contains("message-99"))
    }

    @Test func deepLink() {
        let tree = Self.tabs
        let resolver = RecordResolver.acceptAll
        // snippet: doc-comment-deep-link
        let link = DeepLink(path: ["mail", "inbox"],
                            push: [RestorationRecord(identifier: "message-99", className: "MessageController")])
        let plan = Restorer.plan(tree).merging(link, resolver: resolver)
        // end snippet
        #expect(plan.restoredRecords.map(\.record.identifier).contains("message-99"))
    }

    @Test func treeDiff() {
        let yesterday = RestorationTree.drillDown(left: [Self.inbox, Self.message])
        let today = RestorationTree.drillDown(left: [Self.inbox], right: Self.message)
        var lines: [String] = []
        func print(_ line: String) { lines.append(line) }
        // snippet: doc-comment-tree-diff
        let diff = TreeDiff(from: yesterday, to: today)
        for moved in diff.moved { print("\(moved.from) -> \(moved.to)") }
        // end snippet
        #expect(lines == ["left[1] -> right"])
    }

    @Test func fnv1a() {
        // snippet: doc-comment-fnv1a
        #expect(FNV1a.hex(Data("hello".utf8)) == "a430d84680aabd0b")
        // end snippet
    }

    @Test func stateFileError() {
        let data = Data(#"{"formatVersion": 1, "left": [{"identifier": "a"}, {"identifier": 7}]}"#.utf8)
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }
        // snippet: doc-comment-state-file-error
        do {
            let state = try StateFile.decode(data)
            print(state.recordCount)
        } catch {
            print(error)  // left[1].identifier: expected a string or null
        }
        // end snippet
        #expect(printed == ["left[1].identifier: expected a string or null"])
    }

    @Test func recordPayload() throws {
        // snippet: doc-comment-record-payload
        let inbox = try RestorationRecord(identifier: "inbox", className: "InboxController",
                                          encoding: InboxState(folder: "INBOX", scroll: 120))
        let state = try RecordPayload.decode(InboxState.self, from: inbox)
        // end snippet
        #expect(state == InboxState(folder: "INBOX", scroll: 120))
    }

    @Test func recordResolver() throws {
        let tree = RestorationTree.drillDown(left: [Self.inbox], right: Self.message)
        // snippet: doc-comment-record-resolver
        let resolver = RecordResolver.knownClasses(["InboxController", "MessageController"])
        let plan = Restorer.plan(tree, resolver: resolver)

        let byPath = RecordResolver { record, identifierPath in
            identifierPath.first == "mail" && record.className != "LegacyController"
        }

        // A class renamed in this version, and payloads that must still decode.
        let aliases = try ClassAliases(["InboxViewController": "InboxController"])
        let decoding = RecordResolver.decoding([
            .decoding(InboxState.self, forClass: "InboxController"),
            .withoutPayload(forClass: "MessageController"),
        ]).renaming(aliases)
        // end snippet
        #expect(plan.restoredRecords.count == 2)
        #expect(byPath.outcome(for: Self.inbox, identifierPath: ["mail", "inbox"]) == .rebuild)
        let old = try RestorationRecord(identifier: "inbox", className: "InboxViewController", encoding: InboxState(folder: "INBOX", scroll: 0))
        #expect(decoding.outcome(for: old) == .renamed(to: "InboxController"))
    }

    @Test func classAliases() throws {
        // snippet: doc-comment-class-aliases
        let aliases = try ClassAliases([
            "InboxViewController": "MailboxController",
            "MailboxController": "InboxController",
        ])
        let resolver = RecordResolver.knownClasses(["InboxController"], aliases: aliases)
        // end snippet
        #expect(resolver.outcome(for: RestorationRecord(identifier: "a", className: "InboxViewController")) == .renamed(to: "InboxController"))
    }

    @Test func payloadClass() throws {
        // snippet: doc-comment-payload-class
        let resolver = RecordResolver.decoding([
            .decoding(InboxState.self, forClass: "InboxController"),
            .withoutPayload(forClass: "MailboxesController"),
        ])
        // end snippet
        #expect(resolver.outcome(for: Self.inbox) == .stalePayload)
        #expect(resolver.outcome(for: RestorationRecord(identifier: "m", className: "MailboxesController")) == .rebuild)
    }

    @Test func resolverOutcome() throws {
        let tree = RestorationTree.drillDown(left: [
            try RestorationRecord(identifier: "inbox", className: "InboxController", encoding: InboxState(folder: "INBOX", scroll: 0)),
            RestorationRecord(identifier: "old", className: "LegacyInboxController"),
            RestorationRecord(identifier: "gone", className: "GoneController"),
        ])
        // snippet: doc-comment-resolver-outcome
        let plan = Restorer.plan(tree, resolver: RecordResolver { (record: RestorationRecord) -> ResolverOutcome in
            switch record.className {
            case "InboxController"?:
                return (try? RecordPayload.decode(InboxState.self, from: record)) == nil ? .stalePayload : .rebuild
            case "LegacyInboxController"?:
                return .renamed(to: "InboxController")
            default:
                return .classGone
            }
        })
        // end snippet
        #expect(plan.restoredRecords.map(\.renamedFrom) == [nil, "LegacyInboxController"])
        #expect(plan.dropped.map(\.reason) == [.unresolvedClass])
    }

    @Test func restorationPlan() {
        let tree = RestorationTree.drillDown(left: [Self.inbox], right: RestorationRecord(identifier: "x", className: "GoneController"))
        let classes = ["InboxController"]
        var rebuilt: [PlannedContainer] = []
        var logged: [String] = []
        func rebuild(_ root: PlannedContainer) { rebuilt.append(root) }
        func log(_ line: String) { logged.append(line) }
        // snippet: doc-comment-restoration-plan
        let plan = Restorer.plan(tree, layout: .compact, resolver: .knownClasses(classes))
        if let root = plan.root { rebuild(root) }
        for dropped in plan.dropped { log("\(dropped.path): \(dropped.reason)") }
        // end snippet
        #expect(rebuilt.count == 1 && logged == ["right: unresolved-class"])
    }

    @Test func restorer() {
        let tree = RestorationTree.drillDown(left: [Self.inbox, RestorationRecord(identifier: "x", className: "GoneController")])
        // snippet: doc-comment-restorer
        let plan = Restorer.plan(tree, layout: .compact, resolver: RecordResolver { record in
            factory.canMake(record.className)
        })
        // end snippet
        #expect(plan.restoredRecords.count == 1 && plan.dropped.map(\.reason) == [.unresolvedClass])
    }

    @Test func identifierProblem() {
        // snippet: doc-comment-identifier-problem
        #expect(Restorer.identifierProblem(of: RestorationRecord(identifier: "")) == .emptyIdentifier)
        #expect(Restorer.identifierProblem(of: RestorationRecord(identifier: " ")) == nil)   // valid
        // end snippet
    }

    @Test func persistencePolicy() throws {
        // snippet: doc-comment-persistence-policy
        let policies = try PersistencePolicies([
            "LoginController": .never,                      // nothing of it is written
            "CheckoutController": .notRestored,             // saved, shown by history, not restored
            "SearchResultsController": .restoredWithin(30 * 60),
        ])
        // end snippet
        #expect(policies.policy(forClass: "SearchResultsController") == .restoredWithin(1800))
    }

    @Test func persistencePolicies() throws {
        let tree = RestorationTree(root: .stack(StackContainer(records: [Self.inbox, RestorationRecord(identifier: "login", className: "LoginController")])))
        // snippet: doc-comment-persistence-policies
        let policies = try PersistencePolicies(["LoginController": .never, "CheckoutController": .notRestored])
        let saved = policies.cut(tree)                   // what may be written
        let plan = Restorer.plan(saved, resolver: RecordResolver.acceptAll.applying(policies, snapshotAge: 120))
        // end snippet
        #expect(plan.restoredRecords.map(\.record.identifier) == ["inbox"] && plan.dropped.map(\.reason) == [.notSaved])
    }
}
