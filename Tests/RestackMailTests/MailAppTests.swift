import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// restack-mail driven as a user drives it: keys into a pseudo-terminal (tmux), kill -9,
/// relaunches, an update, a crash loop.
@Suite("restack-mail, as a user")
struct MailAppTests {
    /// The tab bar and the screens: what must look the same after a relaunch (the status line
    /// below them says what the launch did).
    static func body(_ screen: String) -> [String] {
        Array(screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(12)).map(String.init)
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed: apt-get install tmux (.ci/run installs it)"))
    func killedByKeysAndRelaunchedShowsTheSameScreen() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start([MailProcess.binary.path, "--db", db], width: 120)
        try tmux.waitFor("new session window-1")
        try tmux.keys("Enter")                          // Inbox
        try tmux.waitFor("opened inbox")
        try tmux.keys("Enter")                          // its first message
        try tmux.waitFor("opened message-1")
        try tmux.keys("Down", "Enter")                  // its second attachment
        let before = try tmux.waitFor("opened attachment-1-2")
        #expect(before.contains("Preview of timeline.png"))
        // Within a second, with no flush: the autosaver wrote it.
        let took = MailProcess.waitUntil(timeout: 1) { MailProcess.storeShows("attachment-1-2", db: db) }
        #expect(took != nil, "the navigation did not reach the store within 1 s")

        kill(try tmux.pid(), SIGKILL)
        try tmux.waitForExit()
        try tmux.start([MailProcess.binary.path, "--db", db], width: 120)
        let after = try tmux.waitFor("restored snapshot")
        #expect(Self.body(after) == Self.body(before))
        #expect(!after.contains("dropped"))
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed: apt-get install tmux (.ci/run installs it)"))
    func quitThenVersionTwoRestoresTheRenamedScreenAndReportsTheRemovedOne() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start([MailProcess.binary.path, "--db", db], width: 120)
        try tmux.waitFor("new session")
        try tmux.keys("Enter")
        try tmux.waitFor("opened inbox")
        try tmux.keys("Enter")
        try tmux.waitFor("opened message-1")
        try tmux.keys("Enter")
        try tmux.waitFor("opened attachment-1-1")
        try tmux.keys("q")
        try tmux.waitForExit()

        try tmux.start([MailProcess.binary.path, "--db", db, "--app-version", "2"], width: 120)
        let screen = try tmux.waitFor("restored snapshot")
        #expect(screen.contains("restack-mail 2.0"))
        #expect(screen.contains("renamed MessageController→MessageViewController"))
        #expect(screen.contains("dropped attachment-1-1 (AttachmentController: unresolved-class)"))
        #expect(screen.contains("From: Ada"))             // the renamed message screen, restored
        #expect(!screen.contains("Preview of"))           // the removed attachment screen is not
    }

    @Test func twoCrashesWhileRebuildingFallBackOnTheThirdLaunch() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let wide = ["--db", db, "--width", "120"]
        let first = try MailProcess.script(wide, commands: ["open inbox", "open message-1", "quit"])
        #expect(first.status == 0)
        let second = try MailProcess.script(wide, commands: ["open message-2", "quit"])
        #expect(second.stdout.contains("From: Grace"))
        for _ in 1...2 {
            let crashed = try MailProcess.script(wide + ["--crash-while-rebuilding"], commands: ["quit"])
            #expect(crashed.killedBySignal && crashed.status == SIGKILL)
        }
        let third = try MailProcess.script(wide, commands: ["quit"])
        #expect(third.status == 0)
        #expect(third.stdout.contains("fell back to snapshot"))
        #expect(third.stdout.contains("quarantined: crashed while restoring"))
        #expect(third.stdout.contains("From: Ada"))
        #expect(!third.stdout.contains("From: Grace"))
    }

    @Test func aScriptedChangeReachesTheStoreWithinASecondAndQuitFlushes() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let process = try ChildProcess(MailProcess.binary.path, ["--db", db, "--width", "80"], stdin: .pipe, stdout: .pipe)
        defer { process.send(SIGTERM) }
        process.write(Data("open archive\nopen archive-2026\n".utf8))
        let took = MailProcess.waitUntil(timeout: 1) { MailProcess.storeShows("archive-2026", db: db) }
        #expect(took != nil, "the navigation did not reach the store within 1 s")
        #expect(process.isRunning)
        process.write(Data("open message-6\nquit\n".utf8))
        let output = process.finish()   // standard input open to the end: `quit` ends the app
        #expect(output.termination == .exited(0))
        #expect(MailProcess.storeShows("message-6", db: db))
        let text = output.stdoutText
        #expect(text.hasPrefix("restack-mail: store \(db)\n"))
        #expect(text.contains("compact 80 cols"))
    }

    @Test func theDefaultStoreIsInThePerUserDataFolderAndPrinted() throws {
        let folder = try TemporaryFolder()
        let result = try MailProcess.script([], commands: ["quit"], environment: ["XDG_DATA_HOME": folder.url.path, "HOME": folder.url.path])
        let expected = folder.url.appendingPathComponent("restack-mail/mail.sqlite").path
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("restack-mail: store "))
        #expect(result.stdout.contains(expected) || result.stdout.contains(URL(fileURLWithPath: expected).resolvingSymlinksInPath().path))
        #expect(FileManager.default.fileExists(atPath: expected))
    }

    @Test func badArgumentsAndUnusableStoresAreAClearError() throws {
        let result = try MailProcess.script(["--app-version", "3"], commands: [])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--app-version must be 1 or 2"))
        let folder = try TemporaryFolder()
        let missing = try MailProcess.script(["--db", folder.path("no-such-folder/mail.sqlite")], commands: [])
        #expect(missing.status == 1 && !missing.killedBySignal)
        #expect(missing.stderr.contains("cannot open the store"))
        let garbage = folder.path("garbage.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: garbage))
        let damaged = try MailProcess.script(["--db", garbage], commands: ["quit"])
        #expect(damaged.status == 1)
        #expect(damaged.stderr.contains("not a SQLite database"))
        #expect(!damaged.stderr.contains("Usage"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: garbage)) == Data(repeating: 0x41, count: 4096))
    }

    @Test func aDeepLinkOpensOverTheRestoredStateOrSaysWhyNot() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let wide = ["--db", db, "--width", "120"]
        _ = try MailProcess.script(wide, commands: ["open archive", "open archive-2026", "compose", "quit"])

        // The Mail tab revealed (the compose sheet above it closed), a message pushed onto its detail.
        let opened = try MailProcess.script(wide + ["--open", "window/mail+message-6"], commands: ["quit"])
        #expect(opened.status == 0)
        #expect(opened.stdout.contains("link opened: revealed window/mail, focused the detail, popped compose, pushed message-6"))
        #expect(opened.stdout.contains("Mailboxes › Archive › Archive 2026"))   // the restored state kept
        #expect(opened.stdout.contains("From: Margaret"))
        #expect(MailProcess.storeShows("message-6", db: db))

        // An identifier the restored state does not have: nothing changes, and the status says why.
        let unmatched = try MailProcess.script(wide + ["--open", "window/settings/accounts"], commands: ["quit"])
        #expect(unmatched.stdout.contains("link not opened: no accounts"))
        #expect(unmatched.stdout.contains("From: Margaret"))

        // The link's JSON form, through the library's strict reader; a bad one is a usage error.
        let json = #"{"path": ["window", "settings"], "push": [{"identifier": "signature", "class": "SettingsPageController"}]}"#
        let fromJSON = try MailProcess.script(wide + ["--open", json], commands: ["quit"])
        #expect(fromJSON.stdout.contains("Settings › Signature"))
        let bad = try MailProcess.script(wide + ["--open", #"{"path": "window"}"#], commands: ["quit"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--open"))
        let unknown = try MailProcess.script(wide + ["--open", "window/mail+message-404"], commands: ["quit"])
        #expect(unknown.status == 64)
    }

    /// Every confirmed launch is recorded with the plan as the app rebuilt it, so that
    /// `restore-inspect report` on the app's store shows its launches per version: what the
    /// update dropped, and the screens the app could not make.
    @Test func restoreInspectReportShowsTheAppsLaunches() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        _ = try MailProcess.script(["--db", db], commands: ["open inbox", "open message-1", "open attachment-1-1", "quit"])
        _ = try MailProcess.script(["--db", db], commands: ["quit"])
        _ = try MailProcess.script(["--db", db, "--app-version", "2"], commands: ["quit"])
        _ = try MailProcess.script(["--db", db, "--app-version", "2", "--open", "window/mail+message-3"], commands: ["quit"])

        // The navigation model saves changes only: each launch of 2.0 restored the snapshot 1.0
        // saved, and dropped its attachment screen again.
        let lines = try MailProcess.report(db: db)
        #expect(lines.contains { $0.hasPrefix("2.0: 2 restores") && $0.contains("unresolved-class AttachmentController x2") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("1.0: 1 restore") })
    }

    /// A saved screen whose content is gone (a message deleted on the server) does not decode:
    /// the restore drops it as it drops a route whose shape changed, the status line says why,
    /// and the state saved at the next change no longer holds it.
    @Test func aScreenWhoseContentIsGoneIsDroppedWithItsReason() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        try MailProcess.saveWindow(at: db, detail: [MailProcess.record("message-99", "MessageController")])

        let result = try MailProcess.script(["--db", db, "--width", "120"], commands: ["tab settings", "quit"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("dropped message-99 (MessageController: stale-payload: no content message-99)"), "\(result.stdout)")
        #expect(result.stdout.contains("Mailboxes › Inbox"))
        #expect(result.stdout.contains("(no message selected)"))
        #expect(!MailProcess.storeShows("message-99", db: db))
        #expect(MailProcess.storeShows("inbox", db: db))
        // The launch is confirmed with the plan as restored: its outcome counts the drop.
        let report = try MailProcess.report(db: db)
        #expect(report.contains { $0.hasPrefix("1.0: 1 restore") && $0.contains("stale-payload MessageController x1") }, "\(report)")
    }
}
