import Testing
@testable import restack_mail

/// What each key (standard input a terminal) and each typed line (standard input a pipe) asks
/// restack-mail to do, in process: every bound key, the Tab key on either tab, Enter on an item
/// and on nothing, unbound keys by name, and the lines that are no command.
@Suite("restack-mail's commands from keys and lines")
struct CommandTests {
    static let one = AppVersion(number: 1)

    static func command(_ key: Terminal.Key, _ app: MailApp) -> String {
        String(describing: Command.of(key, app: app))
    }

    @Test func everyBoundKeyAsksItsCommand() {
        let app = MailApp(version: Self.one)
        let expected: [(Terminal.Key, String)] = [
            (.up, "move(-1)"), (.down, "move(1)"), (.back, "back"), (.escape, "dismiss"), (.character("d"), "dismiss"),
            (.character("c"), "compose"), (.character("q"), "quit"), (.character("1"), #"tab("mail")"#),
            (.character("2"), #"tab("settings")"#), (.character("x"), #"unbound("x")"#), (.other("F5"), #"unbound("F5")"#),
        ]
        for (key, command) in expected {
            #expect(Self.command(key, app) == command, "\(key)")
        }
    }

    /// Tab goes to the other tab, whichever is shown.
    @Test func theTabKeyGoesToTheOtherTab() {
        var app = MailApp(version: Self.one)
        #expect(Self.command(.tab, app) == #"tab("settings")"#)
        _ = app.select(.settings)
        #expect(Self.command(.tab, app) == #"tab("mail")"#)
    }

    /// Enter opens the item under the cursor; with the cursor on no item (a screen listing
    /// nothing), it does nothing.
    @Test func enterOpensTheItemUnderTheCursorOrNothing() {
        var app = MailApp(version: Self.one)
        #expect(Self.command(.enter, app) == #"open("inbox")"#)
        app.cursor = 2
        #expect(Self.command(.enter, app) == #"open("sent")"#)
        app.cursor = 3
        #expect(Self.command(.enter, app) == "none")
        _ = app.open("inbox", compact: false)
        _ = app.open("message-2", compact: false)
        #expect(MailApp.items(of: app.activePage, version: Self.one).isEmpty, "a message without attachments lists nothing")
        #expect(Self.command(.enter, app) == "none")
    }

    @Test func linesAskTheirCommandAndAnythingElseIsUnknown() {
        let expected: [(String, String)] = [
            ("", "none"), ("   ", "none"), ("tab mail", #"tab("mail")"#), ("  open   inbox ", #"open("inbox")"#),
            ("back", "back"), ("compose", "compose"), ("dismiss", "dismiss"), ("quit", "quit"),
            ("open", #"unknown("open")"#), ("back now", #"unknown("back now")"#), ("tab mail settings", #"unknown("tab mail settings")"#),
        ]
        for (line, command) in expected {
            #expect(String(describing: Command.parse(line)) == command, "\(line.debugDescription)")
        }
        // An unknown line is kept to its first 80 characters.
        let long = String(repeating: "x", count: 200)
        #expect(String(describing: Command.parse(long)) == "unknown(\"\(String(repeating: "x", count: 80))\")")
    }
}
