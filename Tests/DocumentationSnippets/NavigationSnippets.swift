import Foundation
import Restack
import RestackStore
import RestackTesting
import Testing

// The navigation model's documentation, compiled and run as written: the examples of its `///`
// comments (regions `doc-comment-NAME`) and the relaunch test of "Testing with Restack".

/// A mailbox of the sidebar, as the split's example selects it.
enum Mailbox: String, Codable, Hashable, Sendable {
    case inbox, sent
}

// snippet: doc-comment-navigation-state
/// A mailbox list and, over it, an optional compose sheet.
struct MailNavigation: NavigationState {
    var path: [Screen] = []
    var compose: Screen?

    func tree(_ coding: RouteCoding<Screen>) throws(RouteCodingError) -> RestorationTree {
        let window = try coding.record(identifier: "window", className: "Window", holding: path)
        return RestorationTree(root: .presentation(PresentationContainer(
            base: window, presented: try coding.records(for: compose.map { [$0] } ?? []))))
    }

    mutating func restore(from restored: RestoredRoutes<Screen>) {
        path = restored.routes(under: ["window"])
        guard case .presentation(let chain)? = restored.plan.root?.content else { return }
        compose = chain.presented.compactMap(restored.route(for:)).first
    }
}
// end snippet

@Suite("The navigation model's documentation")
@MainActor
struct NavigationSnippets {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anAppsOwnShapeComesBackWhole() async throws {
        let app = try RelaunchTester(MailNavigation())
        app.navigation.state = MailNavigation(path: [.mailbox("INBOX")], compose: .message(id: 7))
        await app.quitAndRelaunch()
        #expect(app.navigation.state == MailNavigation(path: [.mailbox("INBOX")], compose: .message(id: 7)))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func docCommentStackNavigation() throws {
        // snippet: doc-comment-stack-navigation
        var state = StackNavigation<Screen>(path: [.mailbox("INBOX")])
        state.path.append(.message(id: 42))
        let tree = try state.tree(RouteCoding(named: "MailApp.Screen"))   // what the model saves
        // end snippet
        #expect(tree.recordCount == 2)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func docCommentTabNavigation() {
        // snippet: doc-comment-tab-navigation
        var tabs = TabNavigation<Tab, Screen>(selection: .mail)
        tabs[path: .mail].append(.mailbox("INBOX"))      // $navigation[path: .mail] in SwiftUI
        tabs.selection = .settings
        // end snippet
        #expect(tabs[path: .mail] == [.mailbox("INBOX")] && tabs.selection == .settings)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func docCommentSplitNavigation() {
        // snippet: doc-comment-split-navigation
        var mail = SplitNavigation<Mailbox, Int, Screen>()     // three columns: mailboxes, messages, a message
        mail.sidebar = .inbox
        mail.content = 42
        mail.preferredCompactColumn = .detail
        // end snippet
        #expect(mail.content == 42)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func docCommentOpen() throws {
        let navigation = NavigationModel(StackNavigation<Screen>(), store: try SnapshotStore.inMemory())
        // snippet: doc-comment-open
        navigation.open(push: [.mailbox("INBOX"), .message(id: 42)])
        let again = navigation.open(push: [.mailbox("INBOX"), .message(id: 42)])
        // again?.notes: deep-link-shown; navigation.path is unchanged
        // end snippet
        #expect(again?.notes.map(\.kind) == [.deepLinkShown])
        #expect(navigation.path == [.mailbox("INBOX"), .message(id: 42)])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    // snippet: relaunch-test
    @Test func theInboxComesBackAfterAQuitButNotAfterACrashAtLaunch() async throws {
        let app = try RelaunchTester(StackNavigation<Screen>())          // a first launch, on a store in memory
        app.navigation.path = [.mailbox("INBOX"), .message(id: 42)]       // what the user does
        let restored = await app.quitAndRelaunch()                        // the plan, as restore-inspect prints it
        #expect(app.navigation.path == [.mailbox("INBOX"), .message(id: 42)])
        #expect(restored.contains("2 restored, 0 dropped"))

        app.navigation.path.removeLast()                                  // provisional: the launch is not confirmed
        await app.crashAndRelaunch()                                      // killed before the launch was confirmed
        #expect(app.navigation.path == [.mailbox("INBOX"), .message(id: 42)])
    }
    // end snippet
}

/// The tabs of the tab bar example.
enum Tab: String, Codable, Hashable, Sendable {
    case mail, settings
}
