import Restack

/// Where each screen may be, by its identifier path (its ancestors' identifiers, root first,
/// then its own): the app's own rule, given to Restack through its resolver
/// (``AppVersion/resolver``), so that a saved state or a deep link that puts a screen in an
/// impossible place has that screen dropped, and a link that would is refused.
///
/// The live hierarchy is a presentation chain: the window at its base (`window`), the compose
/// sheet presented over it (`compose`); the window's tabs are `window/mail`, a split of the
/// mailboxes, folders, messages and attachments, and `window/settings`, a stack of settings pages.
enum Placement {
    /// The identifier path of the container a screen of `role` goes in (`[]`: the root chain).
    static func parent(of role: Screen.Role) -> [String] {
        switch role {
        case .window, .compose: []
        case .mailSplit, .settingsStack: ["window"]
        case .mailboxes, .folder, .message, .attachment: ["window", MailApp.Tab.mail.rawValue]
        case .settings, .settingsPage: ["window", MailApp.Tab.settings.rawValue]
        }
    }

    /// Whether a screen of `role` may be at `identifierPath`.
    static func allows(_ role: Screen.Role, at identifierPath: [String]) -> Bool {
        Array(identifierPath.dropLast()) == parent(of: role)
    }

    /// The first message a deep link pushed (`merged`, the link merged) that is not under its
    /// mailbox, with why: a message shows only in the Mail split's detail over the folder that holds
    /// it, at the top of the primary. The resolver sees identifier paths, where the split's
    /// columns are siblings, so this half of the rule is checked on the merged plan; `nil` when
    /// every pushed message is under its mailbox.
    static func messageOutsideItsMailbox(in merged: RestorationPlan, version: AppVersion) -> (identifier: String, reason: String)? {
        let pushed = merged.restoredRecords.filter { $0.isFromDeepLink && version.role(of: $0.record) == .message }
        guard !pushed.isEmpty else { return nil }
        var top: String?
        if let tree = merged.restoredTree {
            for (_, record) in tree.allRecords where record.identifier == MailApp.Tab.mail.rawValue {
                if case .split(let split) = record.container { top = split.primary.last?.identifier }
            }
        }
        for message in pushed {
            let id = message.record.identifier ?? "?"
            guard let mailbox = MailData.folders.first(where: { $0.value.messages.contains(id) })?.key else {
                return (id, "a message shows only under its mailbox, and no mailbox holds it")
            }
            if top != mailbox { return (id, "a message shows only under its mailbox: reveal \(mailbox) first (window/mail/\(mailbox)+\(id))") }
        }
        return nil
    }

    /// Where a screen of `role` belongs, in words, for the status line.
    static func rule(for role: Screen.Role) -> String {
        switch role {
        case .compose: "a compose screen opens only as the sheet over the window"
        case .message, .attachment: "a message and its attachments show only under the mailboxes, in Mail"
        case .mailboxes, .folder: "folders show only under the mailboxes, in Mail"
        case .settings, .settingsPage: "settings pages show only in Settings"
        case .window: "the window is only the base of the screen"
        case .mailSplit, .settingsStack: "a tab is only in the window's tab bar"
        }
    }
}
