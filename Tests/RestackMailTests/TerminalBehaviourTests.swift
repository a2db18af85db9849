import Foundation
import RestackTestSupport
import Testing

/// restack-mail as a terminal app, in a tmux pseudo-terminal: it redraws when the terminal is
/// resized, says when it is too small, keeps the current screen's title in a narrow breadcrumb,
/// puts the cursor back on the row Back returns to, highlights the focused pane, answers an
/// unbound key with the keys, and reports bad options as restore-inspect does.
@Suite("restack-mail, as a terminal app", .enabled(if: Tmux.isAvailable, "tmux is not installed: apt-get install tmux (.ci/run installs it)"))
struct TerminalBehaviourTests {
    @Test func aResizeRedrawsAtOnceAndATooSmallTerminalSaysSo() throws {
        let folder = try TemporaryFolder()
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start([MailProcess.binary.path, "--db", folder.path("mail.sqlite")], width: 120, height: 30)
        try tmux.waitFor("regular 120 cols")
        // No key pressed: SIGWINCH alone redraws.
        try tmux.resize(width: 80, height: 30)
        try tmux.waitFor("compact 80 cols")
        try tmux.resize(width: 60, height: 8)
        let small = try tmux.waitFor("Terminal too small: 60×8.")
        #expect(small.contains("restack-mail needs 30×17."))
        #expect(!small.contains("Mailboxes"))
        try tmux.resize(width: 29, height: 20)
        try tmux.waitFor("Terminal too small: 29×20.")
        try tmux.resize(width: 30, height: 17)
        let back = try tmux.waitFor("Mailboxes")
        #expect(!back.contains("too small"))
        // The keys still work at the minimum, and the status line is the last but one line.
        try tmux.keys("q")
        try tmux.waitForExit()
    }

    @Test func aNarrowBreadcrumbKeepsTheCurrentScreen() throws {
        let folder = try TemporaryFolder()
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start([MailProcess.binary.path, "--db", folder.path("mail.sqlite")], width: 30, height: 20)
        try tmux.waitFor("Mailboxes")
        try tmux.keys("Enter")
        try tmux.waitFor("opened inbox")
        try tmux.keys("Enter")
        try tmux.waitFor("opened message-1")
        try tmux.keys("Down", "Enter")
        let screen = try tmux.waitFor("opened attachment-1-2")
        let crumbs = MailAppTests.body(screen)[2]
        #expect(crumbs.hasPrefix(" … › "), "\(crumbs)")
        #expect(crumbs.contains("timeline.png"), "\(crumbs)")
        try tmux.keys("Left")
        let message = try tmux.waitFor("back to Launch checklist")
        #expect(MailAppTests.body(message)[2].hasPrefix(" … › "))
        #expect(MailAppTests.body(message)[2].contains("Launch checklist"))
    }

    @Test func backKeepsTheRowFocusIsHighlightedAndAnUnboundKeyShowsTheKeys() throws {
        let folder = try TemporaryFolder()
        let tmux = Tmux()
        defer { tmux.stop() }
        // Whatever the environment of the tests says about colour.
        try tmux.start(["/usr/bin/env", "-u", "NO_COLOR", MailProcess.binary.path, "--db", folder.path("mail.sqlite")], width: 120, height: 30)
        try tmux.waitFor("new session")
        try tmux.keys("Enter")
        try tmux.waitFor("opened inbox")
        try tmux.keys("Down", "Down", "Enter")
        try tmux.waitFor("opened message-3")
        // The detail pane has the focus: its title row alone is in reverse video.
        let styled = try tmux.screen(escapes: true)
        let titleRow = styled.split(separator: "\n").map(String.init)[2]
        #expect(titleRow.contains("\u{1B}[7m"), "\(titleRow.debugDescription)")
        #expect(titleRow.components(separatedBy: "\u{1B}[7m").last?.contains("Patch review") == true, "\(titleRow.debugDescription)")
        try tmux.keys("Left")
        let back = try tmux.waitFor("back to Inbox")
        #expect(back.contains("> message-3"), "\(back)")
        #expect(!back.contains("> message-1"))
        // Now the primary pane has it.
        let primary = try tmux.screen(escapes: true).split(separator: "\n").map(String.init)[2]
        #expect(primary.contains("\u{1B}[7m"))
        #expect(primary.components(separatedBy: "│").first?.contains("\u{1B}[7m") == true, "\(primary.debugDescription)")

        try tmux.keys("x")
        let help = try tmux.waitFor("x does nothing here.")
        #expect(help.contains("Keys: ↑↓ move  ⏎ open  ← back  ⇥ tab  c compose  d dismiss  q quit"))
        try tmux.keys("Home")
        try tmux.waitFor("Home does nothing here.")
    }

    @Test func noColorOrAPipeDrawsNoHighlight() throws {
        let folder = try TemporaryFolder()
        let tmux = Tmux()
        defer { tmux.stop() }
        try tmux.start(["/usr/bin/env", "NO_COLOR=1", MailProcess.binary.path, "--db", folder.path("mail.sqlite")], width: 120, height: 30)
        try tmux.waitFor("new session")
        try tmux.keys("Enter")
        try tmux.waitFor("opened inbox")
        #expect(try !tmux.screen(escapes: true).contains("\u{1B}[7m"))

        // Keys from the terminal, the screen into a pipe: no style either.
        let piped = Tmux()
        defer { piped.stop() }
        try piped.start(["/bin/sh", "-c", "'\(MailProcess.binary.path)' --db '\(folder.path("piped.sqlite"))' --width 120 | cat"], width: 120, height: 30)
        try piped.waitFor("new session")
        try piped.keys("Enter")
        try piped.waitFor("opened inbox")
        #expect(try !piped.screen(escapes: true).contains("\u{1B}[7m"))
    }

    /// Bad options, in a terminal: each names the option and what it accepts, in
    /// restore-inspect's format, and exits 64.
    @Test func badOptionsNameTheOptionAndTheRange() throws {
        let tmux = Tmux()
        defer { tmux.stop() }
        let binary = try MailProcess.binary.path
        let script = [
            "'\(binary)' --width -5; echo \"exit $?\"",
            "'\(binary)' --width 10; echo \"exit $?\"",
            "'\(binary)' --app-version -1; echo \"exit $?\"",
            "'\(binary)' --open ''; echo \"exit $?\"",
            "echo done; sleep 30",
        ].joined(separator: "; ")
        try tmux.start(["/bin/sh", "-c", script], width: 200, height: 30)
        let screen = try tmux.waitFor("done")
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines.contains("restack-mail: error: --width must be a whole number of columns in 30...1000, found -5 (see restack-mail --help)"))
        #expect(lines.contains("restack-mail: error: --width must be a whole number of columns in 30...1000, found 10 (see restack-mail --help)"))
        #expect(lines.contains("restack-mail: error: --app-version must be 1 or 2, found -1 (see restack-mail --help)"))
        #expect(lines.contains("restack-mail: error: --open must not be empty: give a link, such as window/mail+message-2 (see restack-mail --help)"))
        #expect(lines.filter { $0 == "exit 64" }.count == 4, "\(screen)")
        #expect(!screen.contains("Missing value"))
        #expect(!screen.contains("Usage:"))
    }
}
