import ArgumentParser
import Foundation
import Observation
import Restack
import RestackStore

/// `restack-mail`: a terminal mail client whose navigation survives `kill -9` and an update,
/// built only on Restack's and RestackStore's public API (its package depends on their library
/// products alone): Restack's example app. Its navigation is a `NavigationModel` of
/// ``MailNavigation``.
struct RestackMail: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restack-mail",
        abstract: "A terminal mail client whose navigation survives kill -9 and updates (Restack's example app).",
        discussion: """
            Keys: up/down move, Enter opens, Left or Backspace goes back, Tab switches tabs, c composes, \
            d or Esc dismisses, q quits. When standard input is not a terminal it reads one command per \
            line (tab NAME, open IDENTIFIER, back, compose, dismiss, quit) and prints the screen after each. \
            Every exit (q, the end of input, SIGTERM, SIGHUP, SIGINT, an error) saves and closes the store; \
            a signal exits 128 + its number. Errors are one line on stderr, control characters escaped: \
            64 usage error, 1 store unusable.
            """
    )

    /// The widths the app draws in.
    static let widths = Renderer.minimumColumns...1000

    @Option(help: "The store file. Default: restack-mail/mail.sqlite in the per-user data folder.")
    var db: String?

    // Read as text, so that a negative number is a value to refuse with the range, not a flag.
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Draw for this many columns, \(widths.lowerBound) to \(widths.upperBound) (below 100: compact layout). Default: the terminal's width, or 80.",
        valueName: "width"))
    var width: String?

    @Option(name: .customLong("app-version"), parsing: .unconditional, help: ArgumentHelp(
        "The release to run: 1, or 2 (MessageController renamed, AttachmentController removed).", valueName: "version"))
    var appVersion = "1"

    @Option(help: "The window's session in the store.")
    var session = "window-1"

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Open a deep link at launch, over the restored state: identifiers to reveal from the root, then records to push, as window/mail+message-2 (or the link's JSON).",
        valueName: "link"))
    var open: String?

    @Flag(help: .hidden)
    var crashWhileRebuilding = false

    /// The release, once validated.
    var version: AppVersion { AppVersion(number: Int(appVersion) ?? 1) }
    /// `--width`, once validated.
    var columns: Int? { width.flatMap { Int($0) } }

    func validate() throws {
        guard let number = Int(appVersion), (1...2).contains(number) else {
            throw ValidationError("--app-version must be 1 or 2, found \(appVersion)")
        }
        if let width, !(Int(width).map(Self.widths.contains) ?? false) {
            throw ValidationError("--width must be a whole number of columns in \(Self.widths.lowerBound)...\(Self.widths.upperBound), found \(width)")
        }
        guard !session.isEmpty else { throw ValidationError("--session must not be empty") }
        if let open {
            guard !open.allSatisfy(\.isWhitespace) else {
                throw ValidationError("--open must not be empty: give a link, such as window/mail+message-2")
            }
            do { _ = try LinkParser(version: version).link(open) } catch { throw ValidationError("\(error)") }
        }
    }

    /// How the session ended.
    enum Ending {
        case quit, endOfInput
        case signal(Int32)

        /// The exit status: 0, or 128 + the signal's number, as a shell reports a killed process.
        var status: Int32 {
            if case .signal(let number) = self { 128 + number } else { 0 }
        }
    }

    /// Runs the app; returns the exit status. Whatever ends it, the store is closed before this
    /// returns, so that the folder holds the `.sqlite` file alone.
    @MainActor
    func launch() async throws -> Int32 {
        // A closed standard output (a pager quit early) must not kill the app before it saves.
        signal(SIGPIPE, SIG_IGN)
        let interactive = Terminal.inputIsTerminal
        // First, so that a polite kill at any moment from here ends as `quit` does.
        SignalPipe.install(resize: interactive)
        let path = try db ?? Self.defaultStorePath()
        let store: SnapshotStore
        do {
            // The app's version, in its one place: every snapshot saved and every outcome
            // recorded at a confirmation carry it.
            var options = SnapshotStore.Options()
            options.appVersion = version.name
            store = try SnapshotStore(path: path, options: options)
        } catch {
            throw StoreFailure(description: "cannot open the store: \(error)")
        }
        let ending: Result<Ending, any Error>
        do {
            ending = .success(try await run(store: store, interactive: interactive))
        } catch {
            ending = .failure(error)
        }
        // The app opened the store: it closes it. Everything saved is then in the file.
        do { try await store.close() } catch { Entry.line("restack-mail: " + Escaping.escaped("\(error)")) }
        return try ending.get().status
    }

    /// The session: the launch's restore (the model's), a deep link, then one command per key or
    /// line until quit, the end of input or a stopping signal; then a flush.
    @MainActor
    private func run(store: SnapshotStore, interactive: Bool) async throws -> Ending {
        Terminal.write("restack-mail: store \(Escaping.escaped(store.path))\n")
        let style = interactive && Terminal.allowsStyle
        let renderer = { Renderer(width: columns ?? Terminal.size?.columns ?? 80, style: style) }
        let version = self.version
        let link = try open.map { try LinkParser(version: version).link($0) }

        // snippet: mail-launch
        // The launch: the model restores the session now, before the first screen is drawn.
        let navigation = NavigationModel(MailNavigation(), store: store, session: session, coding: version.coding,
                                         saveInterval: .milliseconds(500))
        var status = try LaunchStatus.describe(answer: navigation.answer, error: navigation.error, session: session, version: version)
        if let link {
            let merged = navigation.open(path: link.path, push: link.push)
            status += "; " + LaunchStatus.describe(link: link, merged: merged, error: navigation.error,
                                                  app: MailApp(version: version, navigation: navigation.state), version: version)
        }
        var app = MailApp(version: version, navigation: navigation.state)
        // end snippet
        if store.isReadOnly { status = "read-only store: changes are not saved, crash-loop guard off; " + status }
        if crashWhileRebuilding, navigation.restored != nil {
            // A test-only switch: killed while the restored screens are made, as an app that crashes
            // on a restored state would, before the model confirmed the launch.
            Entry.line("restack-mail: crashing while rebuilding (--crash-while-rebuilding)")
            kill(getpid(), SIGKILL)
        }

        let screen = Display(interactive: interactive)
        if interactive { Terminal.enableRawMode() }
        defer { if interactive { Terminal.restore() } }
        func draw() {
            if interactive, let size = Terminal.size, size.columns < Renderer.minimumColumns || size.rows < Renderer.minimumRows {
                screen.draw(Renderer.tooSmall(columns: size.columns, rows: size.rows))
            } else {
                screen.draw(renderer().lines(app, status: status))
            }
        }
        draw()

        let (events, sink) = AsyncStream<Event>.makeStream()
        Event.read(interactive: interactive, into: sink)
        // A failed save (or confirmation) is the model's observable `error`: said on the status
        // line as it happens. (A read-only store said so once, at launch.)
        func watchForFailures() {
            withObservationTracking { _ = navigation.error } onChange: { sink.yield(.modelChanged) }
        }
        watchForFailures()
        var ending = Ending.endOfInput
        loop: for await event in events {
            let command: Command
            switch event {
            case .input(.end): ending = .endOfInput; break loop
            case .input(.stop(let number)): ending = .signal(number); break loop
            case .input(.resized): draw(); continue loop
            case .input(.key(let key)): command = .of(key, app: app)
            case .input(.line(let line)): command = .parse(line)
            case .modelChanged:
                watchForFailures()
                if let error = navigation.error, !store.isReadOnly {
                    status = "not saved: \(error)"
                    draw()
                }
                continue loop
            }
            if case .quit = command { ending = .quit; break loop }
            if case .none = command { continue loop }
            // snippet: mail-command
            if apply(command, to: &app, status: &status) {
                navigation.state = app.navigation       // one change, saved
            }
            // end snippet
            draw()
        }
        // snippet: mail-exit
        // Quit, the end of input or a signal: the launch confirmed, everything saved.
        await navigation.flush()
        if let error = navigation.error, !store.isReadOnly {
            Entry.line("restack-mail: " + Escaping.escaped("not saved: \(error)"))
        }
        // end snippet
        return ending
    }

    /// Does what `command` asks; says so in `status`. Returns whether the navigation changed.
    private func apply(_ command: Command, to app: inout MailApp, status: inout String) -> Bool {
        let compact = (columns ?? Terminal.size?.columns ?? 80) < Renderer.compactBelow
        var changed = false
        switch command {
        case .quit, .none:
            break
        case .tab(let name):
            if let tab = MailNavigation.Tab(rawValue: name.lowercased()) {
                changed = app.select(tab)
                status = changed ? "tab \(tab.rawValue)" : "already on \(tab.rawValue)"
            } else {
                status = "no tab \(name) (mail, settings)"
            }
        case .open(let id):
            if let problem = app.open(id, compact: compact) { status = problem } else { changed = true; status = "opened \(id)" }
        case .back:
            changed = app.back()
            status = changed ? "back to \(Renderer.title(app.activePage))" : "nothing to go back to"
        case .compose:
            changed = app.presentCompose()
            status = changed ? "compose sheet" : "already composing"
        case .dismiss:
            changed = app.dismiss()
            status = changed ? "dismissed" : "nothing to dismiss"
        case .move(let delta):
            let count = MailApp.items(of: app.activePage, version: app.version).count
            if count > 0 { app.cursor = (app.cursor + delta + count) % count }
        case .unknown(let line):
            status = "unknown command: \(line) (tab NAME, open IDENTIFIER, back, compose, dismiss, quit)"
        case .unbound(let key):
            status = "\(key) does nothing here. Keys: \(Renderer.keyHelp)"
        }
        return changed
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
struct StoreFailure: Error, Equatable, CustomStringConvertible {
    var description: String
}
