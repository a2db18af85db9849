import Foundation
import RestackTestSupport
import Testing

/// Every shell command of the README and of every DocC article, run as written, in order, one
/// document after another, through `/bin/sh` in a scratch working folder, with a `/tmp` of its
/// own (as on a fresh machine: `/tmp/` in a command, and the demo's default store, are there):
/// each exits 0, and a command shown with its output (`$ COMMAND` in a console or text block, the
/// lines after it up to the next `$` or the block's end) prints exactly that output.
///
/// `swift run TOOL` runs the built tool (a `swift` on the `PATH` that knows only `run`), so that the
/// commands are the ones a reader types in the package's folder; `swift run --package-path
/// Examples/RestackMail restack-mail` runs the example app, built by ``ExampleBuild``. The few commands that run the
/// test suite or a release build are listed in ``notRunHere``, each with why; a listed command that
/// no document has any more fails the test, so that the list cannot grow stale.
@Suite("the documents' commands run as written", .serialized)
struct DocumentedCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Commands a document shows that this test does not run (by their start), and why.
    static let notRunHere: [(start: String, why: String)] = [
        ("swift test", "the test suite itself"),
        ("RESTORE_INSPECT=\"$PWD/.build/debug/restore-inspect\" swift test", "the test suite itself, on a given binary"),
        ("swift build -c release", "a release build and the bench (CI runs the bench's quick mode)"),
        (".build/release/restack-bench", "the release bench (CI runs its quick mode)"),
        ("bash Fuzz/run.sh", "the fuzz targets: a libFuzzer build and minutes of fuzzing (CI runs them 12 s each)"),
        (#""$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov" report"#, "the coverage of a suite run with --enable-code-coverage"),
    ]

    /// The README and every article of the two catalogs (found, not listed, so that a new article
    /// cannot escape the check).
    static var documents: [String] {
        get throws { try documentationFiles(in: root) }
    }

    /// A command of a document, with the output it shows, if any.
    struct Command: CustomStringConvertible {
        var line: String
        var output: [String]?

        var description: String { line }
    }

    /// The commands of a document, in order: every line of its `sh` blocks (comments and blank
    /// lines aside, continued lines joined), and every `$ ` line of its other blocks with the
    /// output shown after it.
    static func commands(in text: String) -> [Command] {
        var result: [Command] = []
        var fence: String?
        var pending = ""
        var showingOutput = false   // the lines after a `$ ` line, up to the block's end
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                fence = fence == nil ? String(trimmed.dropFirst(3)) : nil
                showingOutput = false
                continue
            }
            guard let language = fence, language != "swift" else { continue }
            if language == "sh" {
                guard !pending.isEmpty || !(trimmed.isEmpty || trimmed.hasPrefix("#")) else { continue }
                pending += pending.isEmpty ? trimmed : " " + trimmed
                if pending.hasSuffix("\\") {
                    pending = String(pending.dropLast()).trimmingCharacters(in: .whitespaces)
                } else {
                    result.append(Command(line: pending))
                    pending = ""
                }
            } else if trimmed.hasPrefix("$ ") {
                result.append(Command(line: String(trimmed.dropFirst(2)), output: []))
                showingOutput = true
            } else if showingOutput {
                result[result.count - 1].output?.append(String(line))
            }
        }
        return result
    }

    /// A folder whose `swift` runs the built tools: `swift run TOOL ARGUMENTS`, and
    /// `swift run --package-path Examples/RestackMail restack-mail ARGUMENTS`; anything else fails.
    static func toolFolder(in scratch: TemporaryFolder) throws -> String {
        let bin = scratch.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let tools = [
            "restore-inspect": CLI.binary.path,
            "restack-mail": try ExampleBuild.restackMail().path,
        ]
        var script = "#!/bin/sh\n"
        script += "if [ \"$1 $2 $3 $4\" = 'run --package-path Examples/RestackMail restack-mail' ]; then shift 3; set -- run \"$@\"; fi\n"
        script += "case \"$1 $2\" in\n"
        for (name, path) in tools.sorted(by: { $0.key < $1.key }) {
            script += "'run \(name)') shift 2; exec '\(path)' \"$@\" ;;\n"
            try FileManager.default.createSymbolicLink(atPath: "\(bin)/\(name)", withDestinationPath: path)
        }
        script += "*) echo \"swift $*: not a command this test runs\" >&2; exit 97 ;;\nesac\n"
        let swift = "\(bin)/swift"
        _ = FileManager.default.createFile(atPath: swift, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
        return bin
    }

    @Test func everyCommandOfEveryDocumentRunsAsWritten() throws {
        let scratch = try Scratch()
        let bin = try Self.toolFolder(in: scratch)
        let path = "\(bin):" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var skipped: Set<String> = []
        var ran = 0
        for (index, document) in try Self.documents.enumerated() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            let commands = Self.commands(in: text)
            if commands.contains(where: { $0.line.contains("/tmp/restack-demo") || Self.usesDemoOption($0.line) }) {
                #expect(commands.first { $0.line.contains("restore-inspect") }?.line.hasPrefix("swift run restore-inspect demo") == true,
                        "\(document) uses the demo store: it writes it first, with `swift run restore-inspect demo`: \(commands)")
            }
            // Each document in a working folder of its own: what a command writes to a relative
            // path lands there, and no document finds what another left.
            let folder = scratch.path("document-\(index)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // A fresh machine's /tmp: the document's own, so that no store another build left in
            // the real /tmp (a newer schema, another demo) decides the outcome.
            let tmp = scratch.path("tmp-\(index)")
            try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
            for command in commands {
                if let skip = Self.notRunHere.first(where: { command.line.hasPrefix($0.start) }) {
                    skipped.insert(skip.start)
                    continue
                }
                let line = Self.withPrivateTmp(command.line, tmp)
                let result = try CLI.runTool("/bin/sh", ["-c", #"cd "$DOCUMENT_FOLDER" && "# + line],
                                             environment: ["PATH": path, "DOCUMENT_FOLDER": folder])
                ran += 1
                #expect(result.status == 0, "\(document): \(command.line)\n\(result.stderr)")
                if let output = command.output, !output.isEmpty {
                    let printed = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                    let shown = output.map { $0.trimmingCharacters(in: .whitespaces) }
                    #expect(Array(printed.prefix(shown.count)) == shown && printed.dropFirst(shown.count).allSatisfy(\.isEmpty),
                            "\(document): \(command.line) printed\n\(result.stdout)\nnot what the document shows:\n\(output.joined(separator: "\n"))")
                }
            }
        }
        #expect(Set(Self.notRunHere.map(\.start)) == skipped, "listed as not run but in no document: \(Set(Self.notRunHere.map(\.start)).subtracting(skipped))")
        #expect(ran >= 20, "\(ran) commands ran")
    }

    /// A command with `/tmp/` as `tmp`, and the demo's default store there too (`demo` writes
    /// `/tmp/restack-demo.sqlite` when given no `--db`, and `--demo` reads it).
    static func withPrivateTmp(_ command: String, _ tmp: String) -> String {
        var line = command.replacingOccurrences(of: "/tmp/", with: "\(tmp)/")
        let demo = "swift run restore-inspect demo"
        if line.hasPrefix(demo), !line.contains("--db") {
            line = "\(demo) --db \(tmp)/restack-demo.sqlite" + line.dropFirst(demo.count)
        }
        if usesDemoOption(line), !line.contains("--db") {
            line = line.replacingOccurrences(of: " --demo", with: " --demo --db \(tmp)/restack-demo.sqlite")
        }
        return line
    }

    /// Whether a command reads the demo store by `--demo`.
    static func usesDemoOption(_ line: String) -> Bool {
        line.hasPrefix("swift run restore-inspect ") && line.split(separator: " ").contains("--demo")
    }

    /// The extraction itself: sh lines joined and commented, console commands with their output.
    @Test func theCommandsOfADocumentAreItsShellLinesAndDollarLines() {
        let text = """
            ```sh
            # set up
            swift run restore-inspect demo   # a comment
            swift run restore-inspect plan --db x \\
                --session y
            ```

            ```console
            $ echo a
            a
            $ true
            ```

            ```swift
            $ not a command
            ```

            ```text
            not the output of `true`
            ```
            """
        let commands = Self.commands(in: text)
        #expect(commands.map(\.line) == ["swift run restore-inspect demo   # a comment", "swift run restore-inspect plan --db x --session y", "echo a", "true"])
        #expect(commands.map(\.output) == [nil, nil, ["a"], []])
    }
}
