import Restack

/// The app's navigation state and what each command does to it. The live hierarchy Restack
/// captures (``hierarchy``) is made from it, and it is made back from a rebuilt hierarchy.
struct MailApp {
    enum Tab: String, CaseIterable {
        case mail, settings
    }

    let version: AppVersion
    var tab: Tab = .mail
    /// The Mail split's primary stack: the mailboxes, then the folders drilled into.
    var primary: [Screen] = [Screen(.mailboxes, "mailboxes")]
    /// The Mail split's detail stack: a message, then its attachments.
    var detail: [Screen] = []
    var focus: SplitSide = .primary
    var settings: [Screen] = [Screen(.settings, "general")]
    /// The compose sheet, when presented.
    var compose: Screen?
    /// The highlighted item of the active screen (interactive use only; not saved).
    var cursor = 0

    init(version: AppVersion) {
        self.version = version
    }

    /// The live hierarchy: a presentation chain whose base is the window (the tab bar: Mail, a
    /// split; Settings, a stack) and whose presented screen is the compose sheet.
    var hierarchy: NodeContainer<Screen> {
        let mail = Screen(.mailSplit, Tab.mail.rawValue, children: .split(SplitContainer(primary: primary, detail: detail, focus: focus, compact: .merge)))
        let settingsTab = Screen(.settingsStack, Tab.settings.rawValue, children: .stack(StackContainer(records: settings)))
        let window = Screen(.window, "window", children: .tabs(TabsContainer(tabs: [mail, settingsTab], selected: tab == .mail ? 0 : 1)))
        return .presentation(PresentationContainer(base: window, presented: compose.map { [$0] } ?? []))
    }

    /// The app as rebuilt at launch. What the rules left empty (a tab that did not restore, an
    /// empty primary stack) starts as on a first launch; `notes` says so.
    init(version: AppVersion, rebuilt root: NodeContainer<Screen>?, notes: inout [String]) {
        self.init(version: version)
        guard case .presentation(let chain)? = root, let window = chain.base, case .tabs(let tabBar)? = window.children else {
            if root != nil { notes.append("the saved window did not restore: fresh start") }
            return
        }
        compose = chain.presented.first { $0.role == .compose }
        for (index, screen) in tabBar.tabs.enumerated() {
            switch (screen.role, screen.children) {
            case (.mailSplit, .split(let split)?):
                self.primary = split.primary
                self.detail = split.detail
                self.focus = split.focus
                if index == tabBar.selected { tab = .mail }
            case (.settingsStack, .stack(let stack)?):
                if !stack.records.isEmpty { settings = stack.records }
                if index == tabBar.selected { tab = .settings }
            default:
                break
            }
        }
        if primary.first?.role != .mailboxes {
            primary.insert(Screen(.mailboxes, "mailboxes"), at: 0)
        }
        if detail.isEmpty { focus = .primary }
    }

    // MARK: - What shows

    /// The screens shown as one stack in a compact layout: the split merged, primary then detail.
    var compactStack: [Screen] { primary + detail }

    /// The screen the keys act on: the compose sheet, the settings top, or the focused side's top.
    var activeScreen: Screen {
        if let compose { return compose }
        switch tab {
        case .settings: return settings[settings.count - 1]
        case .mail: return focus == .detail && !detail.isEmpty ? detail[detail.count - 1] : primary[primary.count - 1]
        }
    }

    // MARK: - Commands

    /// Selects a tab.
    mutating func select(_ tab: Tab) -> Bool {
        guard self.tab != tab, compose == nil else { return false }
        self.tab = tab
        cursor = 0
        return true
    }

    /// Opens an item shown on the active screen, or, in a regular layout, on the other side.
    mutating func open(_ id: String, compact: Bool) -> String? {
        guard compose == nil else { return "dismiss the compose sheet first" }
        switch tab {
        case .settings:
            guard settings.last?.role == .settings, Screen.exists(.settingsPage, id) else { return "no \(id) here" }
            settings.append(Screen(.settingsPage, id))
        case .mail:
            var candidates = [activeScreen]
            if !compact { candidates += [primary[primary.count - 1]] + detail.suffix(1) }
            guard let from = candidates.first(where: { Self.items(of: $0, version: version).contains { $0.id == id } }) else {
                return "no \(id) here"
            }
            switch from.role {
            case .mailboxes, .folder:
                if let index = primary.firstIndex(where: { $0 === from }) { primary.removeSubrange((index + 1)...) }
                if MailData.folders[id] != nil {
                    primary.append(Screen(.folder, id))
                    detail = []
                    focus = .primary
                } else {
                    detail = [Screen(.message, id)]
                    focus = .detail
                }
            case .message:
                if let index = detail.firstIndex(where: { $0 === from }) { detail.removeSubrange((index + 1)...) }
                detail.append(Screen(.attachment, id))
                focus = .detail
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
        guard compose == nil else { return false }
        let left: Screen
        switch tab {
        case .settings:
            guard settings.count > 1 else { return false }
            left = settings.removeLast()
        case .mail:
            if !detail.isEmpty {
                left = detail.removeLast()
                if detail.isEmpty { focus = .primary }
            } else if primary.count > 1 {
                left = primary.removeLast()
            } else {
                return false
            }
        }
        cursor = Self.items(of: activeScreen, version: version).firstIndex { $0.id == left.id } ?? 0
        return true
    }

    mutating func presentCompose() -> Bool {
        guard compose == nil else { return false }
        compose = Screen(.compose, "compose")
        return true
    }

    mutating func dismiss() -> Bool {
        guard compose != nil else { return false }
        compose = nil
        return true
    }

    /// The items a screen lists, that `open` and the Enter key open.
    static func items(of screen: Screen, version: AppVersion) -> [(id: String, label: String)] {
        switch screen.role {
        case .mailboxes:
            return MailData.topFolders.compactMap { MailData.folders[$0] }.map { ($0.id, $0.title) }
        case .folder:
            guard let folder = MailData.folders[screen.id] else { return [] }
            return folder.subfolders.compactMap { MailData.folders[$0] }.map { ($0.id, "\($0.title)/") }
                + folder.messages.compactMap { MailData.messages[$0] }.map { ($0.id, "\($0.from): \($0.subject)") }
        case .message:
            guard version.className(.attachment) != nil, let message = MailData.messages[screen.id] else { return [] }
            return message.attachments.map { ($0, MailData.attachmentTitles[$0] ?? $0) }
        case .settings:
            return MailData.settingsPages.map { ($0.id, $0.title) }
        default:
            return []
        }
    }
}
