import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing
@testable import restack_mail

/// The status line's account of a launch and of a link, in process over a real store: a saved
/// record without an identifier or a class, a container of a class this release does not have
/// (what lay below it counted), a link that moves the focus back to the primary, pushed records
/// refused for a reason other than their place, and `--open` text the parser refuses or reads.
@Suite("restack-mail's launch and link wording")
struct LaunchWordingTests {
    static let one = AppVersion(number: 1)

    static func record(_ id: String?, _ className: String?, _ container: RestorationContainer? = nil) -> RestorationRecord {
        RestorationRecord(identifier: id, className: className, container: container)
    }

    @Test func droppedRecordsAreNamedAndWhatLayBelowCounted() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("mail.sqlite"))
        let mail = Self.record("mail", "MailSplit", .split(SplitContainer(
            primary: [Self.record("mailboxes", "MailboxesController"), Self.record("inbox", "FolderController")],
            detail: [Self.record("message-1", "MessageController"), Self.record(nil, nil)], focus: .detail)))
        let settings = Self.record("settings", "GoneStack", .stack(StackContainer(records: [Self.record("general", "SettingsController")])))
        let window = Self.record("window", "MainWindow", .tabs(TabsContainer(tabs: [mail, settings], selected: 0)))
        try store.save(RestorationTree(root: .presentation(PresentationContainer(base: window, presented: []))), session: "s")
        let restoration = try #require(try store.beginRestore(session: "s", resolver: Self.one.resolver).restoration)
        let rebuilt = ScreenAdapter(version: Self.one).rebuild(restoration.plan)
        let status = LaunchStatus.describe(restoration, rebuilt: rebuilt, version: Self.one, notes: [])
        #expect(status.contains("; dropped ? (no class: missing-identifier)"), "\(status)")
        #expect(status.contains("; dropped settings (GoneStack: unresolved-class)"), "\(status)")
        #expect(status.hasSuffix("; 1 records below them not restored"), "\(status)")
    }

    /// The plan of `app`'s screen with `link` merged, and the app rebuilt from it.
    static func merged(_ link: DeepLink, over app: MailApp) throws -> (RestorationPlan, MailApp) {
        let adapter = ScreenAdapter(version: one)
        let merged = Restorer.plan(try adapter.capture(app.hierarchy), resolver: one.resolver).merging(link, resolver: one.resolver)
        var notes: [String] = []
        return (merged, MailApp(version: one, rebuilt: adapter.rebuild(merged).root?.content, notes: &notes))
    }

    @Test func aLinkThatRevealsThePrimarySaysItFocusedIt() throws {
        var app = MailApp(version: Self.one)
        _ = app.open("inbox", compact: false)
        _ = app.open("message-2", compact: false)
        #expect(app.focus == .detail)
        let link = DeepLink(path: ["window", "mail", "inbox"])
        let (merged, rebuilt) = try Self.merged(link, over: app)
        #expect(LaunchStatus.refusal(of: link, in: merged, version: Self.one) == nil)
        #expect(rebuilt.focus == .primary)
        let status = LaunchStatus.describe(link: link, in: merged, app: rebuilt)
        #expect(status.contains("focused the primary"), "\(status)")
    }

    /// A pushed record refused for its class (one this release does not have: no place to
    /// give) or its identifier says the reason.
    @Test func aPushRefusedForItsClassOrIdentifierSaysTheReason() throws {
        let app = MailApp(version: Self.one)
        let unknown = DeepLink(path: [], push: [Self.record("x", "Nothing")])
        let (unknownMerged, _) = try Self.merged(unknown, over: app)
        #expect(LaunchStatus.refusal(of: unknown, in: unknownMerged, version: Self.one) == "link not opened: x refused: unresolved-class")
        let empty = DeepLink(path: [], push: [Self.record("", "ComposeController")])
        let (emptyMerged, _) = try Self.merged(empty, over: app)
        #expect(LaunchStatus.refusal(of: empty, in: emptyMerged, version: Self.one) == "link not opened:  refused: empty-identifier")
    }

    @Test func openTextIsReadOrRefused() throws {
        let parser = LinkParser(version: Self.one)
        #expect(throws: LinkParser.Invalid.self) { try parser.link("window//mail") }
        do {
            _ = try parser.link("window//mail")
        } catch {
            #expect("\(error)" == #"--open: an empty identifier in "window//mail""#)
        }
        let link = try parser.link("window/mail+inbox+attachment-1-1")
        #expect(link.path == ["window", "mail"])
        #expect(link.push.map(\.className) == ["FolderController", "AttachmentController"])
        #expect(LinkParser.role(of: "archive-2026") == .folder && LinkParser.role(of: "attachment-3-1") == .attachment)
        #expect(LinkParser.role(of: "message-3") == .message && LinkParser.role(of: "nothing") == nil)
    }
}
