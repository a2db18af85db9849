import Foundation
import RestackTestSupport
import Testing

/// Runs the built `restore-inspect` binary.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        var json: Any? {
            try? JSONSerialization.jsonObject(with: Data(stdout.utf8))
        }
    }

    /// The binary: `$RESTORE_INSPECT` if set, else beside the test bundle in the build folder.
    static let binary = builtExecutable(named: "restore-inspect", overriddenBy: "RESTORE_INSPECT")

    /// Runs the binary; `environment` adds to (or, with `nil` values, removes from) this
    /// process's environment.
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String?] = [:]) throws -> Result {
        try runTool(binary.path, arguments, stdin: stdin, environment: environment)
    }

    /// Runs any program, as ``run(_:stdin:environment:)`` runs the binary.
    static func runTool(_ path: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String?] = [:]) throws -> Result {
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment {
            merged[key] = value
        }
        // Standard input a pipe that gets `stdin` and is closed.
        let output = try ChildProcess.run(path, arguments, environment: merged, input: stdin)
        return Result(status: output.termination.status, stdout: output.stdoutText, stderr: output.stderrText)
    }
}

/// A temporary folder removed after the test.
typealias Scratch = TemporaryFolder

extension TemporaryFolder {
    /// Writes `text` to `name` in the folder and returns its path.
    func write(_ name: String, _ text: String) -> String {
        let path = path(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// A demo store in this folder.
    func demoStore() throws -> String {
        let path = path("demo.sqlite")
        let result = try CLI.run(["demo", "--db", path])
        precondition(result.status == 0, result.stderr)
        return path
    }
}

/// Checks a failure: the documented exit code, one line on stderr, nothing on stdout.
func expectFailure(_ result: CLI.Result, code: Int32, mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == code, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("restore-inspect: error: "), sourceLocation: sourceLocation)
    expectOneLine(result.stderr, sourceLocation: sourceLocation)
    #expect(result.stderr.contains(text), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(!result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
}

/// Checks that `text` is exactly one line that a terminal shows as it is: it ends with its only
/// line break, and holds no other control character (a `\r` or an ESC either), no Unicode line or
/// paragraph separator, and no bidirectional control.
func expectOneLine(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let scalars = Array(text.unicodeScalars)
    #expect(scalars.last == "\n", "ends with a line break: \(text.debugDescription)", sourceLocation: sourceLocation)
    let offending = scalars.dropLast().filter { scalar in
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: scalar.properties.isBidiControl
        }
    }
    #expect(offending.isEmpty, "one clean line, found \(offending.map { "U+\(String($0.value, radix: 16))" }): \(text.debugDescription)",
            sourceLocation: sourceLocation)
}
