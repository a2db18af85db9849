/// What a line of input or a key asks the app to do.
enum Command {
    case tab(String), open(String), back, compose, dismiss, quit, move(Int)
    /// A line that is no command, as typed.
    case unknown(String)
    /// A key no command is bound to, by name.
    case unbound(String)
    case none

    /// The command a line of input asks (standard input not a terminal).
    static func parse(_ line: String) -> Command {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch (words.first, words.count) {
        case (nil, _): return .none
        case ("tab", 2): return .tab(words[1])
        case ("open", 2): return .open(words[1])
        case ("back", 1): return .back
        case ("compose", 1): return .compose
        case ("dismiss", 1): return .dismiss
        case ("quit", 1): return .quit
        default: return .unknown(String(line.prefix(80)))
        }
    }

    /// The command a key asks (standard input a terminal).
    static func of(_ key: Terminal.Key, app: MailApp) -> Command {
        switch key {
        case .up: return .move(-1)
        case .down: return .move(1)
        case .enter:
            let items = MailApp.items(of: app.activePage, version: app.version)
            return items.indices.contains(app.cursor) ? .open(items[app.cursor].id) : .none
        case .back: return .back
        case .tab: return .tab(app.navigation.tab == .mail ? "settings" : "mail")
        case .escape, .character("d"): return .dismiss
        case .character("c"): return .compose
        case .character("q"): return .quit
        case .character("1"): return .tab("mail")
        case .character("2"): return .tab("settings")
        case .character(let character): return .unbound(String(character))
        case .other(let name): return .unbound(name)
        }
    }
}
