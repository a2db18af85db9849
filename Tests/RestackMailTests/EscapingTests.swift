import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// restack-mail escapes every text it draws as restore-inspect escapes it: a typed line, a
/// link's text and identifiers read from the store reach the terminal as `\u{1B}`, never as the
/// control characters themselves (which could retitle or clear the user's terminal).
@Suite("restack-mail escapes what it draws")
struct EscapingTests {
    /// ESC (a title change), BEL, NUL, another C0 control, DEL, RLO and PDF (bidirectional).
    static let hostile = "x\u{1B}]0;owned\u{07}\u{00}\u{01}\u{7F}\u{202E}evil\u{202C}"
    /// The same without NUL, which no command-line argument can hold.
    static let hostileArgument = "x\u{1B}]0;owned\u{07}\u{01}\u{7F}\u{202E}evil\u{202C}"
    static let escapedArgument = #"x\u{1B}]0;owned\u{07}\u{01}\u{7F}\u{202E}evil\u{202C}"#

    /// Whether `text` holds a character a terminal would act on instead of drawing.
    static func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar != "\n" && (scalar.properties.generalCategory == .control || scalar.properties.isBidiControl)
        }
    }

    @Test func aTypedLineIsEscaped() throws {
        let folder = try TemporaryFolder()
        let result = try MailProcess.script(["--db", folder.path("mail.sqlite"), "--width", "120"],
                                            commands: ["tab \(Self.hostile)", "open \(Self.hostile)", Self.hostile, "quit"])
        #expect(result.status == 0)
        #expect(!Self.hasRawControls(result.stdout))
        #expect(result.stdout.contains("no tab x\\u{1B}]0;owned\\u{07}"))
        #expect(result.stdout.contains("no x\\u{1B}]0;owned"))
        #expect(result.stdout.contains("unknown command: x\\u{1B}"))
    }

    @Test func aLinksTextIsEscaped() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        _ = try MailProcess.script(["--db", db], commands: ["quit"])
        let result = try MailProcess.script(["--db", db, "--width", "200", "--open", "window/\(Self.hostileArgument)"], commands: ["quit"])
        #expect(result.status == 0)
        #expect(!Self.hasRawControls(result.stdout))
        #expect(result.stdout.contains("link not opened: no \(Self.escapedArgument)"), "\(result.stdout)")
        // And on stderr, a refused link's text.
        let refused = try MailProcess.script(["--db", db, "--open", "window+\(Self.hostileArgument)"], commands: ["quit"])
        #expect(refused.status == 64)
        #expect(!Self.hasRawControls(refused.stderr.replacingOccurrences(of: "\n", with: "")))
        #expect(refused.stderr.hasPrefix("restack-mail: error: "))
    }

    @Test func identifiersFromTheStoreAreEscaped() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("mail.sqlite")
        try MailProcess.saveWindow(at: db, detail: [MailProcess.record(Self.hostileArgument, "MessageController")], settings: [
            MailProcess.record(Self.hostileArgument, "Unknown\u{1B}[2JController")])

        let result = try MailProcess.script(["--db", db, "--width", "600"], commands: ["quit"])
        #expect(result.status == 0)
        #expect(!Self.hasRawControls(result.stdout))
        #expect(result.stdout.contains("dropped \(Self.escapedArgument) (Unknown\\u{1B}[2JController: unresolved-class)"), "\(result.stdout)")
        #expect(result.stdout.contains("dropped \(Self.escapedArgument) (MessageController: stale-payload: no content \(Self.escapedArgument))"), "\(result.stdout)")
    }
}
