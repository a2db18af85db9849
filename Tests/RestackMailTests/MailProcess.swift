import Foundation
import Restack
import RestackStore
import RestackTestSupport

/// Runs the built `restack-mail`: scripted through a pipe, or in a tmux pseudo-terminal.
enum MailProcess {
    /// The binary: `$RESTACK_MAIL` if set, else beside the test bundle in the build folder.
    static let binary = builtExecutable(named: "restack-mail", overriddenBy: "RESTACK_MAIL")

    struct Result {
        var status: Int32
        var killedBySignal: Bool
        var stdout: String
        var stderr: String
    }

    /// Runs the app with `commands` on standard input (one per line) to the end.
    static func script(_ arguments: [String], commands: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(commands.map { $0 + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        // Standard error is small (a line or two): read it after standard output.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                      stdout: String(decoding: data, as: UTF8.self), stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// Starts the app with standard input a pipe kept open and standard output a file, writes
    /// `command`, waits until the output shows `shows`, sends `signal`; returns the exit status
    /// (negative: killed by that signal).
    static func signalled(_ arguments: [String], after command: String, shows: String, signal number: Int32) throws -> Int32 {
        let folder = try TemporaryFolder(prefix: "restack-mail-output")
        let outputPath = folder.path("stdout")
        guard FileManager.default.createFile(atPath: outputPath, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try output.close()
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        let shown = waitUntil(timeout: 10) {
            (try? String(contentsOfFile: outputPath, encoding: .utf8))?.contains(shows) ?? false
        }
        kill(process.processIdentifier, shown == nil ? SIGKILL : number)
        // An app that does not end on the signal (one that left it blocked, as the parent
        // handed it over) fails the test instead of hanging it: killed after 10 s.
        if waitUntil(timeout: 10, { !process.isRunning }) == nil { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try input.fileHandleForWriting.close()
        return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
    }

    /// A saved record of the app's kind.
    static func record(_ id: String, _ className: String, _ container: RestorationContainer? = nil) -> RestorationRecord {
        RestorationRecord(identifier: id, className: className, container: container)
    }

    /// Saves, as the app's session, the app's window with Inbox open in Mail, `detail` on the
    /// split's detail side (focused), and `settings` in Settings; as a crafted or older store
    /// would hold it.
    static func saveWindow(at db: String, detail: [RestorationRecord], settings: [RestorationRecord] = [record("general", "SettingsController")]) throws {
        let mail = record("mail", "MailSplit", .split(SplitContainer(
            primary: [record("mailboxes", "MailboxesController"), record("inbox", "FolderController")], detail: detail, focus: .detail)))
        let settingsTab = record("settings", "SettingsStack", .stack(StackContainer(records: settings)))
        let window = record("window", "MainWindow", .tabs(TabsContainer(tabs: [mail, settingsTab], selected: 0)))
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
        let process = Process()
        process.executableURL = builtExecutable(named: "restore-inspect", overriddenBy: "RESTORE_INSPECT")
        process.arguments = ["report", "--db", db]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
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
        // The server this starts keeps its standard streams: they must not be pipes we read to the end.
        _ = try run(["-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)", command], capture: false)
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-L", socket] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed") }
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs a tmux command that may start a server, and waits for the client. Not through
    /// Foundation's Process, for two reasons: the server it forks would inherit the signal mask of
    /// the test's thread (SIGTERM and SIGHUP blocked: kill-server could never end it) and the
    /// socket through which Process learns that its child ended (it would wait forever). So:
    /// posix_spawn with an empty signal mask and default handlers, through bash, which closes
    /// every descriptor above 2 before it becomes tmux.
    private static func spawn(_ path: String, _ arguments: [String]) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2, SIGWINCH] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        let closeAll = #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done; exec "$0" "$@""#
        let argv = (["/bin/bash", "-c", closeAll, path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/bin/bash", &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot start tmux: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else { throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status))") }
    }
}
