import Foundation
import Restack

/// One screen of the app: the node type its ``ScreenAdapter`` describes to Restack. Container
/// screens (the window, the Mail split, the Settings stack) hold their children.
final class Screen {
    /// What the screen is; its class name depends on the app version (``AppVersion``).
    enum Role: CaseIterable {
        case window, mailSplit, settingsStack
        case mailboxes, folder, message, attachment, settings, settingsPage, compose
    }

    let role: Role
    let id: String
    let children: NodeContainer<Screen>?

    init(_ role: Role, _ id: String, children: NodeContainer<Screen>? = nil) {
        self.role = role
        self.id = id
        self.children = children
    }

    /// Whether the made-up account has content for this identifier.
    static func exists(_ role: Role, _ id: String) -> Bool {
        switch role {
        case .window, .mailSplit, .settingsStack, .mailboxes, .settings, .compose: true
        case .folder: MailData.folders[id] != nil
        case .message: MailData.messages[id] != nil
        case .attachment: MailData.attachmentTitles[id] != nil
        case .settingsPage: MailData.settingsPages.contains { $0.id == id }
        }
    }
}

/// The release of the app: 1, or 2, in which `MessageController` was renamed
/// `MessageViewController` (given to the restore as an alias) and `AttachmentController` was
/// removed (its saved screens are dropped `unresolved-class`).
struct AppVersion {
    let number: Int

    var name: String { "\(number).0" }

    /// The class name of a screen role in this release; `nil` when the release has no such screen.
    func className(_ role: Screen.Role) -> String? {
        switch role {
        case .window: "MainWindow"
        case .mailSplit: "MailSplit"
        case .settingsStack: "SettingsStack"
        case .mailboxes: "MailboxesController"
        case .folder: "FolderController"
        case .message: number >= 2 ? Self.renamedMessage.new : Self.renamedMessage.old
        case .attachment: number >= 2 ? nil : "AttachmentController"
        case .settings: "SettingsController"
        case .settingsPage: "SettingsPageController"
        case .compose: "ComposeController"
        }
    }

    /// The role of a class name of this release.
    func role(named name: String) -> Screen.Role? {
        Screen.Role.allCases.first { className($0) == name }
    }

    /// The class release 2 renamed, and its new name (given to the restore as an alias).
    static let renamedMessage = (old: "MessageController", new: "MessageViewController")

    /// The resolver of this release: its own classes, and the renamed one through its alias,
    /// each only where it may be (``Placement``): a record elsewhere is not rebuilt
    /// (`unresolved-class`), and the status line says why (``refusal(of:)``).
    var resolver: RecordResolver {
        let known = Screen.Role.allCases.compactMap(className)
        // A valid pair of distinct names: the initializer cannot throw here.
        let aliases = (try? ClassAliases([.init(old: Self.renamedMessage.old, new: Self.renamedMessage.new)])) ?? ClassAliases()
        let classes: RecordResolver = number >= 2 ? .knownClasses(known, aliases: aliases) : .knownClasses(known)
        let version = self
        return RecordResolver { (record: RestorationRecord, identifierPath: [String]) -> ResolverOutcome in
            let outcome = classes.outcome(for: record, identifierPath: identifierPath)
            guard outcome.rebuilds, let role = version.role(of: record) else { return outcome }
            return Placement.allows(role, at: identifierPath) ? outcome : .classGone
        }
    }

    /// Why the resolver refuses a record whose class this release has: where such a screen
    /// may be. `nil` for a record of a class it does not have.
    func refusal(of record: RestorationRecord) -> String? {
        role(of: record).map(Placement.rule(for:))
    }

    /// The role of a saved record's class in this release, through the alias for the renamed one.
    func role(of record: RestorationRecord) -> Screen.Role? {
        guard let name = record.className else { return nil }
        if let role = role(named: name) { return role }
        return number >= 2 && name == Self.renamedMessage.old ? .message : nil
    }
}

/// Why a screen could not be made at launch.
enum ScreenError: Error, CustomStringConvertible {
    case unknownClass(String?)
    case unknownContent(String)

    var description: String {
        switch self {
        case .unknownClass(let name): "no screen class \(name ?? "(none)")"
        case .unknownContent(let id): "no content \(id)"
        }
    }
}

/// The app's adapter: Restack captures the live screens through it on every navigation change
/// and rebuilds the restored plan into screens at launch.
struct ScreenAdapter: RestorationAdapter {
    let version: AppVersion
    /// A test-only switch: the process kills itself (SIGKILL) while it rebuilds, as an app that
    /// crashes on a restored state would, without a crash report's noise.
    var crashWhileRebuilding = false

    func record(of screen: Screen) -> RestorationRecord {
        RestorationRecord(identifier: screen.id, className: version.className(screen.role))
    }

    func container(of screen: Screen) -> NodeContainer<Screen>? {
        screen.children
    }

    func makeNode(for planned: PlannedRecord, container: RebuiltContainer<Screen>?) throws -> Screen {
        if crashWhileRebuilding {
            FileHandle.standardError.write(Data("restack-mail: crashing while rebuilding (--crash-while-rebuilding)\n".utf8))
            kill(getpid(), SIGKILL)
        }
        guard let name = planned.record.className, let role = version.role(named: name) else {
            throw ScreenError.unknownClass(planned.record.className)
        }
        let id = planned.record.identifier ?? ""
        guard Screen.exists(role, id) else { throw ScreenError.unknownContent(id) }
        return Screen(role, id, children: container?.content)
    }
}
