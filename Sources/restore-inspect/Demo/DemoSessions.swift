import Foundation
import Restack

/// The demo store's contents: one session per interesting restoration case, saved by an
/// imaginary mail-and-settings app, and the classes that app can rebuild today.
enum DemoSessions {
    struct Session {
        var name: String
        var story: String
        /// Older snapshots first; the last one is what a restore uses.
        var history: [DrillDownState]
    }

    /// What the imaginary app can rebuild in its current version.
    static let knownClasses = [
        "MailboxesController", "InboxController", "MessageController", "ComposeController",
        "SettingsController", "AboutController", "AlbumController", "PhotoController",
    ]

    static func record(_ id: String?, _ className: String?, _ payload: String? = nil) -> RestorationRecord {
        RestorationRecord(identifier: id, className: className, payload: payload.map { Data($0.utf8) })
    }

    static let all: [Session] = [
        Session(
            name: "demo/mail-all-valid",
            story: "every record restorable: the whole stack comes back",
            history: [
                DrillDownState(left: [record("mailboxes", "MailboxesController")]),
                DrillDownState(
                    left: [record("mailboxes", "MailboxesController"), record("inbox", "InboxController", "folder=INBOX")],
                    right: record("message-42", "MessageController", "id=42")
                ),
            ]
        ),
        Session(
            name: "demo/mail-gap",
            story: "a controller saved without an identifier: dropped, the gap closes",
            history: [DrillDownState(
                left: [record("mailboxes", "MailboxesController"), record(nil, "SearchController"),
                       record("inbox", "InboxController")],
                right: record("message-7", "MessageController", "id=7")
            )]
        ),
        Session(
            name: "demo/mail-renamed-class",
            story: "the right controller's class was renamed in an update: it is dropped and nothing is promoted into the right slot",
            history: [DrillDownState(
                left: [record("mailboxes", "MailboxesController"), record("inbox", "InboxController")],
                right: record("message-9", "LegacyMessageController", "id=9")
            )]
        ),
        Session(
            name: "demo/settings-lone-right",
            story: "no left record survives: the right one becomes the sole left record",
            history: [DrillDownState(
                left: [record(nil, "SettingsController"), record("", "GeneralController")],
                right: record("about", "AboutController")
            )]
        ),
        Session(
            name: "demo/photos-duplicates",
            story: "two records share an identifier: both kept, with a warning",
            history: [DrillDownState(
                left: [record("album", "AlbumController"), record("photo", "PhotoController", "n=1")],
                right: record("photo", "PhotoController", "n=2")
            )]
        ),
        Session(
            name: "demo/notes-newer-format",
            story: "saved by a newer app in format 2: nothing is restored, nothing is changed",
            history: [DrillDownState(formatVersion: 2, left: [record("notes", "NotesController")])]
        ),
    ]
}
