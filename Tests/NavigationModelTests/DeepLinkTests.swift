import Foundation
import Restack
import RestackStore
import RestackTesting
import Testing

/// A page of an app whose routes carry their own identifiers.
enum Page: Codable, Hashable, Sendable {
    case page(String)
}

/// Deep links merged into the state by the deep-link rules.
@Suite("Deep links")
@MainActor
struct DeepLinkTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aLinkOpenedTwiceIsShownOnce() async throws {
        let store = try SnapshotStore.inMemory()
        let navigation = model(StackNavigation<Screen>(path: [.mailbox("INBOX")]), on: store)
        let first = try #require(navigation.open(push: [.mailbox("INBOX"), .message(id: 42)]))
        #expect(navigation.path == [.mailbox("INBOX"), .message(id: 42)])
        #expect(first.notes.map(\.kind) == [.deepLinkPushed])
        let again = try #require(navigation.open(push: [.mailbox("INBOX"), .message(id: 42)]))
        #expect(navigation.path == [.mailbox("INBOX"), .message(id: 42)])
        #expect(again.notes.map(\.kind) == [.deepLinkShown])
        await navigation.flush()
        let saved = try await latestTree(store)
        #expect(saved == (try screens().tree(for: [.mailbox("INBOX"), .message(id: 42)])), "saved with positions as identifiers")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aRouteIsRecognisedByWhatItIsNotByWhereItStands() throws {
        let navigation = model(StackNavigation<Screen>(path: [.mailbox("INBOX"), .message(id: 1)]), on: try SnapshotStore.inMemory())
        let plan = try #require(navigation.open(push: [.message(id: 1)]))   // the bottom route is not this one
        #expect(navigation.path == [.mailbox("INBOX"), .message(id: 1)])
        #expect(plan.notes.map(\.kind) == [.deepLinkShown])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aLinkRevealsARouteAlreadyShownAndPopsWhatIsAboveIt() throws {
        let navigation = model(StackNavigation<Screen>(path: [.mailbox("INBOX"), .message(id: 1), .message(id: 2)]), on: try SnapshotStore.inMemory())
        let plan = try #require(navigation.open(push: [.mailbox("INBOX"), .message(id: 1)]))
        #expect(navigation.path == [.mailbox("INBOX"), .message(id: 1)])
        #expect(plan.dropped.map(\.reason) == [.deepLinkPopped])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aLinkIntoATabSelectsItAndPushesOntoItsStack() throws {
        var tabs = TabNavigation<Tab, Screen>(selection: .settings)
        tabs[path: .mail] = [.mailbox("INBOX")]
        let navigation = model(tabs, on: try SnapshotStore.inMemory())
        let plan = try #require(navigation.open(path: ["mail"], push: [.message(id: 7)]))
        #expect(navigation.selection == .mail)
        #expect(navigation[path: .mail] == [.mailbox("INBOX"), .message(id: 7)])
        #expect(Set(plan.notes.map(\.kind)) == [.deepLinkSelected, .deepLinkPushed])
        let again = try #require(navigation.open(path: ["mail"], push: [.message(id: 7)]))
        #expect(again.notes.map(\.kind) == [.deepLinkShown])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aLinkThatMatchesNothingChangesNothing() throws {
        let navigation = model(TabNavigation<Tab, Screen>(selection: .mail), on: try SnapshotStore.inMemory())
        let plan = try #require(navigation.open(path: ["nowhere"], push: [.message(id: 7)]))
        #expect(plan.notes.map(\.kind) == [.deepLinkUnmatched])
        #expect(navigation.state == TabNavigation<Tab, Screen>(selection: .mail))
    }

    /// Routes whose type gives them their own identifiers: saved under them, named by a link's
    /// path, and a route already shown recognised by its identifier.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func routesThatCarryTheirOwnIdentifiersAreNamedByThemAndShownOnce() async throws {
        let pages = RouteCoding<Page>([.codable(String.self, named: "App.Page", route: { .page($0) },
                                                value: { if case .page(let id) = $0 { id } else { nil } }, identifier: { $0 })])
        let store = try SnapshotStore.inMemory()
        let navigation = model(StackNavigation<Page>(path: [.page("inbox"), .page("drafts")]), on: store, coding: pages)
        let first = try #require(navigation.open(path: ["inbox"], push: [.page("message-1")]))
        #expect(navigation.path == [.page("inbox"), .page("message-1")])
        #expect(first.notes.contains { $0.kind == .deepLinkPushed })
        #expect(first.dropped.map(\.record.identifier) == ["drafts"], "revealing inbox popped what was above it")
        let again = try #require(navigation.open(path: ["inbox"], push: [.page("message-1")]))
        #expect(again.notes.map(\.kind) == [.deepLinkShown])
        #expect(navigation.path == [.page("inbox"), .page("message-1")])
        await navigation.flush()
        #expect(try await latestTree(store).allRecords.map(\.record.identifier) == ["inbox", "message-1"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aLinkOntoASplitPushesOntoTheDetail() throws {
        let split = SplitNavigation<Mailbox, Int, Screen>(sidebar: .inbox, content: 42, preferredCompactColumn: .content)
        let navigation = model(split, on: try SnapshotStore.inMemory())
        navigation.open(push: [.search("from:ann")])
        #expect(navigation.path == [.search("from:ann")])
        #expect(navigation.content == 42)
        #expect(navigation.preferredCompactColumn == .detail, "the link's routes show")
    }
}
