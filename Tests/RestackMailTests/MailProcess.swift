import Foundation
import Restack
import RestackStore
import RestackTestSupport

/// Runs the built `restack-mail`: scripted through a pipe, or in a tmux pseudo-terminal.
enum MailProcess {
    /// The binary: `$RESTACK_MAIL` if set, else the example package built for these tests
    /// (``ExampleBuild``, once per test process).
    static var binary: URL {
        get throws { try ExampleBuild.restackMail() }
    }

    struct Result {
        var status: Int32
        var killedBySignal: Bool
        var stdout: String
        var stderr: String

        init(_ output: ChildProcess.Output) {
            status = output.termination.status
            if case .signalled = output.termination { killedBySignal = true } else { killedBySignal = false }
            stdout = output.stdoutText
            stderr = output.stderrText
        }
    }

    /// Runs the app with `commands` on standard input (one per line) to the end.
    static func script(_ arguments: [String], commands: [String], environment: [String: String] = [:]) throws -> Result {
        let output = try ChildProcess.run(binary.path, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                                          input: Data(commands.map { $0 + "\n" }.joined().utf8))
        return Result(output)
    }

    /// Starts the app with standard input a pipe kept open and standard output a file, writes
    /// `command`, waits until the output shows `shows`, sends `signal`; returns the exit status
    /// (negative: killed by that signal).
    static func signalled(_ arguments: [String], after command: String, shows: String, signal number: Int32) throws -> Int32 {
        let folder = try TemporaryFolder(prefix: "restack-mail-output")
        let outputPath = folder.path("stdout")
        let process = try ChildProcess(binary.path, arguments, stdin: .pipe, stdout: .file(outputPath), stderr: .nullDevice)
        process.write(Data((command + "\n").utf8))
        let shown = waitUntil(timeout: 10) {
            (try? String(contentsOfFile: outputPath, encoding: .utf8))?.contains(shows) ?? false
        }
        process.send(shown == nil ? SIGKILL : number)
        // An app that does not end on the signal (one that left it blocked, as the parent
        // handed it over) fails the test instead of hanging it: killed after 10 s.
        if waitUntil(timeout: 10, { !process.isRunning }) == nil { process.send(SIGKILL) }
        let termination = process.wait()
        process.closeInput()
        switch termination {
        case .exited(let status): return status
        case .signalled(let signal): return -signal
        case .unknown: throw Tmux.Failure(description: "restack-mail's end is unknown: \(termination)")
        }
    }

    /// A saved screen, as the app saves one: the identifier of the content it shows as its
    /// record's identifier and, as JSON, its payload, under `className`.
    static func record(_ id: String, _ className: String) -> RestorationRecord {
        RestorationRecord(identifier: id, className: className, payload: try? RecordPayload.encode(id))
    }

    /// Saves, as the app's session, the app's window with Inbox open in Mail, `detail` on the
    /// split's detail side (focused), and `settings` in Settings; as a crafted or older store
    /// would hold it.
    static func saveWindow(at db: String, detail: [RestorationRecord], settings: [RestorationRecord] = []) throws {
        let mail = RestorationRecord(identifier: "mail", className: "MailSplit", container: .split(SplitContainer(
            primary: [record("inbox", "FolderController")], detail: detail, focus: .detail)))
        let settingsTab = RestorationRecord(identifier: "settings", className: "SettingsStack", container: .stack(StackContainer(records: settings)))
        let window = RestorationRecord(identifier: "window", className: "MainWindow", container: .tabs(TabsContainer(tabs: [mail, settingsTab], selected: 0)))
        try SnapshotStore(path: db).save(RestorationTree(root: .presentation(PresentationContainer(base: window, presented: []))), session: "window-1")
    }

    /// Whether the newest restorable snapshot of the app's session holds a record with this
    /// identifier, read as another process would (read-only).
    static func storeShows(_ identifier: String, db: String) -> Bool {
        guard let store = try? SnapshotStore(readingAt: db),
              let restoration = (try? store.restore(session: "window-1"))?.restoration else { return false }
        return restoration.snapshot.tree.allRecords.contains { $0.record.identifier == identifier }
    }

    /// The lines of `restore-inspect report --db` on the app's store.
    static func report(db: String) throws -> [String] {
        let inspector = builtExecutable(named: "restore-inspect", overriddenBy: "RESTORE_INSPECT")
        let text = try ChildProcess(inspector.path, ["report", "--db", db], stdout: .pipe, stderr: .nullDevice).finish().stdoutText
        return text.split(separator: "\n").map(String.init)
    }

    /// Waits up to `timeout` seconds for `condition`; returns how long it took, or `nil`.
    static func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) -> TimeInterval? {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if condition() { return Date().timeIntervalSince(start) }
            usleep(20_000)
        }
        return condition() ? Date().timeIntervalSince(start) : nil
    }
}

/// A tmux server of its own (a private socket), holding one session that runs a command in a
/// pseudo-terminal of a given size; keys go in with send-keys, the screen comes out with
/// capture-pane.
final class Tmux {
    static let path = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { path != nil }

    let socket = "restack-mail-tests-\(UUID().uuidString.prefix(8))"
    let session = "mail"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `arguments` (the binary and its arguments) in a `width` x `height` terminal.
    func start(_ arguments: [String], width: Int = 120, height: Int = 30) throws {
        let command = "exec " + arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        // The server this starts keeps its standard streams: they must not be pipes we read to the
        // end. Its error output goes to a file, so that a failure says why; a server that could not
        // start (seen once in a full run on a loaded machine, exit 1) is tried again.
        guard let path = Self.path else { throw Failure(description: "tmux is not installed") }
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).stderr").path
        defer { try? FileManager.default.removeItem(atPath: errors) }
        var failure: (any Error)?
        for attempt in 0..<3 {
            if attempt > 0 {
                stop()
                usleep(200_000)
            }
            do {
                try Self.spawn(path, ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", session,
                                                     "-x", "\(width)", "-y", "\(height)", command], stderr: errors)
                return
            } catch {
                let reason = (try? String(contentsOfFile: errors, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                failure = Failure(description: "\(error)\(reason.isEmpty ? "" : ": \(reason)")")
            }
        }
        throw failure!
    }

    func keys(_ keys: String...) throws {
        _ = try run(["send-keys", "-t", session] + keys)
    }

    /// The screen as text; with `escapes`, with its attributes as escape sequences (`\e[7m`).
    func screen(escapes: Bool = false) throws -> String {
        try run(["capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", session])
    }

    /// Resizes the terminal, as a user dragging its corner would (the app gets SIGWINCH).
    func resize(width: Int, height: Int) throws {
        _ = try run(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The process running in the pane.
    func pid() throws -> pid_t {
        let text = try run(["display-message", "-p", "-t", session, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text) else { throw Failure(description: "no pane pid in \(text)") }
        return pid
    }

    /// Waits (up to 10 s) until the screen shows `text`; returns the screen.
    @discardableResult
    func waitFor(_ text: String) throws -> String {
        var last = ""
        let seen = MailProcess.waitUntil(timeout: 10) {
            last = (try? screen()) ?? ""
            return last.contains(text)
        }
        guard seen != nil else { throw Failure(description: "\"\(text)\" never showed; the screen:\n\(last)") }
        return last
    }

    /// Waits until the session has ended (its process exited).
    func waitForExit() throws {
        guard MailProcess.waitUntil(timeout: 10, { (try? run(["has-session", "-t", session])) == nil }) != nil else {
            throw Failure(description: "the app did not exit")
        }
    }

    func stop() {
        _ = try? run(["kill-server"], capture: false)
    }

    deinit { stop() }

    @discardableResult
    private func run(_ arguments: [String], capture: Bool = true) throws -> String {
        guard let path = Self.path else { throw Failure(description: "tmux is not installed") }
        guard capture else {
            try Self.spawn(path, ["-L", socket] + arguments)
            return ""
        }
        let output = try ChildProcess(path, ["-L", socket] + arguments, stdin: .nullDevice, stdout: .pipe, stderr: .nullDevice).finish()
        guard output.termination == .exited(0) else { throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed") }
        return output.stdoutText
    }

    /// Runs a tmux command that may start a server, and waits for the client. The server it forks
    /// keeps the client's signal mask and descriptors: ChildProcess starts the client with no
    /// signal blocked, default handlers and standard streams on `/dev/null` alone (a server that
    /// inherited a blocked SIGTERM could not be ended by kill-server; one that held a pipe of ours
    /// would keep our reads waiting).
    private static func spawn(_ path: String, _ arguments: [String], stderr: String? = nil) throws {
        let client = try ChildProcess(path, arguments, stdin: .nullDevice, stdout: .nullDevice, stderr: stderr.map { .file($0) } ?? .nullDevice)
        let termination = client.wait()
        guard termination == .exited(0) else { throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(termination))") }
    }
}
