import Testing
@testable import restack_mail

/// restack-mail's drawing, in process: the title of each kind of screen (its content's, or its
/// identifier when the account has no such content), breadcrumbs that do not fit, a status
/// without a place to break, the lines of a screen whose content is unknown, and which pane is
/// highlighted.
@Suite("restack-mail's renderer")
struct RendererTests {
    static let one = AppVersion(number: 1)

    @Test func eachScreenIsTitledByItsContentOrElseItsIdentifier() {
        let known: [(Page, String)] = [
            (.mailboxes, "Mailboxes"), (.settings, "Settings"), (.screen(.folder("archive-2026")), "Archive 2026"),
            (.screen(.message("message-2")), "Lunch?"), (.screen(.attachment("attachment-1-1")), MailData.attachmentTitles["attachment-1-1"] ?? "-"),
            (.screen(.settingsPage("accounts")), MailData.settingsPages.first { $0.id == "accounts" }?.title ?? "-"), (.screen(.compose), "Compose"),
        ]
        for (page, title) in known {
            #expect(Renderer.title(page) == title, "\(page)")
        }
        for screen in [MailScreen.folder("nothing-such"), .message("nothing-such"), .attachment("nothing-such"), .settingsPage("nothing-such")] {
            #expect(Renderer.title(.screen(screen)) == "nothing-such", "\(screen)")
        }
    }

    /// Crumbs that do not fit give way from the first; when even the last alone does not fit,
    /// it is cut at the width.
    @Test func crumbsThatDoNotFitKeepTheCurrentTitle() {
        let stack: [Page] = [.mailboxes, .screen(.folder("archive")), .screen(.folder("archive-2026"))]
        #expect(Renderer.crumbs(stack, width: 60) == Renderer.pad(" Mailboxes › Archive › Archive 2026", 60))
        #expect(Renderer.crumbs(stack, width: 20) == Renderer.pad(" … › Archive 2026", 20))
        #expect(Renderer.crumbs(stack, width: 10) == " … › Archi")
    }

    /// A status without a `;` or a space to break at is cut at the width, line after line.
    @Test func aStatusWithoutABreakIsCutAtTheWidth() {
        #expect(Renderer.wrap("abcdefghij", width: 4, lines: 3) == ["abcd", "efgh", "ij"])
        #expect(Renderer.wrap("abcdefghijklmn", width: 4, lines: 3) == ["abcd", "efgh", "ijkl"])
        #expect(Renderer.wrap("ab cd; efgh", width: 6, lines: 3) == ["ab cd;", "efgh"])
    }

    @Test func aScreenWhoseContentIsUnknownShowsItsIdentifierOrNothing() {
        let renderer = Renderer(width: 120)
        let app = MailApp(version: Self.one)
        #expect(renderer.pageLines(.screen(.attachment("nothing-such")), app: app, active: false) == ["  Preview of nothing-such", "  (nothing-such)"])
        #expect(renderer.pageLines(.screen(.settingsPage("nothing-such")), app: app, active: false).isEmpty)
        #expect(renderer.pageLines(.screen(.folder("nothing-such")), app: app, active: false).isEmpty)
        #expect(renderer.pageLines(.screen(.message("nothing-such")), app: app, active: false).isEmpty)
    }

    /// Unstyled by default; styled, only the focused pane's crumbs are in reverse video: the
    /// primary's when the primary is focused with a message shown beside it.
    @Test func onlyTheFocusedPaneIsHighlighted() {
        var app = MailApp(version: Self.one)
        _ = app.open("inbox", compact: false)
        _ = app.open("message-2", compact: false)
        #expect(!Renderer(width: 120).lines(app, status: "ok").joined().contains("\u{1B}"), "not styled unless asked")
        app.navigation.focus = .primary
        let lines = Renderer(width: 120, style: true).lines(app, status: "ok")
        let highlighted = lines.filter { $0.contains("\u{1B}[7m") }
        #expect(highlighted.count == 1, "\(lines)")
        #expect(highlighted.first?.contains("\u{1B}[7m Mailboxes › Inbox") == true, "\(highlighted)")
        #expect(highlighted.first?.contains("Lunch?") == true && highlighted.first?.hasSuffix("\u{1B}[0m │ " + Renderer.pad(" Lunch?", 120 - 48 - 3)) == true,
                "the detail's crumbs beside it, not highlighted: \(highlighted)")
        app.navigation.focus = .detail
        let detailFocused = Renderer(width: 120, style: true).lines(app, status: "ok").filter { $0.contains("\u{1B}[7m") }
        #expect(detailFocused.first?.contains("\u{1B}[7m" + Renderer.pad(" Lunch?", 120 - 48 - 3) + "\u{1B}[0m") == true, "\(detailFocused)")
    }
}
