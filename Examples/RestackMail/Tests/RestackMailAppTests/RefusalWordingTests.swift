import Foundation
import Restack
import RestackStore
import Testing
@testable import restack_mail

/// What restack-mail's status line says of a link it does not open, in process over the first
/// screen: a path that is not there, a message no mailbox holds, a screen put where its kind may
/// not be (each kind with the rule of where it may be); and of a saved record that is no screen.
/// A refused link changes nothing.
@Suite("restack-mail's refusals in words")
@MainActor
struct RefusalWordingTests {
    static let one = AppVersion(number: 1)

    /// The link opened over the first screen, as the app opens it: the status line's words, and
    /// whether the state changed.
    static func open(_ link: MailLink) throws -> (status: String, changed: Bool) {
        let navigation = NavigationModel(MailNavigation(), store: try SnapshotStore.inMemory(), coding: one.coding)
        let merged = navigation.open(path: link.path, push: link.push)
        let status = LaunchStatus.describe(link: link, merged: merged, error: navigation.error,
                                           app: MailApp(version: one, navigation: navigation.state), version: one)
        return (status, navigation.state != MailNavigation())
    }

    @Test func aPathThatIsNotThereNamesWhatWasMissingAndWhere() throws {
        let atRoot = try Self.open(MailLink(path: ["nowhere"], push: []))
        #expect(atRoot.status == "link not opened: no nowhere at the root" && !atRoot.changed)
        let below = try Self.open(MailLink(path: ["window", "nowhere"], push: []))
        #expect(below.status.hasPrefix("link not opened: no nowhere at ") && below.status != atRoot.status, "\(below.status)")
        #expect(!below.changed)
    }

    @Test func aMessageNoMailboxHoldsIsRefusedSayingSo() {
        #expect(Placement.refusal(of: .message("message-99"), in: .detail, mailbox: "inbox") == "a message shows only under its mailbox, and no mailbox holds it")
        #expect(Placement.refusal(of: .message("message-2"), in: .detail, mailbox: "inbox") == nil)
        #expect(Placement.refusal(of: .message("message-2"), in: .detail, mailbox: "sent")
                    == "a message shows only under its mailbox: reveal inbox first (window/mail/inbox+message-2)")
    }

    /// A screen pushed where its kind may not be (here the root, where only the compose sheet
    /// goes): the rule of where it may be, for each kind; the whole link refused.
    @Test func aScreenPushedWhereItMayNotBeSaysWhereItMay() throws {
        let cases: [(MailScreen, String)] = [
            (.folder("inbox"), "folders show only under the mailboxes, in Mail"),
            (.settingsPage("accounts"), "settings pages show only in Settings"),
            (.attachment("attachment-1-1"), "a message and its attachments show only under the mailboxes, in Mail"),
            (.message("message-1"), "a message and its attachments show only under the mailboxes, in Mail"),
        ]
        for (screen, rule) in cases {
            let opened = try Self.open(MailLink(path: [], push: [screen]))
            #expect(opened.status == "link not opened: \(screen.id) refused: \(rule)", "\(screen)")
            #expect(!opened.changed, "\(screen)")
        }
        let sheet = try Self.open(MailLink(path: ["window", "settings"], push: [.compose]))
        #expect(sheet.status == "link not opened: compose refused: a compose screen opens only as the sheet over the window")
        let refusedWhole = try Self.open(MailLink(path: ["window", "settings"], push: [.settingsPage("accounts"), .folder("inbox")]))
        #expect(refusedWhole.status == "link not opened: inbox refused: folders show only under the mailboxes, in Mail" && !refusedWhole.changed)
    }

    /// A saved record that is no screen of this release: its class, its payload or its content
    /// says why.
    @Test func aRecordThatIsNoScreenSaysWhy() throws {
        #expect(Self.one.kind(ofClass: "Nothing") == nil && Self.one.kind(ofClass: nil) == nil)
        #expect(AppVersion(number: 2).kind(ofClass: "MessageController") == .message, "through the alias")
        #expect(AppVersion(number: 2).kind(ofClass: "AttachmentController") == nil, "removed in 2")
        let records = [
            RestorationRecord(identifier: "x", className: "Nothing"),
            RestorationRecord(identifier: "x", className: "FolderController"),
            RestorationRecord(identifier: "x", className: "FolderController", payload: try RecordPayload.encode("nowhere")),
        ]
        let errors = records.map { record -> String in
            do { return "\(try Self.one.screen(of: record))" } catch { return "\(error)" }
        }
        #expect(errors == ["no screen class Nothing", "no content identifier", "no content nowhere"])
        #expect(ScreenError.unknownClass(nil).description == "no screen class (none)")
    }
}
