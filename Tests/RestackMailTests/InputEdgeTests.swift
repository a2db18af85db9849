import Foundation
import RestackStore
import RestackTestSupport
import Testing

/// restack-mail's input and options at their edges, as a scripted user meets them: lines ended by
/// `\r\n`, a last line without its newline, an empty line, standard input that cannot be read,
/// `--help`, options it refuses, and the store's default place.
@Suite("restack-mail's input and options at their edges")
struct InputEdgeTests {
    /// Runs the app with `input` (bytes as they are) on standard input, from a file or the given
    /// path; killed after 20 s (a test that hangs fails instead).
    static func run(_ arguments: [String], input: String? = nil, inputPath: String? = nil,
                    environment: [String: String?] = [:]) throws -> MailProcess.Result {
        let folder = try TemporaryFolder(prefix: "restack-mail-input")
        let path = inputPath ?? folder.path("input")
        if inputPath == nil { _ = FileManager.default.createFile(atPath: path, contents: Data((input ?? "").utf8)) }
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        return MailProcess.Result(try ChildProcess.run(MailProcess.binary.path, arguments, environment: merged, stdin: .file(path), timeout: 20))
    }

    @Test func linesEndedByCRLFAndALastLineWithoutItsNewlineAreCommands() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let result = try Self.run(["--db", db, "--width", "120"], input: "open inbox\r\nopen message-2")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(LaunchStatusTests.statuses(result.stdout) == ["new session window-1: nothing saved yet", "opened inbox", "opened message-2"], "\(result.stdout)")
        #expect(MailProcess.storeShows("message-2", db: db))
    }

    /// An empty line asks nothing: the screen is not drawn again.
    @Test func anEmptyLineDoesNothing() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let result = try Self.run(["--db", db, "--width", "120"], input: "\n   \nopen inbox\n\nquit\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(LaunchStatusTests.statuses(result.stdout) == ["new session window-1: nothing saved yet", "opened inbox"], "\(result.stdout)")
    }

    /// Standard input that cannot be read (a folder) ends the session as the end of input does:
    /// the first screen drawn, exit status 0, no hang, the store closed.
    @Test func standardInputThatCannotBeReadEndsTheSession() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let result = try Self.run(["--db", db, "--width", "120"], inputPath: folder.url.path)
        #expect(result.status == 0 && !result.killedBySignal, "\(result.stderr)")
        #expect(LaunchStatusTests.statuses(result.stdout) == ["new session window-1: nothing saved yet"], "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("mail.sqlite") } == ["mail.sqlite"])
    }

    @Test func helpIsPrintedOnStandardOutputWithStatusZero() throws {
        let result = try Self.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: restack-mail"), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func aWidthThatIsNoNumberAndAnEmptySessionAreRefused() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        let width = try Self.run(["--db", db, "--width", "wide"])
        #expect(width.status == 64)
        #expect(width.stderr == "restack-mail: error: --width must be a whole number of columns in 30...1000, found wide (see restack-mail --help)\n", "\(width.stderr)")
        let session = try Self.run(["--db", db, "--session", ""])
        #expect(session.status == 64)
        #expect(session.stderr == "restack-mail: error: --session must not be empty (see restack-mail --help)\n", "\(session.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "a refused launch creates no store")
    }

    /// Without --db the store is `restack-mail/mail.sqlite` in `$XDG_DATA_HOME` (here; the
    /// fallback, `~/.local/share`, is the user's real home: not written by a test); the folder is
    /// created.
    @Test func theDefaultStoreIsInTheUsersDataFolder() throws {
        let home = try TemporaryFolder()
        let data = home.path("data")
        let xdg = try Self.run(["--width", "120"], input: "quit\n", environment: ["XDG_DATA_HOME": data])
        #expect(xdg.status == 0, "\(xdg.stderr)")
        #expect(FileManager.default.fileExists(atPath: data + "/restack-mail/mail.sqlite"), "\(xdg.stdout)")
        let first = xdg.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("restack-mail: store /") && first.hasSuffix("/data/restack-mail/mail.sqlite"), "\(first)")
    }
}
