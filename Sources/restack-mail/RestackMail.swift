import ArgumentParser
import Foundation
import Restack
import RestackStore

/// `restack-mail`: a terminal mail client whose navigation survives `kill -9` and an update,
/// built only on Restack's and RestackStore's public API: Restack's example app.
@main
struct RestackMail: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restack-mail",
        abstract: "A terminal mail client whose navigation survives kill -9 and updates (Restack's example app).",
        discussion: """
            Keys: up/down move, Enter opens, Left or Backspace goes back, Tab switches tabs, c composes, \
            d or Esc dismisses, q quits. When standard input is not a terminal it reads one command per \
            line (tab NAME, open IDENTIFIER, back, compose, dismiss, quit) and prints the screen after each.
            """
    )

    @Option(help: "The store file. Default: restack-mail/mail.sqlite in the per-user data folder.")
    var db: String?

    @Option(help: "Draw for this many columns (below 100: compact layout). Default: the terminal's width, or 80.")
    var width: Int?

    @Option(name: .customLong("app-version"), help: "The release to run: 1, or 2 (MessageController renamed, AttachmentController removed).")
    var appVersion: Int = 1

    @Option(help: "The window's session in the store.")
    var session = "window-1"

    @Option(help: ArgumentHelp(
        "Open a deep link at launch, over the restored state: identifiers to reveal from the root, then records to push, as window/mail+message-2 (or the link's JSON).",
        valueName: "link"))
    var open: String?

    @Flag(help: .hidden)
    var crashWhileRebuilding = false

    func validate() throws {
        guard (1...2).contains(appVersion) else { throw ValidationError("--app-version must be 1 or 2, found \(appVersion)") }
        if let width, !(20...1000).contains(width) { throw ValidationError("--width must be in 20...1000, found \(width)") }
        guard !session.isEmpty else { throw ValidationError("--session must not be empty") }
        if let open {
            do { _ = try LinkParser(version: AppVersion(number: appVersion)).link(open) } catch { throw ValidationError("\(error)") }
        }
    }

    func run() throws {
        // A closed standard output (a pager quit early) must not kill the app before it saves.
        signal(SIGPIPE, SIG_IGN)
        let path = try db ?? Self.defaultStorePath()
        let store: SnapshotStore
        do {
            // The outcomes the store records at each confirmation carry the app's version.
            var options = SnapshotStore.Options()
            options.appVersion = AppVersion(number: appVersion).name
            store = try SnapshotStore(path: path, options: options)
        } catch {
            throw StoreFailure(description: "cannot open the store: \(error)")
        }
        Terminal.write("restack-mail: store \(store.path)\n")
        let interactive = Terminal.inputIsTerminal
        let renderer = { Renderer(width: width ?? Terminal.columns ?? 80) }
        let layout: Layout = renderer().isCompact ? .compact : .regular
        let version = AppVersion(number: appVersion)
        let adapter = ScreenAdapter(version: version, crashWhileRebuilding: crashWhileRebuilding)

        // Launch: begin the restore, rebuild through the adapter, draw, then confirm.
        let link = try open.map { try LinkParser(version: version).link($0) }
        var (app, status, confirmation) = try Launch(store: store, session: session, layout: layout, adapter: adapter).restore(opening: link)
        let screen = Display(interactive: interactive)
        if interactive { Terminal.enableRawMode() }
        defer { if interactive { Terminal.restore() } }
        screen.draw(renderer().lines(app, status: status))
        if let confirmation {
            // With the plan as rebuilt: the outcome the store records (restore-inspect report)
            // counts what this launch really showed and dropped.
            do { try store.confirmRestore(confirmation) } catch { status += "; not confirmed: \(error)" }
        }
        let failures = FailureNote()
        let autosaver = Autosaver(store: store, session: session, appVersion: version.name) { failures.set("not saved: \($0)") }
        let adapterForSaves = adapter
        func save() {
            // A hierarchy the app builds is 4 levels deep: capture cannot be too deep.
            if let tree = try? adapterForSaves.capture(app.hierarchy) { autosaver.submit(tree) }
        }
        save()

        while let command = interactive ? Self.command(for: Terminal.readKey(), app: &app) : Self.command(for: readLine()) {
            let compact = renderer().isCompact
            var changed = false
            switch command {
            case .quit:
                break
            case .tab(let name):
                if let tab = MailApp.Tab(rawValue: name.lowercased()) {
                    changed = app.select(tab)
                    status = changed ? "tab \(tab.rawValue)" : "already on \(tab.rawValue)"
                } else {
                    status = "no tab \(name) (mail, settings)"
                }
            case .open(let id):
                if let problem = app.open(id, compact: compact) { status = problem } else { changed = true; status = "opened \(id)" }
            case .back:
                changed = app.back()
                status = changed ? "back" : "nothing to go back to"
            case .compose:
                changed = app.presentCompose()
                status = changed ? "compose sheet" : "already composing"
            case .dismiss:
                changed = app.dismiss()
                status = changed ? "dismissed" : "nothing to dismiss"
            case .move(let delta):
                let count = MailApp.items(of: app.activeScreen, version: version).count
                if count > 0 { app.cursor = (app.cursor + delta + count) % count }
            case .unknown(let line):
                status = "unknown command: \(line) (tab NAME, open IDENTIFIER, back, compose, dismiss, quit)"
            case .none:
                continue
            }
            if case .quit = command { break }
            if changed { save() }
            if let failure = failures.take() { status = failure }
            screen.draw(renderer().lines(app, status: status))
        }
        // Quit, or the end of input: everything submitted is durable before the process ends.
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { try await autosaver.flush() } catch { failures.set("not saved: \(error)") }
            done.signal()
        }
        done.wait()
        if let failure = failures.take() {
            FileHandle.standardError.write(Data("restack-mail: \(failure)\n".utf8))
        }
    }

    /// What a line of input asks.
    enum Command {
        case tab(String), open(String), back, compose, dismiss, quit, move(Int), unknown(String), none
    }

    static func command(for line: String?) -> Command? {
        guard let line else { return nil }
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch (words.first, words.count) {
        case (nil, _): return Command.none
        case ("tab", 2): return .tab(words[1])
        case ("open", 2): return .open(words[1])
        case ("back", 1): return .back
        case ("compose", 1): return .compose
        case ("dismiss", 1): return .dismiss
        case ("quit", 1): return .quit
        default: return .unknown(String(line.prefix(80)))
        }
    }

    static func command(for key: Terminal.Key?, app: inout MailApp) -> Command? {
        guard let key else { return nil }
        switch key {
        case .up: return .move(-1)
        case .down: return .move(1)
        case .enter:
            let items = MailApp.items(of: app.activeScreen, version: app.version)
            return items.indices.contains(app.cursor) ? .open(items[app.cursor].id) : Command.none
        case .back: return .back
        case .tab: return .tab(app.tab == .mail ? "settings" : "mail")
        case .escape, .character("d"): return .dismiss
        case .character("c"): return .compose
        case .character("q"): return .quit
        case .character("1"): return .tab("mail")
        case .character("2"): return .tab("settings")
        default: return Command.none
        }
    }

    /// `restack-mail/mail.sqlite` in the per-user data folder: `$XDG_DATA_HOME` or
    /// `~/.local/share` on Linux, `~/Library/Application Support` on macOS. The folder is created.
    static func defaultStorePath() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let home = URL(fileURLWithPath: NSHomeDirectory())
        #if os(macOS)
        let base = home.appendingPathComponent("Library/Application Support")
        #else
        let base = environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) } ?? home.appendingPathComponent(".local/share")
        #endif
        let folder = base.appendingPathComponent("restack-mail")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("mail.sqlite").path
    }
}

/// Where the screen goes: redrawn in place on a terminal, printed one after another otherwise
/// (trailing spaces trimmed, a blank line after each).
struct Display {
    let interactive: Bool

    func draw(_ lines: [String]) {
        if interactive {
            Terminal.write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
        } else {
            let trimmed = lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
            Terminal.write(trimmed.joined(separator: "\n") + "\n\n")
        }
    }
}

/// A store the app cannot use: said in one line (no usage text), exit status 1.
struct StoreFailure: Error, CustomStringConvertible {
    var description: String
}

/// The autosaver's latest failure, for the status line (set off the main thread).
final class FailureNote: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?

    func set(_ value: String) {
        lock.lock(); defer { lock.unlock() }
        text = value
    }

    func take() -> String? {
        lock.lock(); defer { lock.unlock() }
        defer { text = nil }
        return text
    }
}
