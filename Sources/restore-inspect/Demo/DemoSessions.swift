import Foundation
import Restack

/// The demo store's contents: one session per interesting restoration case, saved by an
/// imaginary mail-and-settings app (SGBDrillDownController's format-1 states) and by apps built
/// on each container system Restack serves (format-2 trees), and the classes those apps can
/// rebuild today.
enum DemoSessions {
    struct Session {
        var name: String
        var story: String
        /// Older snapshots first; the last one is what a restore uses.
        var history: [RestorationTree]
        /// The layout the demo restores into.
        var layout: Layout = .regular

        init(name: String, story: String, history: [RestorationTree]) {
            self.name = name
            self.story = story
            self.history = history
        }

        init(name: String, story: String, tree: RestorationTree, layout: Layout) {
            self.name = name
            self.story = story
            self.history = [tree]
            self.layout = layout
        }
    }

    /// What the imaginary app can rebuild in its current version.
    static let knownClasses = [
        "MailboxesController", "InboxController", "MessageController", "ComposeController",
        "SettingsController", "AboutController", "AlbumController", "PhotoController",
        "SplitController", "NavController", "TabBarController", "FolderListController", "IndexController",
        "NoteController", "PeerController", "LibraryController", "StateController",
        "AttachmentPickerController", "ImageZoomController",
        // A SwiftUI app's NavigationPath element types, by the names SwiftUI writes.
        "Swift.Int", "Swift.String", "MailApp.Mailbox",
    ]

    /// The classes the imaginary app renamed in an update, old name then new: a record saved
    /// under the old name restores under the new one (`plan --alias`, `--aliases-file`).
    static let aliases = [ClassAliases.Pair(old: "PreferencesController", new: "SettingsController")]

    /// The demo app's resolver: its known classes, and its renamed ones.
    static var resolver: RecordResolver {
        // The aliases are fixed and have neither a cycle nor an old name given twice.
        RecordResolver.knownClasses(knownClasses, aliases: try! ClassAliases(aliases))
    }

    static func record(_ id: String?, _ className: String?, _ payload: String? = nil) -> RestorationRecord {
        RestorationRecord(identifier: id, className: className, payload: payload.map { Data($0.utf8) })
    }

    static let all: [Session] = [
        Session(
            name: "demo/mail-all-valid",
            story: "every record restorable: the whole stack comes back",
            history: [
                RestorationTree.drillDown(left: [record("mailboxes", "MailboxesController")]),
                RestorationTree.drillDown(
                    left: [record("mailboxes", "MailboxesController"), record("inbox", "InboxController", "folder=INBOX")],
                    right: record("message-42", "MessageController", "id=42")
                ),
            ]
        ),
        Session(
            name: "demo/mail-gap",
            story: "a controller saved without an identifier: dropped, the gap closes",
            history: [RestorationTree.drillDown(
                left: [record("mailboxes", "MailboxesController"), record(nil, "SearchController"),
                       record("inbox", "InboxController")],
                right: record("message-7", "MessageController", "id=7")
            )]
        ),
        Session(
            name: "demo/mail-renamed-class",
            story: "the right controller's class was renamed in an update: it is dropped and nothing is promoted into the right slot",
            history: [RestorationTree.drillDown(
                left: [record("mailboxes", "MailboxesController"), record("inbox", "InboxController")],
                right: record("message-9", "LegacyMessageController", "id=9")
            )]
        ),
        Session(
            name: "demo/settings-lone-right",
            story: "no left record survives: the right one becomes the sole left record",
            history: [RestorationTree.drillDown(
                left: [record(nil, "SettingsController"), record("", "GeneralController")],
                right: record("about", "AboutController")
            )]
        ),
        Session(
            name: "demo/photos-duplicates",
            story: "two records share an identifier: both kept, with a warning",
            history: [RestorationTree.drillDown(
                left: [record("album", "AlbumController"), record("photo", "PhotoController", "n=1")],
                right: record("photo", "PhotoController", "n=2")
            )]
        ),
        Session(
            name: "demo/notes-newer-format",
            story: "saved by a newer app in format 3, beyond the newest this version reads: nothing is restored, nothing is changed",
            history: [RestorationTree.drillDown(formatVersion: RestorationTree.currentFormatVersion + 1, left: [record("notes", "NotesController")])]
        ),
    ] + seedSystems

    /// A record that owns a container.
    static func owner(_ id: String, _ className: String, _ container: RestorationContainer) -> RestorationRecord {
        RestorationRecord(identifier: id, className: className, container: container)
    }

    /// A TidySplits split whose primary is a navigation controller holding a tab bar whose
    /// first tab is a navigation stack, and whose detail is a message.
    static func tidySplits(compact: SplitCompactPolicy) -> RestorationTree {
        RestorationTree(root: .split(SplitContainer(
            primary: [owner("nav", "NavController", .stack(StackContainer(records: [
                owner("tabs", "TabBarController", .tabs(TabsContainer(tabs: [
                    owner("mail-nav", "NavController", .stack(StackContainer(records: [
                        record("mailboxes", "MailboxesController"), record("inbox", "InboxController", "folder=INBOX"),
                    ]))),
                    record("settings", "SettingsController"),
                ], selected: 0))),
            ])))],
            detail: [record("message-42", "MessageController", "id=42")],
            focus: .detail, compact: compact
        )))
    }

    /// One session per container system Restack serves (format 2).
    static let seedSystems: [Session] = [
        Session(
            name: "demo/sgb-in-a-tab",
            story: "SGBDrillDownController inside a tab: the drill-down's own rules apply in the tab (no left survives: the right becomes the sole left); the settings tab's class was renamed, and restores under its new name",
            tree: RestorationTree(root: .tabs(TabsContainer(tabs: [
                owner("mail", "SplitController", .drillDown(DrillDownContainer(
                    left: [record(nil, "FolderListController")], right: record("message-7", "MessageController")))),
                record("settings", "PreferencesController"),
            ], selected: 0))),
            layout: .regular
        ),
        Session(
            name: "demo/tidysplits-compact-merge",
            story: "TidySplits in compact width: primary (nav > tab bar > nav) then detail merge into one stack",
            tree: tidySplits(compact: .merge), layout: .compact
        ),
        Session(
            name: "demo/tidysplits-compact-omit-detail",
            story: "TidySplits with omit-detail-in-compact: the detail is kept, hidden, for when the layout widens",
            tree: tidySplits(compact: .omitDetail), layout: .compact
        ),
        Session(
            name: "demo/index-detail-collapsed",
            story: "IndexDetailViewController collapsed: the index at the bottom of the one stack, under every pushed detail",
            tree: RestorationTree(root: .split(SplitContainer(
                primary: [record("index", "IndexController")],
                detail: [record("note-1", "NoteController", "id=1"), record("note-1-history", "NoteController", "id=1&history")]
            ))),
            layout: .compact
        ),
        Session(
            name: "demo/split-or-flip-focus-gone",
            story: "split-or-flip showing its detail peer, whose class was removed: the focus moves to the primary peer",
            tree: RestorationTree(root: .split(SplitContainer(
                primary: [record("library", "LibraryController")], detail: [record("peer", "RemovedPeerController")],
                focus: .detail, compact: .focus
            ))),
            layout: .compact
        ),
        Session(
            name: "demo/mail-columns-message-gone",
            story: "a three-column mail app (mailboxes, message list, message) focused on the message, whose class was removed: the detail shows its placeholder and the focus moves to the message list",
            tree: RestorationTree(root: .columns(ColumnsContainer(
                sidebar: [record("mailboxes", "MailboxesController")],
                content: [record("inbox", "InboxController", "folder=INBOX")],
                detail: [record("message-7", "LegacyMessageController", "id=7")],
                focus: .detail
            ))),
            layout: .regular
        ),
        Session(
            name: "demo/reinstate-tab-removed",
            story: "a Reinstate tab bar whose selected tab's class was removed: the first surviving tab is selected; its stack of states comes back",
            tree: RestorationTree(root: .tabs(TabsContainer(tabs: [
                owner("states", "NavController", .stack(StackContainer(records: [
                    record("state-1", "StateController", "step=1"), record("state-2", "StateController", "step=2"),
                ]))),
                record("gone", "RemovedFeatureController"),
            ], selected: 1))),
            layout: .regular
        ),
        Session(
            name: "demo/mail-compose-attachments",
            story: "a mail app's compose sheet presents an attachment picker, which presented a preview whose class was removed: the chain stops there, the zoom it presented is truncated",
            tree: RestorationTree(root: .presentation(PresentationContainer(
                base: owner("mail", "SplitController", .drillDown(DrillDownContainer(
                    left: [record("inbox", "InboxController", "folder=INBOX")], right: record("message-42", "MessageController", "id=42")))),
                presented: [
                    owner("compose-nav", "NavController", .stack(StackContainer(records: [record("compose", "ComposeController", "draft=17")]))),
                    record("attachments", "AttachmentPickerController"),
                    record("preview", "RemovedPreviewController"),
                    record("zoom", "ImageZoomController"),
                ]
            ))),
            layout: .regular
        ),
        Session(
            name: "demo/swiftui-path-type-removed",
            story: "a SwiftUI NavigationPath whose third element's type (MailApp.Thread) was removed in an update: the path comes back up to it (it truncates), not empty",
            tree: .navigationPath([
                RestorationRecord(identifier: "0", className: "MailApp.Mailbox", payload: Data(#"{"name":"INBOX"}"#.utf8)),
                RestorationRecord(identifier: "1", className: "Swift.Int", payload: Data("42".utf8)),
                RestorationRecord(identifier: "2", className: "MailApp.Thread", payload: Data(#"{"id":7}"#.utf8)),
                RestorationRecord(identifier: "3", className: "Swift.String", payload: Data(#""attachment.pdf""#.utf8)),
            ]),
            layout: .regular
        ),
    ]
}
