import Foundation
import Restack
import Testing

// The README's and the DocC articles' Restack snippets, as written there: each region between
// `// snippet: NAME` and `// end snippet` is the code block that follows `<!-- snippet: NAME -->`
// in the README or an article, line for line (indentation aside; `SnippetTextTests` checks it).
// This target builds in `swift test`, so a snippet that drifts from the API breaks the build.
// The store's snippets are not here yet: the store's API is being changed.

@Suite("Documentation snippets")
struct ReadmeSnippets {
    let factory = ControllerFactory()
    let log = SnippetLog()

    @Test func treePlanning() throws {
        // snippet: tree-planning
        let tree = RestorationTree(root: .split(SplitContainer(
            primary: [RestorationRecord(identifier: "nav", className: "NavController", container: .tabs(TabsContainer(
                tabs: [RestorationRecord(identifier: "inbox", className: "InboxController")], selected: 0)))],
            detail: [RestorationRecord(identifier: "message-42", className: "MessageController")],
            focus: .detail, compact: .omitDetail
        )))
        let plan = Restorer.plan(tree, layout: .compact, resolver: RecordResolver { record, identifierPath in
            factory.canMake(record.className, at: identifierPath)
        })
        // plan.root: the restored tree; plan.root?.compact: the single stack and the hidden records.
        // end snippet
        #expect(plan.root?.compact?.stack.map(\.description) == ["primary[0]"])
        #expect(plan.root?.compact?.hidden.map(\.description) == ["detail[0]"])
    }

    @Test func outcomes() throws {
        let state = RestorationTree.drillDown(left: [
            RestorationRecord(identifier: "boxes", className: "MailboxesController"),
            RestorationRecord(identifier: "inbox", className: "InboxViewController", payload: Data("{}".utf8)),
        ])
        // snippet: outcomes
        let plan = Restorer.plan(state, resolver: RecordResolver { (record: RestorationRecord) -> ResolverOutcome in
            let name = record.className == "InboxViewController" ? "InboxController" : record.className
            guard let name, factory.canMake(name) else { return .classGone }
            guard factory.reads(record.payload, as: name) else { return .stalePayload }
            return name == record.className ? .rebuild : .renamed(to: name)
        })
        for dropped in plan.dropped {
            log.notice("not restored: \(dropped.path) \(dropped.reason)")   // unresolved-class, stale-payload...
        }
        // end snippet
        #expect(plan.restoredRecords.map(\.record.identifier) == ["boxes"])
        #expect(log.lines == ["not restored: left[1] stale-payload"])
    }

    @Test func codableAndAliases() throws {
        // snippet: codable-and-aliases
        // Saving: the payload is the value in Restack's documented JSON encoding (RecordPayload).
        let inbox = try RestorationRecord(identifier: "inbox", className: "InboxViewController",
                                          encoding: InboxState(folder: "INBOX", scroll: 120))

        // Restoring, after InboxViewController was renamed InboxController: a payload that no
        // longer decodes drops its record with stale-payload instead of failing at launch.
        let aliases = try ClassAliases(["InboxViewController": "InboxController"])
        let resolver = RecordResolver.decoding([
            .decoding(InboxState.self, forClass: "InboxController"),
            .withoutPayload(forClass: "MailboxesController"),
        ]).renaming(aliases)
        let plan = Restorer.plan(RestorationTree(root: .stack(StackContainer(records: [inbox]))), resolver: resolver)
        let entry = plan.restoredRecords[0]   // class "InboxController", renamedFrom "InboxViewController"
        let state = try entry.record.decodePayload(as: InboxState.self)
        // end snippet
        #expect(entry.record.className == "InboxController")
        #expect(entry.renamedFrom == "InboxViewController")
        #expect(state == InboxState(folder: "INBOX", scroll: 120))
    }

    @Test func knownClassesWithAliases() throws {
        // snippet: known-classes-with-aliases
        let aliases = try ClassAliases([
            "InboxViewController": "MailboxController",   // renamed in 2.0
            "MailboxController": "InboxController",       // and again in 3.0: chains are followed
        ])
        let resolver = RecordResolver.knownClasses(["InboxController", "MessageController"], aliases: aliases)
        // end snippet
        #expect(resolver.outcome(for: RestorationRecord(identifier: "a", className: "InboxViewController")) == .renamed(to: "InboxController"))
    }

    @Test func rulesCompactPlan() {
        // snippet: rules-compact-plan
        let state = RestorationTree(root: .split(SplitContainer(
            primary: [RestorationRecord(identifier: "index", className: "IndexController")],
            detail: [RestorationRecord(identifier: "item", className: "ItemController")],
            focus: .detail, compact: .focus
        )))
        let compact = Restorer.plan(state, layout: .compact)
        // compact.root?.compact: stack ["detail[0]"], hidden ["primary[0]"]
        let regular = Restorer.plan(state, layout: .regular)
        // regular.root?.compact: nil; both sides shown
        // end snippet
        #expect(compact.root?.compact?.stack.map(\.description) == ["detail[0]"])
        #expect(compact.root?.compact?.hidden.map(\.description) == ["primary[0]"])
        #expect(regular.root?.compact == nil)
    }

    @Test func rulesDeepLink() {
        // snippet: rules-deep-link
        let state = RestorationTree(root: .tabs(TabsContainer(tabs: [
            RestorationRecord(identifier: "mail", className: "MailNavController", container: .stack(StackContainer(records: [
                RestorationRecord(identifier: "inbox", className: "InboxController"),
                RestorationRecord(identifier: "message-1", className: "MessageController"),
            ]))),
            RestorationRecord(identifier: "settings", className: "SettingsController"),
        ], selected: 1)))
        let link = DeepLink(path: ["mail", "inbox"],
                            push: [RestorationRecord(identifier: "message-99", className: "MessageController")])
        let plan = Restorer.plan(state).merging(link, resolver: .acceptAll)
        // mail selected; message-1 dropped deep-link-popped; message-99 pushed above inbox
        // end snippet
        #expect(plan.root?.content == .tabs(TabsContainer(tabs: plan.root!.children, selected: 0)))
        #expect(plan.dropped.map(\.reason) == [.deepLinkPopped])
        #expect(plan.restoredRecords.map(\.record.identifier) == ["mail", "inbox", "message-99", "settings"])
        #expect(plan.restoredRecords[2].isFromDeepLink)
    }

    // snippet: testing-unit-test
    @Test func anOldInboxPayloadIsDroppedNotACrash() throws {
        let saved = RestorationTree(formatVersion: 1, root: .drillDown(DrillDownContainer(left: [
            RestorationRecord(identifier: "boxes", className: "MailboxesController"),
            RestorationRecord(identifier: "inbox", className: "InboxController", payload: Data(#"{"mailbox":"INBOX"}"#.utf8)),
        ])))
        let resolver = RecordResolver.decoding([
            .withoutPayload(forClass: "MailboxesController"),
            .decoding(InboxState.self, forClass: "InboxController"),
        ])
        let plan = Restorer.plan(saved, resolver: resolver)
        #expect(plan.restoredRecords.map(\.record.identifier) == ["boxes"])
        #expect(plan.dropped.map(\.reason) == [.stalePayload])
        #expect(Restorer.plan(try #require(plan.restoredTree), resolver: resolver).dropped.isEmpty)
    }
    // end snippet

    @Test func stateFileFixture() throws {
        let fixture = Data("""
            { "formatVersion": 2, "root": { "kind": "split", "compact": "omitDetail",
              "primary": [ {"identifier": "index", "class": "InboxController"} ],
              "detail": [ {"identifier": "m", "class": "MessageController"}, {"identifier": "x", "class": "Gone"} ] } }
            """.utf8)
        let resolver = RecordResolver.knownClasses(["InboxController", "MessageController"])
        // snippet: testing-state-file
        let tree = try StateFile.decode(fixture)        // format 1 or 2, refused with a StateFileError naming the place
        let compact = Restorer.plan(tree, layout: .compact, resolver: resolver)
        let regular = Restorer.plan(tree, layout: .regular, resolver: resolver)
        #expect(compact.restoredRecords == regular.restoredRecords)   // a layout hides records, never drops them
        // end snippet
        #expect(compact.restoredRecords.count == 2)
        #expect(compact.root?.compact?.hidden.map(\.description) == ["detail[0]"])
    }

    @Test func landing() throws {
        let state = try StateFile.decode(Data(#"{"formatVersion": 1, "left": [{"identifier": "inbox", "class": "InboxController"}], "right": {"identifier": "m", "class": "GoneController"}}"#.utf8))
        let tree = RestorationTree(root: state.root)
        var pushed: [String?] = []
        func push(_ record: RestorationRecord) { pushed.append(record.identifier) }
        func log(_ line: String) { self.log.notice(line) }
        // snippet: landing
        let plan = Restorer.plan(state, resolver: .knownClasses(["InboxController", "MessageController"]))
        if case .drillDown(let drillDown)? = plan.root?.content {   // a drill-down: left, then right
            for entry in drillDown.left { push(entry.record) }
            if let right = drillDown.right { push(right.record) }
        }
        for dropped in plan.dropped { log("\(dropped.path): \(dropped.reason)") }

        let treePlan = Restorer.plan(tree, layout: .compact, resolver: RecordResolver { record, identifierPath in
            factory.canMake(record.className, at: identifierPath)
        })
        // end snippet
        #expect(pushed == ["inbox"])
        #expect(self.log.lines == ["right: unresolved-class"])
        #expect(treePlan.restoredRecords.map(\.record.identifier) == ["inbox"])
    }
}
