/// Draws the app as lines of text of a given width: a tab bar, the screens (two columns in a
/// regular layout, the top of the one stack in a compact one), a status line and the keys.
struct Renderer {
    /// Below this many columns the layout is compact.
    static let compactBelow = 100
    static let contentHeight = 10

    let width: Int

    var isCompact: Bool { width < Self.compactBelow }

    func lines(_ app: MailApp, status: String) -> [String] {
        var out: [String] = []
        let tabs = MailApp.Tab.allCases.map { $0 == app.tab ? "[\($0.rawValue.capitalized)]" : " \($0.rawValue.capitalized) " }.joined(separator: " ")
        let layout = isCompact ? "compact" : "regular"
        out.append(Self.fit(" restack-mail \(app.version.name)  \(tabs)", right: "\(layout) \(width) cols ", width: width))
        out.append(String(repeating: "─", count: width))
        var content: [String]
        if let compose = app.compose {
            content = box(title: "New message (compose sheet)", lines: screenLines(compose, app: app, active: true), width: width)
        } else if app.tab == .settings {
            content = [Self.crumbs(app.settings, app: app)] + screenLines(app.settings[app.settings.count - 1], app: app, active: true)
        } else if isCompact {
            let stack = app.compactStack
            content = [Self.crumbs(stack, app: app)] + screenLines(stack[stack.count - 1], app: app, active: true)
        } else {
            let leftWidth = width * 2 / 5
            let rightWidth = width - leftWidth - 3
            let primaryTop = app.primary[app.primary.count - 1]
            let left = [Self.crumbs(app.primary, app: app)] + screenLines(primaryTop, app: app, active: app.activeScreen === primaryTop)
            let right: [String] = if let top = app.detail.last {
                [Self.crumbs(app.detail, app: app)] + screenLines(top, app: app, active: app.activeScreen === top)
            } else {
                ["", "  (no message selected)"]
            }
            content = (0..<max(left.count, right.count)).map { row in
                Self.pad(row < left.count ? left[row] : "", leftWidth) + " │ " + Self.pad(row < right.count ? right[row] : "", rightWidth)
            }
        }
        content += Array(repeating: "", count: max(0, Self.contentHeight - content.count))
        out += content.map { Self.pad($0, width) }
        out.append(String(repeating: "─", count: width))
        out += Self.wrap(status, width: width - 2, lines: 3).map { Self.pad(" " + $0, width) }
        out.append(Self.pad(" keys: ↑↓ move  ⏎ open  ← back  ⇥ tab  c compose  d dismiss  q quit", width))
        return out
    }

    func screenLines(_ screen: Screen, app: MailApp, active: Bool) -> [String] {
        var lines: [String] = []
        switch screen.role {
        case .message:
            if let message = MailData.messages[screen.id] {
                lines += ["  From: \(message.from)", "  Subject: \(message.subject)", ""] + message.body.map { "  " + $0 }
                if app.version.className(.attachment) == nil, !message.attachments.isEmpty {
                    let names = message.attachments.map { MailData.attachmentTitles[$0] ?? $0 }.joined(separator: ", ")
                    lines.append("  Attachments: \(names) (no viewer in \(app.version.name))")
                }
            }
        case .attachment:
            lines += ["  Preview of \(MailData.attachmentTitles[screen.id] ?? screen.id)", "  (\(screen.id))"]
        case .settingsPage:
            lines += MailData.settingsPages.first { $0.id == screen.id }.map { $0.text.map { "  " + $0 } } ?? []
        case .compose:
            lines += ["To: ", "Subject: ", "", "(d or Esc dismisses)"]
        default:
            break
        }
        for (index, item) in MailApp.items(of: screen, version: app.version).enumerated() {
            let marker = active && index == app.cursor ? ">" : " "
            lines.append(" \(marker) \(item.id)  \(item.label)")
        }
        return lines
    }

    static func title(_ screen: Screen) -> String {
        switch screen.role {
        case .mailboxes: "Mailboxes"
        case .folder: MailData.folders[screen.id]?.title ?? screen.id
        case .message: MailData.messages[screen.id]?.subject ?? screen.id
        case .attachment: MailData.attachmentTitles[screen.id] ?? screen.id
        case .settings: "Settings"
        case .settingsPage: MailData.settingsPages.first { $0.id == screen.id }?.title ?? screen.id
        case .compose: "Compose"
        default: screen.id
        }
    }

    static func crumbs(_ stack: [Screen], app: MailApp) -> String {
        " " + stack.map(title).joined(separator: " › ")
    }

    func box(title: String, lines: [String], width: Int) -> [String] {
        let inner = max(10, width - 8)
        return ["   ┌─ " + Self.pad(title + " ", inner - 2, fill: "─") + "┐"]
            + lines.map { "   │ " + Self.pad($0, inner - 2) + " │" }
            + ["   └" + String(repeating: "─", count: inner) + "┘"]
    }

    /// The status, in at most `lines` lines of `width`, broken after its `; ` separators or
    /// spaces where it can be; the rest cut.
    static func wrap(_ text: String, width: Int, lines: Int) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty, result.count < lines {
            guard rest.count > width else {
                result.append(String(rest))
                break
            }
            let head = rest.prefix(width)
            let cut = head.lastIndex(of: ";").map { head.index(after: $0) } ?? head.lastIndex(of: " ") ?? head.endIndex
            result.append(String(rest[..<cut]))
            rest = rest[cut...].drop { $0 == " " }
        }
        return result
    }

    static func pad(_ text: String, _ width: Int, fill: Character = " ") -> String {
        let characters = Array(text)
        if characters.count >= width { return String(characters.prefix(max(0, width))) }
        return text + String(repeating: fill, count: width - characters.count)
    }

    static func fit(_ left: String, right: String, width: Int) -> String {
        let room = width - right.count
        return room > left.count ? pad(left, room) + right : pad(left, width)
    }
}
