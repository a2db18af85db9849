/// A screen the user navigates to: the app's route type, each value one record of its navigation
/// state (``MailNavigation``). The lists at the bottom of its stacks (the mailboxes, the settings)
/// are the stacks' roots, as a `NavigationStack`'s root view is, and are not routes.
enum MailScreen: Codable, Hashable, Sendable {
    case folder(String)
    case message(String)
    case attachment(String)
    case settingsPage(String)
    case compose

    /// What kind of screen a route is: each kind is saved under a class of its own
    /// (``AppVersion/className(_:)``).
    enum Kind: CaseIterable, Sendable {
        case folder, message, attachment, settingsPage, compose
    }

    /// The screen of `kind` that shows `id`, when the made-up account has that content; `nil`
    /// otherwise (a message deleted on the server, a mistyped link).
    init?(_ kind: Kind, _ id: String) {
        switch kind {
        case .folder where MailData.folders[id] != nil: self = .folder(id)
        case .message where MailData.messages[id] != nil: self = .message(id)
        case .attachment where MailData.attachmentTitles[id] != nil: self = .attachment(id)
        case .settingsPage where MailData.settingsPages.contains(where: { $0.id == id }): self = .settingsPage(id)
        case .compose where id == Self.composeID: self = .compose
        default: return nil
        }
    }

    /// The compose sheet's identifier.
    static let composeID = "compose"

    var kind: Kind {
        switch self {
        case .folder: .folder
        case .message: .message
        case .attachment: .attachment
        case .settingsPage: .settingsPage
        case .compose: .compose
        }
    }

    /// The identifier of the content it shows (`inbox`, `message-2`; `compose` for the sheet):
    /// its record's identifier too, so that the store, `restore-inspect` and a deep link's path
    /// name a screen as the user sees it.
    var id: String {
        switch self {
        case .folder(let id), .message(let id), .attachment(let id), .settingsPage(let id): id
        case .compose: Self.composeID
        }
    }

    /// The kind of screen an identifier of the made-up account opens, if any.
    static func kind(of id: String) -> Kind? {
        Kind.allCases.first { MailScreen($0, id) != nil }
    }
}
