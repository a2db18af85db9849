import Foundation
import Restack
import Testing

// The adapter articles' compiled snippet (see ReadmeSnippets.swift): an app's own node type.

// snippet: route-adapter
/// An app's screen: a route, and the routes it holds when it is a container.
final class Route {
    let id: String
    let kind: String
    let state: Data?
    let children: NodeContainer<Route>?

    init(id: String, kind: String, state: Data? = nil, children: NodeContainer<Route>? = nil) {
        (self.id, self.kind, self.state, self.children) = (id, kind, state, children)
    }
}

struct RouteAdapter: RestorationAdapter {
    struct UnknownRoute: Error {}
    let knownKinds: Set<String>

    func record(of route: Route) -> RestorationRecord {
        RestorationRecord(identifier: route.id, className: route.kind, payload: route.state)
    }

    func container(of route: Route) -> NodeContainer<Route>? {
        route.children
    }

    func makeNode(for planned: PlannedRecord, container: RebuiltContainer<Route>?) throws -> Route {
        guard let kind = planned.record.className, knownKinds.contains(kind), let id = planned.record.identifier else {
            throw UnknownRoute()
        }
        return Route(id: id, kind: kind, state: planned.record.payload, children: container?.content)
    }
}
// end snippet

@Suite("Adapter documentation snippets")
struct AdapterSnippets {
    @Test func theRouteAdapterCapturesAndRebuilds() throws {
        let adapter = RouteAdapter(knownKinds: ["MailStack", "Inbox", "Message", "Settings"])
        // snippet: route-adapter-use
        let root: NodeContainer<Route> = .tabs(TabsContainer(tabs: [
            Route(id: "mail", kind: "MailStack", children: .stack(StackContainer(records: [
                Route(id: "inbox", kind: "Inbox"),
                Route(id: "message-42", kind: "LegacyMessage"),   // a kind this release no longer has
            ], afterDrop: .truncate))),
            Route(id: "settings", kind: "Settings"),
        ], selected: 0))
        let tree = try adapter.capture(root)                        // on every change: autosaver.submit(tree)

        let rebuilt = adapter.rebuild(Restorer.plan(tree))         // at launch
        // rebuilt.root?.content: the tab bar of routes; "message-42" was not made, and
        // rebuilt.plan.dropped says why: rebuild-failed.
        // end snippet
        #expect(rebuilt.plan.dropped.map(\.reason) == [.rebuildFailed])
        #expect(rebuilt.plan.dropped.map(\.record.identifier) == ["message-42"])
        guard case .tabs(let tabBar)? = rebuilt.root?.content else {
            Issue.record("not a tab bar")
            return
        }
        #expect(tabBar.selected == 0)
        #expect(tabBar.tabs.map(\.id) == ["mail", "settings"])
        let mail = try #require(tabBar.tabs.first)
        guard case .stack(let stack)? = mail.children, stack.afterDrop == .truncate else {
            Issue.record("mail is not a truncating stack")
            return
        }
        #expect(stack.records.map(\.id) == ["inbox"])
    }
}
