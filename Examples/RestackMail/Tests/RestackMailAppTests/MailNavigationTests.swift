import Foundation
import Restack
import RestackStore
import RestackTesting
import Testing
@testable import restack_mail

/// The app's navigation state across relaunches, with RestackTesting's relaunch helper as an
/// app's own tests use it: a quit and a crash, the next release, screens in places where they
/// may not be.
@Suite("restack-mail's navigation state across relaunches")
@MainActor
struct MailNavigationTests {
    static let one = AppVersion(number: 1)

    @Test func theMailAppComesBackAfterAQuitAndACrash() async throws {
        let app = try RelaunchTester(MailNavigation(), coding: Self.one.coding)
        let expected = MailNavigation(primary: [.folder("inbox")], detail: [.message("message-1")], focus: .detail, composing: true)
        app.navigation.state = expected
        let text = await app.quitAndRelaunch()
        #expect(app.navigation.state == expected)
        // Each screen saved under the identifier of the content it shows.
        #expect(text == """
            format 2 · layout regular · 6 restored, 0 dropped
                        [presentation]
              restored  base            "window"     MainWindow
                          [tabs]        selected 0
              restored    tabs[0]       "mail"       MailSplit
                            [split]     focus detail · compact merge
              restored      primary[0]  "inbox"      FolderController   "inbox"
              restored      detail[0]   "message-1"  MessageController  "message-1"
              restored    tabs[1]       "settings"   SettingsStack
                            [stack]     afterDrop truncate
              restored  presented[0]    "compose"    ComposeController  "compose"
            """, "\(text)")
        app.navigation.composing = false
        await app.crashAndRelaunch()
        #expect(app.navigation.state == expected, "a crash before the launch was confirmed: the restored state again")
    }

    @Test func version2RestoresTheRenamedMessageScreenAndDropsTheRemovedOne() async throws {
        let app = try RelaunchTester(MailNavigation(), coding: Self.one.coding)
        app.navigation.state = MailNavigation(primary: [.folder("inbox")], detail: [.message("message-1"), .attachment("attachment-1-1")], focus: .detail)
        let text = await app.quitAndRelaunch(coding: AppVersion(number: 2).coding)
        #expect(app.navigation.detail == [.message("message-1")])
        #expect(app.navigation.focus == .detail)
        #expect(text.contains(#"renamed from "MessageController""#), "\(text)")
        #expect(text.contains("unresolved-class"), "\(text)")
    }

    /// A saved state with screens where they may not be (as a crafted store, or an older release,
    /// holds them): each is left out, the rest comes back.
    @Test func screensWhereTheyMayNotBeAreLeftOut() async throws {
        let store = try SnapshotStore.inMemory()
        let coding = Self.one.coding
        let misplaced = MailNavigation(tab: .settings, primary: [.folder("archive"), .message("message-1")],
                                       detail: [.message("message-6"), .compose], settings: [.settingsPage("accounts"), .folder("sent")], composing: true)
        try await store.save(try misplaced.tree(coding), session: "main")
        let navigation = NavigationModel(MailNavigation(), store: store, coding: coding)
        #expect(navigation.state == MailNavigation(tab: .settings, primary: [.folder("archive")], focus: .primary,
                                                   settings: [.settingsPage("accounts")], composing: true))
        let plan = try #require(navigation.restored)
        let refused = Placement.refused(in: plan) { try? Self.one.screen(of: $0.restoredRecord) }
        #expect(refused.map(\.record.record.identifier) == ["message-1", "message-6", "compose", "sent"])
    }

    /// A link refused whole changes nothing, and nothing is saved; one that applies is saved.
    @Test func aRefusedLinkChangesNothingAndSavesNothing() async throws {
        let store = try SnapshotStore.inMemory()
        let navigation = NavigationModel(MailNavigation(), store: store, coding: Self.one.coding)
        navigation.open(path: ["window", "mail"], push: [.message("message-6")])   // not under its mailbox
        #expect(navigation.state == MailNavigation())
        navigation.open(path: ["window", "settings"], push: [.settingsPage("accounts")])
        #expect(navigation.state == MailNavigation(tab: .settings, settings: [.settingsPage("accounts")]))
        await navigation.flush()
        let saved = try store.snapshots(session: "main")
        #expect(saved.count == 1)
    }
}
