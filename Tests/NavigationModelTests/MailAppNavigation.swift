import Foundation
import Restack
import RestackStore
import RestackTesting
import Testing

// The example app's navigation (restack-mail's shape) as an app of its own writes it, on the
// public API only: a window with two tabs, Mail (a split of a primary stack and a detail stack,
// with a focus) and Settings (a stack), and a compose sheet presented over the window. Each screen
// kind is saved under a class of its own, and version 2 renames the message's.

/// restack-mail's screens.
enum MailScreen: Codable, Hashable, Sendable {
    case folder(String), message(String), settingsPage(String), compose
}

/// The screens' coding in a version of the app: one class per screen kind; version 2 renames
/// `MessageController` to `MessageViewController`.
func mailScreens(version: Int) throws -> RouteCoding<MailScreen> {
    let message = version >= 2 ? "MessageViewController" : "MessageController"
    return RouteCoding([
        .codable(String.self, named: "FolderController", route: { .folder($0) }, value: { if case .folder(let id) = $0 { id } else { nil } }),
        .codable(String.self, named: message, route: { .message($0) }, value: { if case .message(let id) = $0 { id } else { nil } }),
        .codable(String.self, named: "SettingsPageController", route: { .settingsPage($0) }, value: { if case .settingsPage(let id) = $0 { id } else { nil } }),
        .codable(Bool.self, named: "ComposeController", route: { _ in .compose }, value: { $0 == .compose ? true : nil }),
    ], aliases: version >= 2 ? try ClassAliases(["MessageController": message]) : ClassAliases())
}

/// restack-mail's navigation: the window's tabs, Mail's split, Settings' stack, the compose sheet.
struct MailNavigation: NavigationState {
    var settingsSelected = false
    var primary: [MailScreen] = []          // the folders drilled into, under the mailboxes
    var detail: [MailScreen] = []           // a message
    var focus = SplitSide.primary
    var settings: [MailScreen] = []
    var composing = false

    func tree(_ coding: RouteCoding<MailScreen>) throws(RouteCodingError) -> RestorationTree {
        let mail = RestorationRecord(identifier: "mail", className: "MailSplit", container: .split(SplitContainer(
            primary: try coding.records(for: primary), detail: try coding.records(for: detail, from: primary.count), focus: focus)))
        let settings = try coding.record(identifier: "settings", className: "SettingsStack", holding: settings)
        let window = RestorationRecord(identifier: "window", className: "MainWindow",
                                       container: .tabs(TabsContainer(tabs: [mail, settings], selected: settingsSelected ? 1 : 0)))
        return RestorationTree(root: .presentation(PresentationContainer(
            base: window, presented: try coding.records(for: composing ? [.compose] : []))))
    }

    mutating func restore(from restored: RestoredRoutes<MailScreen>) {
        guard case .presentation(let chain)? = restored.plan.root?.content else { return }
        composing = chain.presented.contains { restored.route(for: $0) == .compose }
        guard case .tabs(let tabs)? = chain.base?.container?.content else { return }
        settingsSelected = tabs.selected.map { tabs.tabs[$0].record.identifier == "settings" } ?? false
        settings = restored.routes(under: ["window", "settings"])
        for case .split(let split)? in tabs.tabs.map(\.container?.content) {
            (primary, detail, focus) = (split.primary.compactMap(restored.route(for:)), split.detail.compactMap(restored.route(for:)), split.focus)
        }
    }
}

@Suite("An app's own shape: restack-mail's")
@MainActor
struct MailAppNavigationTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func theMailAppComesBackAfterAQuitAndACrash() async throws {
        let app = try RelaunchTester(MailNavigation(), coding: try mailScreens(version: 1))
        let expected = MailNavigation(primary: [.folder("inbox")], detail: [.message("message-1")], focus: .detail, composing: true)
        app.navigation.state = expected
        let text = await app.quitAndRelaunch()
        #expect(app.navigation.state == expected)
        #expect(text == """
            format 2 · layout regular · 6 restored, 0 dropped
                        [presentation]
              restored  base            "window"    MainWindow
                          [tabs]        selected 0
              restored    tabs[0]       "mail"      MailSplit
                            [split]     focus detail · compact merge
              restored      primary[0]  "0"         FolderController   "inbox"
              restored      detail[0]   "1"         MessageController  "message-1"
              restored    tabs[1]       "settings"  SettingsStack
                            [stack]     afterDrop truncate
              restored  presented[0]    "0"         ComposeController  true
            """)
        app.navigation.composing = false
        await app.crashAndRelaunch()
        #expect(app.navigation.state == expected, "a crash before the launch was confirmed: the restored state again")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func version2RestoresTheRenamedMessageScreen() async throws {
        let app = try RelaunchTester(MailNavigation(), coding: try mailScreens(version: 1))
        app.navigation.detail = [.message("message-1")]
        let text = await app.quitAndRelaunch(coding: try mailScreens(version: 2))
        #expect(app.navigation.detail == [.message("message-1")])
        #expect(text.contains(#"renamed from "MessageController""#), "\(text)")
    }
}
