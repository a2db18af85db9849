import Foundation
import Testing

/// The `restore-inspect` commands the README and the getting-started article print, run as
/// written, in order, through a shell (`swift run restore-inspect` is the built binary): each
/// exits 0. The set-up command `swift run restore-inspect demo` comes first in each, so that the
/// commands after it find the demo store and its class lists where it writes them.
@Suite("the documents' commands run as written")
struct DocumentedCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let prefix = "swift run restore-inspect"

    /// The documents whose commands a reader runs as a walkthrough.
    static let documents = ["README.md", "Sources/RestackStore/RestackStore.docc/InspectingAStore.md"]

    /// The `restore-inspect` commands of a document's `sh` blocks, in order, continued lines
    /// joined.
    static func commands(in document: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        var result: [String] = []
        var inShell = false
        var pending = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inShell = trimmed == "```sh"
                continue
            }
            guard inShell else { continue }
            if !pending.isEmpty || trimmed.hasPrefix(prefix) {
                pending += pending.isEmpty ? trimmed : " " + trimmed
                if pending.hasSuffix("\\") {
                    pending = String(pending.dropLast()).trimmingCharacters(in: .whitespaces)
                } else {
                    result.append(pending)
                    pending = ""
                }
            }
        }
        return result
    }

    @Test(arguments: documents)
    func everyCommandRunsAsWritten(document: String) throws {
        let commands = try Self.commands(in: document)
        let scratch = try Scratch()   // the working folder: what a command writes to a relative path lands there
        #expect(commands.first?.hasPrefix("\(Self.prefix) demo") == true, "\(document) sets up with the demo first: \(commands)")
        #expect(commands.count >= 3, "\(document): \(commands)")
        for command in commands {
            let shell = #"cd "$SCRATCH" && "$RESTORE_INSPECT_BINARY""# + command.dropFirst(Self.prefix.count)
            let result = try CLI.runTool("/bin/sh", ["-c", shell], environment: ["RESTORE_INSPECT_BINARY": CLI.binary.path, "SCRATCH": scratch.url.path])
            #expect(result.status == 0, "\(document): \(command)\n\(result.stderr)")
            #expect(!result.stdout.isEmpty || command.contains(">"), "\(document): \(command) printed nothing")
        }
    }
}
