import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// Deep links as restack-mail opens them: the status line says what a link did, and a link
/// that would put a screen where it cannot be is refused whole, with the reason, by the app's
/// resolver (the identifier path of each record).
@Suite("restack-mail's deep links and impossible places")
struct LinkTests {
    @Test func theStatusLineSaysWhatALinkDid() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let wide = ["--db", db, "--width", "160"]
        _ = try MailProcess.script(wide, commands: ["open archive", "open archive-2026", "tab settings", "compose", "quit"])
        let opened = try MailProcess.script(wide + ["--open", "window/mail/archive-2026+message-6"], commands: ["quit"])
        #expect(opened.stdout.contains("link opened: revealed window/mail/archive-2026, selected the Mail tab, focused the detail, popped compose, pushed message-6"), "\(opened.stdout)")
        #expect(opened.stdout.contains("From: Margaret"))
        let shown = try MailProcess.script(wide + ["--open", "window/mail"], commands: ["quit"])
        #expect(shown.stdout.contains("link opened: already shown"), "\(shown.stdout)")
    }

    @Test func aComposeScreenOpensOnlyAsTheSheet() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let wide = ["--db", db, "--width", "120"]
        _ = try MailProcess.script(wide, commands: ["open inbox", "open message-1", "quit"])
        // The issue's link: a compose screen pushed into the message stack.
        let json = #"{"path":["window"],"push":[{"identifier":"compose","class":"ComposeController"}]}"#
        for link in [json, "window/mail+compose"] {
            let refused = try MailProcess.script(wide + ["--open", link], commands: ["dismiss", "quit"])
            #expect(refused.status == 0)
            #expect(refused.stdout.contains("link not opened: compose refused: a compose screen opens only as the sheet over the window"), "\(refused.stdout)")
            #expect(refused.stdout.contains("From: Ada"))
            #expect(!refused.stdout.contains("New message"))
            #expect(refused.stdout.contains("nothing to dismiss"))
            #expect(!MailProcess.storeShows("compose", db: db))
        }
        // Pushed onto the root, it is the sheet.
        let sheet = try MailProcess.script(wide + ["--open", "+compose"], commands: ["quit"])
        #expect(sheet.stdout.contains("link opened: pushed compose"), "\(sheet.stdout)")
        #expect(sheet.stdout.contains("New message (compose sheet)"))
        #expect(MailProcess.storeShows("compose", db: db))
    }

    @Test func aMessageShowsOnlyUnderTheMailboxes() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let wide = ["--db", db, "--width", "120"]
        _ = try MailProcess.script(wide, commands: ["quit"])
        for link in ["window/settings+message-2", "+message-2"] {
            let refused = try MailProcess.script(wide + ["--open", link], commands: ["quit"])
            #expect(refused.stdout.contains("link not opened: message-2 refused: a message and its attachments show only under the mailboxes, in Mail"), "\(refused.stdout)")
            #expect(!MailProcess.storeShows("message-2", db: db))
        }
    }

    /// A message opens only under its mailbox: in the detail over the folder that holds it.
    /// Elsewhere in Mail (under the mailboxes list alone, or another folder) the link is refused
    /// whole, saying which mailbox to reveal.
    @Test func aMessageOpensOnlyUnderItsMailbox() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let wide = ["--db", db, "--width", "140"]
        let first = try MailProcess.script(wide + ["--open", "window/mail+message-6"], commands: ["quit"])
        #expect(first.stdout.contains("link not opened: message-6 refused: a message shows only under its mailbox: reveal archive-2026 first (window/mail/archive-2026+message-6)"), "\(first.stdout)")
        #expect(!MailProcess.storeShows("message-6", db: db))
        _ = try MailProcess.script(wide, commands: ["open inbox", "quit"])
        let otherFolder = try MailProcess.script(wide + ["--open", "window/mail+message-6"], commands: ["quit"])
        #expect(otherFolder.stdout.contains("link not opened: message-6 refused: a message shows only under its mailbox"), "\(otherFolder.stdout)")
        #expect(!MailProcess.storeShows("message-6", db: db))
        let underItsMailbox = try MailProcess.script(wide + ["--open", "window/mail+message-2"], commands: ["quit"])
        #expect(underItsMailbox.stdout.contains("link opened: revealed window/mail, focused the detail, pushed message-2"), "\(underItsMailbox.stdout)")
        #expect(MailProcess.storeShows("message-2", db: db))
    }

    /// A state saved with a compose screen in the message stack (as the app once let a link
    /// put it): the app's navigation state refuses it, the status line says where such a screen
    /// may be, the rest restores, and the state saved at the next change no longer holds it.
    @Test func aSavedScreenInAnImpossiblePlaceIsDroppedWithTheReason() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        try MailProcess.saveWindow(at: db, detail: [MailProcess.record("message-1", "MessageController"), MailProcess.record("compose", "ComposeController")])

        let result = try MailProcess.script(["--db", db, "--width", "120"], commands: ["dismiss", "tab settings", "quit"])
        #expect(result.stdout.contains("restored snapshot #1: 5 records;"), "\(result.stdout)")
        #expect(result.stdout.contains("dropped compose (ComposeController: a compose screen opens only as the sheet over the window)"), "\(result.stdout)")
        #expect(result.stdout.contains("From: Ada"))
        #expect(result.stdout.contains("nothing to dismiss"))
        #expect(!MailProcess.storeShows("compose", db: db))
        #expect(MailProcess.storeShows("message-1", db: db))
    }
}

/// Issue 29's "Done when": the same `--open` link on three launches over one store shows its
/// screen once (it used to stack `Settings › Accounts › Accounts › Accounts`), and the status
/// line of the second and third launches says it was already shown. In a tmux pseudo-terminal;
/// every wait is bounded (10 s).
@Suite("restack-mail opens the same link three times", .enabled(if: Tmux.isAvailable, "tmux is not installed: apt-get install tmux (.ci/run installs it)"))
struct SameLinkThreeTimesTests {
    @Test func theSameLinkOnThreeLaunchesShowsTheScreenOnce() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        var statuses: [String] = []
        for launch in 1...3 {
            let tmux = Tmux()
            defer { tmux.stop() }
            try tmux.start([MailProcess.binary.path, "--db", db, "--open", "window/settings+accounts"], width: 120, height: 30)
            let screen = try tmux.waitFor("link opened")
            #expect(screen.contains("Settings › Accounts"), "launch \(launch):\n\(screen)")
            #expect(!screen.contains("Accounts › Accounts"), "launch \(launch): the screen is shown once:\n\(screen)")
            #expect(screen.components(separatedBy: "ada@example.com").count == 2, "launch \(launch): one accounts list:\n\(screen)")
            statuses.append(screen.split(separator: "\n").first { $0.contains("link opened") }.map(String.init) ?? "")
            try tmux.keys("q")
            try tmux.waitForExit()
        }
        #expect(statuses[0].contains("link opened: revealed window/settings, selected the Settings tab, pushed accounts"), "\(statuses[0])")
        #expect(statuses[1].contains("link opened: already shown"), "\(statuses[1])")
        #expect(statuses[2].contains("link opened: already shown"), "\(statuses[2])")
        let tree = try SnapshotStore(readingAt: db).latestSnapshot(session: "window-1").tree
        #expect(tree.allRecords.filter { $0.record.identifier == "accounts" }.count == 1, "the store holds Accounts once")
    }
}
