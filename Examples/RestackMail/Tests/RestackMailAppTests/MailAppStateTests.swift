import Restack
import Testing
@testable import restack_mail

/// restack-mail's commands, one by one, in process: what each does to the navigation state,
/// what it refuses, and where the cursor lands.
@Suite("restack-mail's commands on its navigation state")
struct MailAppStateTests {
    static let one = AppVersion(number: 1)

    static func ids(_ screens: [MailScreen]) -> [String] { screens.map(\.id) }

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
        #expect(Self.ids(app.navigation.settings) == ["signature"])
        #expect(app.activePage == .screen(.settingsPage("signature")))
        // A page lists nothing: another page opens from the list, not from a page.
        let result6 = app.open("accounts", compact: false)
        #expect(result6 == "no accounts here")
        #expect(Self.ids(app.navigation.settings) == ["signature"])
        let result7 = app.back()
        #expect(result7)
        #expect(app.navigation.settings.isEmpty)
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
        #expect(Self.ids(app.navigation.primary) == ["archive", "archive-2026"])
        #expect(Self.ids(app.navigation.detail) == ["message-6"])
        #expect(app.navigation.focus == .detail)
        let result14 = app.back()
        #expect(result14)
        #expect(app.navigation.detail.isEmpty && app.navigation.focus == .primary)
        #expect(app.cursor == MailApp.items(of: app.activePage, version: Self.one).firstIndex { $0.id == "message-6" })
        let result15 = app.back()
        #expect(result15)
        #expect(Self.ids(app.navigation.primary) == ["archive"])
        #expect(app.cursor == 1, "archive-2026 is archive's second row")
        let result16 = app.back()
        #expect(result16)
        let result17 = app.back()
        #expect(!result17)
        #expect(app.navigation.primary.isEmpty)
    }

    @Test func theComposeSheetBlocksEverythingButDismiss() {
        var app = MailApp(version: Self.one)
        let result18 = app.dismiss()
        #expect(!result18, "nothing to dismiss")
        let result19 = app.presentCompose()
        #expect(result19)
        let result20 = app.presentCompose()
        #expect(!result20, "one sheet at a time")
        #expect(app.activePage == .screen(.compose) && app.activePane == .sheet)
        let result21 = app.open("inbox", compact: false)
        #expect(result21 == "dismiss the compose sheet first")
        let result22 = app.select(.settings)
        #expect(!result22)
        let result23 = app.back()
        #expect(!result23)
        let result24 = app.dismiss()
        #expect(result24)
        #expect(!app.navigation.composing)
        let result25 = app.open("inbox", compact: false)
        #expect(result25 == nil)
    }

    @Test func aRegularLayoutOpensFromTheOtherSideACompactOneOnlyFromTheActiveScreen() {
        var app = MailApp(version: Self.one)
        let result26 = app.open("inbox", compact: true)
        #expect(result26 == nil)
        let result27 = app.open("message-1", compact: true)
        #expect(result27 == nil)
        #expect(app.navigation.focus == .detail)
        // message-2 is listed by the inbox, the primary side: the compact layout shows only the message.
        let result28 = app.open("message-2", compact: true)
        #expect(result28 == "no message-2 here")
        let result29 = app.open("message-2", compact: false)
        #expect(result29 == nil)
        #expect(Self.ids(app.navigation.detail) == ["message-2"])
        #expect(Self.ids(app.navigation.primary) == ["inbox"])
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
                #expect(Self.ids(app.navigation.detail) == ["message-1", "attachment-1-2"])
                // An attachment lists nothing: in a compact layout nothing opens from it.
                let result33 = app.open("attachment-1-1", compact: true)
                #expect(result33 == "no attachment-1-1 here")
                // In a regular one the primary side's top, the inbox, still opens a message.
                let result34 = app.open("message-3", compact: false)
                #expect(result34 == nil)
                #expect(Self.ids(app.navigation.detail) == ["message-3"])
            } else {
                #expect(opened == "no attachment-1-2 here", "release 2 has no attachment screen")
                #expect(Self.ids(app.navigation.detail) == ["message-1"])
            }
        }
    }
}
