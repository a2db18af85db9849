import Foundation
import RestackTestSupport
import Testing

/// restack-mail's status line, as a scripted user reads it: a deep link opened on the first
/// launch of a session, and what each command says when it has nothing to do.
@Suite("restack-mail's status line")
struct LaunchStatusTests {
    /// The status line of each screen a scripted run printed: the line after a screen's second
    /// rule (the first is under its tab bar).
    static func statuses(_ output: String) -> [String] {
        var statuses: [String] = [], rules = 0, afterSecondRule = false
        for line in output.components(separatedBy: "\n") {
            if afterSecondRule {
                statuses.append(line.trimmingCharacters(in: .whitespaces))
                afterSecondRule = false
            } else if line.hasPrefix(" restack-mail ") {
                rules = 0
            } else if line.hasPrefix("────") {
                rules += 1
                afterSecondRule = rules == 2
            }
        }
        return statuses
    }

    /// A session with nothing saved starts on the first screen, and a link opens over it: the
    /// status says both, the screen shows the page, and the store keeps it.
    @Test func aLinkOpensOverTheFirstScreenOfANewSession() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let run = try MailProcess.script(["--db", db, "--width", "120", "--open", "window/settings+accounts"], commands: ["quit"])
        #expect(run.status == 0, "\(run.stderr)")
        // The status line wraps at the width: its two parts, each whole.
        #expect(run.stdout.contains("new session window-1: nothing saved yet;"), "\(run.stdout)")
        #expect(run.stdout.contains("link opened: revealed window/settings, selected the Settings tab, pushed accounts"), "\(run.stdout)")
        #expect(run.stdout.contains("ada@example.com (IMAP)"))
        #expect(MailProcess.storeShows("accounts", db: db))
    }

    /// A link refused on a first launch leaves the first screen as it is, saying why.
    @Test func aLinkRefusedOnAFirstLaunchLeavesTheFirstScreen() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let run = try MailProcess.script(["--db", db, "--width", "120", "--open", "window/settings+message-2"], commands: ["quit"])
        #expect(run.status == 0, "\(run.stderr)")
        // The status line wraps at the width: its two parts, each whole.
        #expect(run.stdout.contains("new session window-1: nothing saved yet;"), "\(run.stdout)")
        #expect(run.stdout.contains("link not opened: message-2 refused: a message and its attachments show only under the mailboxes, in Mail"), "\(run.stdout)")
        #expect(!run.stdout.contains("From: Grace"))
        #expect(!MailProcess.storeShows("message-2", db: db))
    }

    /// Each command that has nothing to do says so, and changes nothing.
    @Test func aCommandWithNothingToDoSaysSo() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let run = try MailProcess.script(["--db", db, "--width", "120"], commands: [
            "tab mail", "back", "compose", "compose", "dismiss", "dismiss", "tab settings", "tab settings", "open accounts", "back", "back", "quit",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.statuses(run.stdout) == [
            "new session window-1: nothing saved yet", "already on mail", "nothing to go back to", "compose sheet", "already composing",
            "dismissed", "nothing to dismiss", "tab settings", "already on settings", "opened accounts", "back to Settings", "nothing to go back to",
        ], "\(run.stdout)")
    }

    /// A session whose only snapshot crashed the app twice while it rebuilt: the third launch has
    /// nothing it may restore, starts fresh, and says which snapshot is quarantined.
    @Test func aSessionWhoseOnlySnapshotIsQuarantinedStartsFreshSayingSo() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let wide = ["--db", db, "--width", "120"]
        // One snapshot: the first change, written at once.
        let first = try MailProcess.script(wide, commands: ["open inbox", "quit"])
        #expect(first.status == 0, "\(first.stderr)")
        for _ in 1...2 {
            let crashed = try MailProcess.script(wide + ["--crash-while-rebuilding"], commands: ["quit"])
            #expect(crashed.killedBySignal && crashed.status == SIGKILL)
        }
        let third = try MailProcess.script(wide, commands: ["quit"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(Self.statuses(third.stdout).first?.hasPrefix("nothing to restore: #1 quarantined; fresh start") == true, "\(third.stdout)")
        #expect(third.stdout.contains("(no message selected)"))
        #expect(!third.stdout.contains("Mailboxes › Inbox"), "the first screen")
    }
}
