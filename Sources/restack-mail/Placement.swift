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
