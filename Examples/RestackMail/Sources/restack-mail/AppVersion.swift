import Foundation
import Restack

/// The release of the app: 1, or 2, in which `MessageController` was renamed
/// `MessageViewController` (given to the restore as an alias) and `AttachmentController` was
/// removed (its saved screens are dropped `unresolved-class`).
struct AppVersion: Sendable {
    let number: Int

    var name: String { "\(number).0" }

    /// The class a kind of screen is saved under in this release; `nil` when the release has no
    /// such screen.
    func className(_ kind: MailScreen.Kind) -> String? {
        switch kind {
        case .folder: "FolderController"
        case .message: number >= 2 ? Self.renamedMessage.new : Self.renamedMessage.old
        case .attachment: number >= 2 ? nil : "AttachmentController"
        case .settingsPage: "SettingsPageController"
        case .compose: "ComposeController"
        }
    }

    /// The class release 2 renamed, and its new name (given to the restore as an alias).
    static let renamedMessage = (old: "MessageController", new: "MessageViewController")

    /// The kind of screen a saved class stands for in this release, through the alias for the
    /// renamed one; `nil` for a class it does not have.
    func kind(ofClass name: String?) -> MailScreen.Kind? {
        guard let name else { return nil }
        let current = number >= 2 && name == Self.renamedMessage.old ? Self.renamedMessage.new : name
        return MailScreen.Kind.allCases.first { className($0) == current }
    }

    /// The screen a saved record stands for: its class's kind, and its payload, the identifier of
    /// the content it shows, which the account must still have. The route coding reads every
    /// record so; the status line reads a plan's records with it.
    func screen(of record: RestorationRecord) throws(ScreenError) -> MailScreen {
        guard let kind = kind(ofClass: record.className) else { throw .unknownClass(record.className) }
        return try Self.screen(kind, payload: record.payload)
    }

    /// The screen of `kind` whose content's identifier is `payload` (a JSON string).
    static func screen(_ kind: MailScreen.Kind, payload: Data?) throws(ScreenError) -> MailScreen {
        guard let payload, let id = try? RecordPayload.decode(String.self, from: payload) else { throw .unreadable }
        guard let screen = MailScreen(kind, id) else { throw .noContent(id) }
        return screen
    }

    // snippet: mail-coding
    /// How this release's screens become records and come back: one route type per kind of
    /// screen it has, under its class, its payload the identifier of the content it shows, and
    /// that identifier as the record's own. A saved screen whose content the account no longer has
    /// does not decode: the restore drops it `stale-payload`, as it drops a route whose shape
    /// changed.
    var coding: RouteCoding<MailScreen> {
        let types = MailScreen.Kind.allCases.compactMap { kind -> RouteCoding<MailScreen>.RouteType? in
            className(kind).map { name in
                RouteCoding<MailScreen>.RouteType(
                    name: name,
                    decode: { payload in try Self.screen(kind, payload: payload) },
                    encode: { screen in screen.kind == kind ? try RecordPayload.encode(screen.id) : nil },
                    identifier: { $0.id })
            }
        }
        // A valid pair of distinct names: the initializer cannot throw here.
        let aliases = (try? ClassAliases([.init(old: Self.renamedMessage.old, new: Self.renamedMessage.new)])) ?? ClassAliases()
        return RouteCoding(types, aliases: number >= 2 ? aliases : ClassAliases())
    }
    // end snippet
}

/// Why a saved record is no screen of this release.
enum ScreenError: Error, CustomStringConvertible {
    /// A class this release does not have.
    case unknownClass(String?)
    /// A payload that is not a content identifier.
    case unreadable
    /// Content the made-up account does not have.
    case noContent(String)

    var description: String {
        switch self {
        case .unknownClass(let name): "no screen class \(name ?? "(none)")"
        case .unreadable: "no content identifier"
        case .noContent(let id): "no content \(id)"
        }
    }
}
