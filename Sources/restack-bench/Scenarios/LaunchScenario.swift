import Foundation
import RestackTestSupport

/// Scenario 3: the launch path. A fresh process opens an existing store and restores one session;
/// the whole process is timed from outside, for each subject, interleaved.
struct LaunchScenario {
    var work: URL
    var runs: Int

    func run(into report: inout Report) throws {
        let kinds: [(name: String, arguments: [String])] = [
            ("Restack", ["--kind", "restack", "--path", work.appendingPathComponent("restack-full.sqlite").path]),
            ("raw SQLite", ["--kind", "raw", "--path", work.appendingPathComponent("raw-full.sqlite").path]),
            ("JSON file", ["--kind", "json", "--path", work.appendingPathComponent("json-full").path]),
        ]
        var samples = Array(repeating: Samples(), count: kinds.count)
        progress("launch path: \(runs) fresh processes per subject")
        try interleave(rounds: runs, subjects: kinds.count) { _, index in
            try samples[index].time { try runProcess(selfBinary(), ["probe", "--session", "s7"] + kinds[index].arguments) }
        }
        for (index, kind) in kinds.enumerated() {
            report.add("launch: open + restore (process)", kind.name, samples[index])
        }
    }
}

/// This executable's own path, to start probes.
func selfBinary() -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
}

/// A sibling executable built with this one, such as `restore-inspect`.
func siblingBinary(_ name: String) -> URL {
    selfBinary().deletingLastPathComponent().appendingPathComponent(name)
}

/// Runs a process to completion, its output discarded; throws if it fails.
func runProcess(_ executable: URL, _ arguments: [String]) throws {
    let termination = try ChildProcess(executable.path, arguments, stdout: .nullDevice, stderr: .nullDevice).wait()
    guard termination == .exited(0) else {
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) ended: \(termination)"])
    }
}
