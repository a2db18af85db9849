import Foundation
import Restack
import RestackStore
import Testing
@testable import restack_mail

/// The status line's account of a launch and of a link, in process over a store in memory: a
/// saved record without an identifier or a class, a screen dropped with what lay below it
/// counted, a link that moves the focus back to the primary, and `--open` text the parser refuses
/// or reads.
@Suite("restack-mail's launch and link wording")
@MainActor
struct LaunchWordingTests {
    static let one = AppVersion(number: 1)

    /// The app's navigation model on `store`, as the app makes it.
    static func launch(on store: SnapshotStore) -> NavigationModel<MailNavigation> {
        NavigationModel(MailNavigation(), store: store, session: "s", coding: one.coding)
    }

    @Test func droppedRecordsAreNamedAndWhatLayBelowCounted() throws {
        let store = try SnapshotStore.inMemory()
        let unreadable = RestorationRecord(identifier: "message-1", className: "MessageController",
                                           container: .stack(StackContainer(records: [RestorationRecord(identifier: "x", className: "FolderController")])))
        let mail = RestorationRecord(identifier: "mail", className: "MailSplit", container: .split(SplitContainer(
            primary: [RestorationRecord(identifier: "inbox", className: "FolderController", payload: try RecordPayload.encode("inbox"))],
            detail: [unreadable, RestorationRecord(identifier: nil, className: nil)], focus: .detail)))
        let window = RestorationRecord(identifier: "window", className: "MainWindow", container: .tabs(TabsContainer(tabs: [mail], selected: 0)))
        try store.save(RestorationTree(root: .presentation(PresentationContainer(base: window, presented: []))), session: "s")
        let navigation = Self.launch(on: store)
        let status = try LaunchStatus.describe(answer: navigation.answer, error: navigation.error, session: "s", version: Self.one)
        #expect(status.hasPrefix("restored snapshot #1: 3 records;"), "\(status)")
        #expect(status.contains("; dropped message-1 (MessageController: stale-payload: no content identifier)"), "\(status)")
        #expect(status.contains("; dropped ? (no class: missing-identifier)"), "\(status)")
        #expect(status.hasSuffix("; 1 records below them not restored"), "\(status)")
        #expect(navigation.primary == [.folder("inbox")] && navigation.detail.isEmpty && navigation.focus == .primary)
    }

    /// A launch the model could not restore: every snapshot quarantined starts fresh, saying so;
    /// any other failure stops the app.
    @Test func aLaunchThatCouldNotRestoreSaysWhyOrStops() throws {
        let quarantined = StoreError.noRestorableSnapshot(session: "s", quarantined: [3, 4])
        #expect(try LaunchStatus.describe(answer: nil, error: quarantined, session: "s", version: Self.one) == "nothing to restore: #3, #4 quarantined; fresh start")
        #expect(throws: StoreFailure.self) {
            try LaunchStatus.describe(answer: nil, error: StoreError.readOnly(path: "/x"), session: "s", version: Self.one)
        }
        #expect(try LaunchStatus.describe(answer: .nothingSaved, error: nil, session: "s", version: Self.one) == "new session s: nothing saved yet")
    }

    @Test func aLinkThatRevealsThePrimarySaysItFocusedIt() throws {
        let navigation = Self.launch(on: try SnapshotStore.inMemory())
        var app = MailApp(version: Self.one)
        _ = app.open("inbox", compact: false)
        _ = app.open("message-2", compact: false)
        navigation.state = app.navigation
        #expect(navigation.focus == .detail)
        let link = MailLink(path: ["window", "mail", "inbox"], push: [])
        let merged = navigation.open(path: link.path, push: link.push)
        #expect(navigation.focus == .primary)
        let status = LaunchStatus.describe(link: link, merged: merged, error: navigation.error,
                                           app: MailApp(version: Self.one, navigation: navigation.state), version: Self.one)
        #expect(status.contains("focused the primary"), "\(status)")
    }

    /// A link's JSON whose pushed record is no screen of this release, by its class or its
    /// identifier, is refused as the option is read.
    @Test func aPushOfNoScreenIsRefusedAsTheLinkIsRead() throws {
        let parser = LinkParser(version: Self.one)
        let unknown = #"{"path": [], "push": [{"identifier": "x", "class": "Nothing"}]}"#
        #expect(throws: LinkParser.Invalid(description: #"--open: no screen class "Nothing" in 1.0"#)) { try parser.link(unknown) }
        let noContent = #"{"path": [], "push": [{"identifier": "draft-1", "class": "ComposeController"}]}"#
        #expect(throws: LinkParser.Invalid(description: #"--open: no compose "draft-1" to push"#)) { try parser.link(noContent) }
        let empty = #"{"path": [], "push": [{"identifier": "", "class": "ComposeController"}]}"#
        #expect(throws: LinkParser.Invalid.self) { try parser.link(empty) }
        let removed = #"{"path": [], "push": [{"identifier": "attachment-1-1", "class": "AttachmentController"}]}"#
        #expect(throws: LinkParser.Invalid.self) { try LinkParser(version: AppVersion(number: 2)).link(removed) }
        #expect(try parser.link(removed).push == [.attachment("attachment-1-1")])
    }

    @Test func openTextIsReadOrRefused() throws {
        let parser = LinkParser(version: Self.one)
        #expect(throws: LinkParser.Invalid(description: #"--open: an empty identifier in "window//mail""#)) { try parser.link("window//mail") }
        let link = try parser.link("window/mail+inbox+attachment-1-1")
        #expect(link == MailLink(path: ["window", "mail"], push: [.folder("inbox"), .attachment("attachment-1-1")]))
        #expect(try parser.link("+compose") == MailLink(path: [], push: [.compose]))
        #expect(throws: LinkParser.Invalid.self) { try parser.link("window+message-404") }
        #expect(MailScreen.kind(of: "archive-2026") == .folder && MailScreen.kind(of: "attachment-3-1") == .attachment)
        #expect(MailScreen.kind(of: "message-3") == .message && MailScreen.kind(of: "nothing") == nil)
    }
}
