/// What a pane shows: the list at the bottom of a stack (the mailboxes, the settings), or a
/// screen pushed over it.
enum Page: Hashable {
    case mailboxes, settings
    case screen(MailScreen)
}

/// The app as the user drives it: its navigation state, what each command does to it, and the
/// highlighted row. The state is the navigation model's (``MailNavigation``): the app works on a
/// copy and gives the model the result of each command, one change, saved.
struct MailApp {
    /// A pane the keys can act on.
    enum Pane {
        case primary, detail, settings, sheet
    }

    let version: AppVersion
    var navigation: MailNavigation
    /// The highlighted item of the active pane (interactive use only; not saved).
    var cursor = 0

    init(version: AppVersion, navigation: MailNavigation = MailNavigation()) {
        self.version = version
        self.navigation = navigation
    }

    // MARK: - What shows

    /// Mail's primary side, bottom first: the mailboxes, then the folders drilled into.
    var primaryPages: [Page] { [.mailboxes] + navigation.primary.map(Page.screen) }
    /// Mail's detail side, bottom first: a message, then an attachment.
    var detailPages: [Page] { navigation.detail.map(Page.screen) }
    /// The Settings tab, bottom first: the settings list, then a page.
    var settingsPages: [Page] { [.settings] + navigation.settings.map(Page.screen) }
    /// Mail as one stack in a compact layout: the split merged, primary then detail.
    var compactPages: [Page] { primaryPages + detailPages }

    /// The pane the keys act on: the compose sheet, Settings, or Mail's focused side.
    var activePane: Pane {
        if navigation.composing { return .sheet }
        switch navigation.tab {
        case .settings: return .settings
        case .mail: return navigation.focus == .detail && !navigation.detail.isEmpty ? .detail : .primary
        }
    }

    /// The page the keys act on: the top of the active pane.
    var activePage: Page {
        switch activePane {
        case .sheet: .screen(.compose)
        case .settings: settingsPages[settingsPages.count - 1]
        case .detail: detailPages[detailPages.count - 1]
        case .primary: primaryPages[primaryPages.count - 1]
        }
    }

    // MARK: - Commands

    /// Selects a tab.
    mutating func select(_ tab: MailNavigation.Tab) -> Bool {
        guard navigation.tab != tab, !navigation.composing else { return false }
        navigation.tab = tab
        cursor = 0
        return true
    }

    /// Opens an item shown on the active page, or, in a regular layout, on the other side's top.
    mutating func open(_ id: String, compact: Bool) -> String? {
        guard !navigation.composing else { return "dismiss the compose sheet first" }
        switch navigation.tab {
        case .settings:
            guard navigation.settings.isEmpty, let page = MailScreen(.settingsPage, id) else { return "no \(id) here" }
            navigation.settings.append(page)
        case .mail:
            var candidates = [activePage]
            if !compact { candidates += [primaryPages[primaryPages.count - 1]] + detailPages.suffix(1) }
            guard let from = candidates.first(where: { Self.items(of: $0, version: version).contains { $0.id == id } }) else {
                return "no \(id) here"
            }
            switch from {
            case .mailboxes, .screen(.folder):
                // Back to the folder the item is listed in, then the item over it.
                if case .screen(let folder) = from, let index = navigation.primary.lastIndex(of: folder) {
                    navigation.primary.removeSubrange((index + 1)...)
                } else {
                    navigation.primary = []
                }
                if let folder = MailScreen(.folder, id) {
                    navigation.primary.append(folder)
                    navigation.detail = []
                    navigation.focus = .primary
                } else if let message = MailScreen(.message, id) {
                    navigation.detail = [message]
                    navigation.focus = .detail
                }
            case .screen(.message(let message)):
                if let index = navigation.detail.lastIndex(of: .message(message)) { navigation.detail.removeSubrange((index + 1)...) }
                if let attachment = MailScreen(.attachment, id) { navigation.detail.append(attachment) }
                navigation.focus = .detail
            default:
                return "no \(id) here"
            }
        }
        cursor = 0
        return nil
    }

    /// Goes back one screen on the active side, the cursor on the row of the screen left (the
    /// message closed, the folder left), as a list does when you come back to it.
    mutating func back() -> Bool {
        let left: MailScreen
        switch activePane {
        case .sheet:
            return false
        case .settings:
            guard let page = navigation.settings.popLast() else { return false }
            left = page
        case .detail, .primary:
            if let shown = navigation.detail.popLast() {
                left = shown
                if navigation.detail.isEmpty { navigation.focus = .primary }
            } else if let folder = navigation.primary.popLast() {
                left = folder
            } else {
                return false
            }
        }
        cursor = Self.items(of: activePage, version: version).firstIndex { $0.id == left.id } ?? 0
        return true
    }

    mutating func presentCompose() -> Bool {
        guard !navigation.composing else { return false }
        navigation.composing = true
        return true
    }

    mutating func dismiss() -> Bool {
        guard navigation.composing else { return false }
        navigation.composing = false
        return true
    }

    /// The items a page lists, that `open` and the Enter key open.
    static func items(of page: Page, version: AppVersion) -> [(id: String, label: String)] {
        switch page {
        case .mailboxes:
            return MailData.topFolders.compactMap { MailData.folders[$0] }.map { ($0.id, $0.title) }
        case .screen(.folder(let id)):
            guard let folder = MailData.folders[id] else { return [] }
            return folder.subfolders.compactMap { MailData.folders[$0] }.map { ($0.id, "\($0.title)/") }
                + folder.messages.compactMap { MailData.messages[$0] }.map { ($0.id, "\($0.from): \($0.subject)") }
        case .screen(.message(let id)):
            guard version.className(.attachment) != nil, let message = MailData.messages[id] else { return [] }
            return message.attachments.map { ($0, MailData.attachmentTitles[$0] ?? $0) }
        case .settings:
            return MailData.settingsPages.map { ($0.id, $0.title) }
        default:
            return []
        }
    }
}
