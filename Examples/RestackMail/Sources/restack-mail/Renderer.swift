/// Draws the app as lines of text of a given width: a tab bar, the screens (two columns in a
/// regular layout, the top of the one stack in a compact one), a status line and the keys.
///
/// Every text drawn is escaped first (``Escaping/escaped(_:)``, as `restore-inspect` escapes):
/// an identifier from the store, a typed line or a link cannot send the terminal a control
/// character. The only escape sequences written are the renderer's own (``style``).
struct Renderer {
    /// Below this many columns the layout is compact.
    static let compactBelow = 100
    static let contentHeight = 10
    /// The smallest terminal the app draws in; below it, ``tooSmall(columns:rows:)`` says so.
    static let minimumColumns = 30
    /// The rows a screen takes at most: tab bar, rule, content, rule, three status lines, keys.
    static let minimumRows = contentHeight + 7
    /// The keys, as the bottom line and the status line for an unbound key list them.
    static let keyHelp = "↑↓ move  ⏎ open  ← back  ⇥ tab  c compose  d dismiss  q quit"

    let width: Int
    /// Whether the focused pane is highlighted (reverse video): on a terminal, without `NO_COLOR`.
    var style = false

    var isCompact: Bool { width < Self.compactBelow }

    /// What a terminal smaller than the minimum shows instead of the app, each line cut to its
    /// width.
    static func tooSmall(columns: Int, rows: Int) -> [String] {
        [
            "Terminal too small: \(columns)×\(rows).",
            "restack-mail needs \(minimumColumns)×\(minimumRows).",
            "Enlarge it, or press q to quit.",
        ].map { pad($0, columns) }
    }

    /// `text` in reverse video when styled.
    private func highlighted(_ text: String) -> String {
        style ? "\u{1B}[7m" + text + "\u{1B}[0m" : text
    }

    func lines(_ app: MailApp, status: String) -> [String] {
        var out: [String] = []
        let tabs = MailNavigation.Tab.allCases.map { $0 == app.navigation.tab ? "[\($0.rawValue.capitalized)]" : " \($0.rawValue.capitalized) " }.joined(separator: " ")
        let layout = isCompact ? "compact" : "regular"
        out.append(Self.fit(" restack-mail \(app.version.name)  \(tabs)", right: "\(layout) \(width) cols ", width: width))
        out.append(String(repeating: "─", count: width))
        // Each row padded to its width, then highlighted: escapes never count as columns.
        var content: [String]
        if app.navigation.composing {
            let box = box(title: "New message (compose sheet)", lines: pageLines(.screen(.compose), app: app, active: true), width: width)
            content = [highlighted(Self.pad(box[0], width))] + box.dropFirst().map { Self.pad($0, width) }
        } else if app.navigation.tab == .settings {
            let pages = app.settingsPages
            content = [highlighted(Self.crumbs(pages, width: width))] + pageLines(pages[pages.count - 1], app: app, active: true).map { Self.pad($0, width) }
        } else if isCompact {
            let pages = app.compactPages
            content = [highlighted(Self.crumbs(pages, width: width))] + pageLines(pages[pages.count - 1], app: app, active: true).map { Self.pad($0, width) }
        } else {
            let leftWidth = width * 2 / 5
            let rightWidth = width - leftWidth - 3
            let primary = app.primaryPages
            let leftActive = app.activePane == .primary
            let leftCrumbs = Self.crumbs(primary, width: leftWidth)
            let left = [leftActive ? highlighted(leftCrumbs) : leftCrumbs] + pageLines(primary[primary.count - 1], app: app, active: leftActive).map { Self.pad($0, leftWidth) }
            let detail = app.detailPages
            let right: [String] = if let top = detail.last {
                [app.activePane == .detail ? highlighted(Self.crumbs(detail, width: rightWidth)) : Self.crumbs(detail, width: rightWidth)]
                    + pageLines(top, app: app, active: app.activePane == .detail).map { Self.pad($0, rightWidth) }
            } else {
                [Self.pad("", rightWidth), Self.pad("  (no message selected)", rightWidth)]
            }
            content = (0..<max(left.count, right.count)).map { row in
                (row < left.count ? left[row] : Self.pad("", leftWidth)) + " │ " + (row < right.count ? right[row] : Self.pad("", rightWidth))
            }
        }
        content += Array(repeating: Self.pad("", width), count: max(0, Self.contentHeight - content.count))
        out += content
        out.append(String(repeating: "─", count: width))
        out += Self.wrap(Escaping.escaped(status), width: width - 2, lines: 3).map { Self.pad(" " + $0, width) }
        out.append(Self.pad(" keys: " + Self.keyHelp, width))
        return out
    }

    /// A page's lines: what it shows, then the items it lists, the cursor's marked when `active`.
    func pageLines(_ page: Page, app: MailApp, active: Bool) -> [String] {
        var lines: [String] = []
        switch page {
        case .screen(.message(let id)):
            if let message = MailData.messages[id] {
                lines += ["  From: \(message.from)", "  Subject: \(message.subject)", ""] + message.body.map { "  " + $0 }
                if app.version.className(.attachment) == nil, !message.attachments.isEmpty {
                    let names = message.attachments.map { MailData.attachmentTitles[$0] ?? $0 }.joined(separator: ", ")
                    lines.append("  Attachments: \(names) (no viewer in \(app.version.name))")
                }
            }
        case .screen(.attachment(let id)):
            lines += ["  Preview of \(MailData.attachmentTitles[id] ?? id)", "  (\(id))"]
        case .screen(.settingsPage(let id)):
            lines += MailData.settingsPages.first { $0.id == id }.map { $0.text.map { "  " + $0 } } ?? []
        case .screen(.compose):
            lines += ["To: ", "Subject: ", "", "(d or Esc dismisses)"]
        default:
            break
        }
        for (index, item) in MailApp.items(of: page, version: app.version).enumerated() {
            let marker = active && index == app.cursor ? ">" : " "
            lines.append(" \(marker) \(item.id)  \(item.label)")
        }
        return lines
    }

    static func title(_ page: Page) -> String {
        switch page {
        case .mailboxes: "Mailboxes"
        case .settings: "Settings"
        case .screen(.folder(let id)): MailData.folders[id]?.title ?? id
        case .screen(.message(let id)): MailData.messages[id]?.subject ?? id
        case .screen(.attachment(let id)): MailData.attachmentTitles[id] ?? id
        case .screen(.settingsPage(let id)): MailData.settingsPages.first { $0.id == id }?.title ?? id
        case .screen(.compose): "Compose"
        }
    }

    /// The titles of a stack, bottom first, in `width` columns: when they do not fit, the
    /// first ones give way to `…`, so that the current screen's title stays visible.
    static func crumbs(_ stack: [Page], width: Int) -> String {
        let titles = stack.map { Escaping.escaped(title($0)) }
        let room = width - 1
        for first in titles.indices {
            let shown = (first > 0 ? ["…"] : []) + titles[first...]
            let text = shown.joined(separator: " › ")
            if text.count <= room { return pad(" " + text, width) }
        }
        return pad(" … › " + (titles.last ?? ""), width)
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

    /// `text` escaped (``Escaping/escaped(_:)``), cut or filled to `width` characters.
    static func pad(_ text: String, _ width: Int, fill: Character = " ") -> String {
        let characters = Array(Escaping.escaped(text))
        if characters.count >= width { return String(characters.prefix(max(0, width))) }
        return String(characters) + String(repeating: fill, count: width - characters.count)
    }

    static func fit(_ left: String, right: String, width: Int) -> String {
        let left = Escaping.escaped(left), right = Escaping.escaped(right)
        let room = width - right.count
        return room > left.count ? pad(left, room) + right : pad(left, width)
    }
}
