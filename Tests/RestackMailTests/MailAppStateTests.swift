import Restack
import Testing
@testable import restack_mail

/// restack-mail's navigation state, command by command, in process: what each command does, what
/// it refuses, where the cursor lands, and how a rebuilt hierarchy becomes the app (the parts of
/// a window that did not restore start as on a first launch).
@Suite("restack-mail's navigation state")
struct MailAppStateTests {
    static let one = AppVersion(number: 1)

    static func ids(_ screens: [Screen]) -> [String] { screens.map(\.id) }

    @Test func settingsPagesOpenFromTheSettingsListOnlyAndBackComesToTheirRow() {
        var app = MailApp(version: Self.one)
        let result1 = app.select(.settings)
        #expect(result1)
        let result2 = app.select(.settings)
        #expect(!result2, "selecting the tab shown changes nothing")
        let result3 = app.open("nowhere", compact: false)
        #expect(result3 == "no nowhere here")
        let result4 = app.open("message-1", compact: false)
        #expect(result4 == "no message-1 here", "a message is no settings page")
        let result5 = app.open("signature", compact: false)
        #expect(result5 == nil)
        #expect(Self.ids(app.settings) == ["general", "signature"])
        #expect(app.activeScreen.role == .settingsPage)
        // A page lists nothing: another page opens from the list, not from a page.
        let result6 = app.open("accounts", compact: false)
        #expect(result6 == "no accounts here")
        #expect(Self.ids(app.settings) == ["general", "signature"])
        let result7 = app.back()
        #expect(result7)
        #expect(Self.ids(app.settings) == ["general"])
        #expect(app.cursor == 1, "the cursor is on the row of the page left (signature is the second)")
        let result8 = app.back()
        #expect(!result8, "the settings list is the bottom of its stack")
        let result9 = app.select(.mail)
        #expect(result9)
        #expect(app.cursor == 0)
    }

    @Test func backEmptiesTheDetailThenThePrimaryDownToTheMailboxes() {
        var app = MailApp(version: Self.one)
        let result10 = app.back()
        #expect(!result10, "nothing below the mailboxes")
        let result11 = app.open("archive", compact: false)
        #expect(result11 == nil)
        let result12 = app.open("archive-2026", compact: false)
        #expect(result12 == nil)
        let result13 = app.open("message-6", compact: false)
        #expect(result13 == nil)
        #expect(Self.ids(app.primary) == ["mailboxes", "archive", "archive-2026"])
        #expect(Self.ids(app.detail) == ["message-6"])
        #expect(app.focus == .detail)
        let result14 = app.back()
        #expect(result14)
        #expect(app.detail.isEmpty && app.focus == .primary)
        #expect(app.cursor == MailApp.items(of: app.activeScreen, version: Self.one).firstIndex { $0.id == "message-6" })
        let result15 = app.back()
        #expect(result15)
        #expect(Self.ids(app.primary) == ["mailboxes", "archive"])
        #expect(app.cursor == 1, "archive-2026 is archive's second row")
        let result16 = app.back()
        #expect(result16)
        let result17 = app.back()
        #expect(!result17)
        #expect(Self.ids(app.primary) == ["mailboxes"])
    }

    @Test func theComposeSheetBlocksEverythingButDismiss() {
        var app = MailApp(version: Self.one)
        let result18 = app.dismiss()
        #expect(!result18, "nothing to dismiss")
        let result19 = app.presentCompose()
        #expect(result19)
        let result20 = app.presentCompose()
        #expect(!result20, "one sheet at a time")
        #expect(app.activeScreen.role == .compose)
        let result21 = app.open("inbox", compact: false)
        #expect(result21 == "dismiss the compose sheet first")
        let result22 = app.select(.settings)
        #expect(!result22)
        let result23 = app.back()
        #expect(!result23)
        let result24 = app.dismiss()
        #expect(result24)
        #expect(app.compose == nil)
        let result25 = app.open("inbox", compact: false)
        #expect(result25 == nil)
    }

    @Test func aRegularLayoutOpensFromTheOtherSideACompactOneOnlyFromTheActiveScreen() {
        var app = MailApp(version: Self.one)
        let result26 = app.open("inbox", compact: true)
        #expect(result26 == nil)
        let result27 = app.open("message-1", compact: true)
        #expect(result27 == nil)
        #expect(app.focus == .detail)
        // message-2 is listed by the inbox, the primary side: the compact layout shows only the message.
        let result28 = app.open("message-2", compact: true)
        #expect(result28 == "no message-2 here")
        let result29 = app.open("message-2", compact: false)
        #expect(result29 == nil)
        #expect(Self.ids(app.detail) == ["message-2"])
        #expect(Self.ids(app.primary) == ["mailboxes", "inbox"])
        // The mailboxes are neither side's top: their folders do not open from here.
        let result30 = app.open("archive", compact: false)
        #expect(result30 == "no archive here")
    }

    @Test func anAttachmentOpensFromItsMessageInReleaseOneOnly() {
        for version in [AppVersion(number: 1), AppVersion(number: 2)] {
            var app = MailApp(version: version)
            let result31 = app.open("inbox", compact: false)
            #expect(result31 == nil)
            let result32 = app.open("message-1", compact: false)
            #expect(result32 == nil)
            let opened = app.open("attachment-1-2", compact: false)
            if version.number == 1 {
                #expect(opened == nil)
                #expect(Self.ids(app.detail) == ["message-1", "attachment-1-2"])
                // An attachment lists nothing: in a compact layout nothing opens from it.
                let result33 = app.open("attachment-1-1", compact: true)
                #expect(result33 == "no attachment-1-1 here")
                // In a regular one the primary side's top, the inbox, still opens a message.
                let result34 = app.open("message-3", compact: false)
                #expect(result34 == nil)
                #expect(Self.ids(app.detail) == ["message-3"])
            } else {
                #expect(opened == "no attachment-1-2 here", "release 2 has no attachment screen")
                #expect(Self.ids(app.detail) == ["message-1"])
            }
        }
    }

    @Test func aRebuiltWindowBecomesTheAppAndWhatDidNotRestoreStartsFresh() {
        var notes: [String] = []
        // Nothing rebuilt: a first launch, no note.
        let first = MailApp(version: Self.one, rebuilt: nil, notes: &notes)
        #expect(notes.isEmpty)
        #expect(Self.ids(first.primary) == ["mailboxes"] && first.tab == .mail)

        // A hierarchy that is not the app's window: a fresh start, said.
        let stray = NodeContainer<Screen>.stack(StackContainer(records: [Screen(.mailboxes, "mailboxes")]))
        let fresh = MailApp(version: Self.one, rebuilt: stray, notes: &notes)
        #expect(notes == ["the saved window did not restore: fresh start"])
        #expect(Self.ids(fresh.primary) == ["mailboxes"] && fresh.detail.isEmpty && fresh.compose == nil)

        // A window whose Mail split lost its mailboxes, its detail and its Settings stack, the
        // Settings tab selected and the sheet up: the mailboxes come back under the folder, the
        // focus goes to the primary side, Settings starts at its list.
        notes = []
        let split = Screen(.mailSplit, "mail", children: .split(SplitContainer(primary: [Screen(.folder, "inbox")], detail: [], focus: .detail, compact: .merge)))
        let settings = Screen(.settingsStack, "settings", children: .stack(StackContainer(records: [])))
        let window = Screen(.window, "window", children: .tabs(TabsContainer(tabs: [split, settings, Screen(.compose, "stray")], selected: 1)))
        let root = NodeContainer<Screen>.presentation(PresentationContainer(base: window, presented: [Screen(.compose, "compose")]))
        let app = MailApp(version: Self.one, rebuilt: root, notes: &notes)
        #expect(notes.isEmpty)
        #expect(Self.ids(app.primary) == ["mailboxes", "inbox"])
        #expect(app.focus == .primary)
        #expect(Self.ids(app.settings) == ["general"])
        #expect(app.tab == .settings)
        #expect(app.compose?.id == "compose")

        // The app's own hierarchy, rebuilt, is the same app.
        var again: [String] = []
        let back = MailApp(version: Self.one, rebuilt: app.hierarchy, notes: &again)
        #expect(again.isEmpty)
        #expect(Self.ids(back.primary) == Self.ids(app.primary) && back.tab == app.tab && back.compose?.id == "compose")
    }
}
