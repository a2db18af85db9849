import Foundation
import Testing

/// `demo`'s follow-up commands: each at most 160 characters with a store named as the default
/// one, each running as printed through a shell, with the class lists the demo writes.
@Suite("restore-inspect demo's commands")
struct DemoCommandTests {
    @Test func everyFollowUpCommandFitsIn160CharactersAndRunsAsPrinted() throws {
        // As long a path as the default, /tmp/restack-demo.sqlite, and unique to this run.
        let stem = "/tmp/rdemo-" + UUID().uuidString.prefix(6).lowercased()
        #expect(stem.count == "/tmp/restack-demo".count)
        defer {
            for suffix in [".sqlite", ".sqlite-wal", ".sqlite-shm", ".known-classes", ".aliases"] {
                try? FileManager.default.removeItem(atPath: stem + suffix)
            }
        }
        let demo = try CLI.run(["demo", "--db", stem + ".sqlite"])
        #expect(demo.status == 0, "\(demo.stderr)")
        let prefix = "swift run restore-inspect "
        let commands = demo.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(prefix) }
        #expect(commands.count == 5, "\(demo.stdout)")
        #expect(commands.contains { $0.contains("--known-classes-file \(stem).known-classes") })
        #expect(commands.contains { $0.contains("--aliases-file \(stem).aliases") })
        for command in commands {
            #expect(command.count <= 160, "\(command.count) characters: \(command)")
            #expect(!command.contains("--known-class "), "the class list is in its file: \(command)")
            // As printed, through a shell: `swift run restore-inspect` is the built binary.
            let shell = #""$RESTORE_INSPECT_BINARY" "# + command.dropFirst(prefix.count)
            let result = try CLI.runTool("/bin/sh", ["-c", shell], environment: ["RESTORE_INSPECT_BINARY": CLI.binary.path])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(!result.stdout.isEmpty, "\(command)")
        }
        // The lists are the demo app's: a class a line, and OLD=NEW a line.
        let known = try String(contentsOfFile: stem + ".known-classes", encoding: .utf8)
        #expect(known.hasPrefix("MailboxesController\nInboxController\n") && known.hasSuffix("MailApp.Mailbox\n"))
        #expect(try String(contentsOfFile: stem + ".aliases", encoding: .utf8) == "PreferencesController=SettingsController\n")
    }

    /// The default store is in /tmp, so that the commands the documents print (and the demo's)
    /// are the same on every machine and short.
    @Test func theDefaultStoreIsInTmp() throws {
        let help = try CLI.run(["demo", "--help"])
        #expect(help.stdout.contains("/tmp/restack-demo.sqlite"), "\(help.stdout)")
    }
}
