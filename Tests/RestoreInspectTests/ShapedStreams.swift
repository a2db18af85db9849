import Foundation
import RestackTestSupport
import Testing

extension CLI {
    /// What a run with shaped streams gave: the result, how long it took, and its peak memory.
    struct ShapedRun {
        var result: Result
        var seconds: Double
        /// The peak resident memory in KiB, where `/usr/bin/time -f` can measure it (GNU time).
        var maxResidentKiB: Int?
        /// The run was killed for taking longer than its time bound.
        var timedOut: Bool
    }

    /// Runs the binary through `/bin/sh` so that a test can hand it streams a spawn cannot:
    /// `redirections` is shell syntax applied to the binary alone (`>/dev/full`, `>&-`, `2>&-`,
    /// `<&-`), and `source`, when given, is a command whose endless output is piped into its stdin.
    ///
    /// Its address space is capped (`ulimit -v`, 2 GB) so that a regression that reads without
    /// bound fails fast instead of exhausting the machine, and it is killed after `timeout`.
    /// With `measuringMemory`, it runs under GNU time where there is one (not with a closed stream:
    /// time's own output file would take the stream's number, and the binary would inherit it).
    static func runShaped(
        _ arguments: [String], redirections: String = "", source: String? = nil, timeout: Double = 30,
        measuringMemory: Bool = false
    ) throws -> ShapedRun {
        let scratch = try Scratch(prefix: "restack-streams")
        let rssFile = scratch.path("rss")
        var measure = ""
        #if os(Linux)
        if measuringMemory, FileManager.default.isExecutableFile(atPath: "/usr/bin/time") {
            measure = "/usr/bin/time -f %M -o '\(rssFile)' "
        }
        #endif
        let pipeline = (source.map { "\($0) | " } ?? "") + "exec \(measure)\"$0\" \"$@\" \(redirections)"
        let start = DispatchTime.now().uptimeNanoseconds
        let output = try ChildProcess.run("/bin/sh", ["-c", "ulimit -v 2000000 2>/dev/null; \(pipeline)", binary.path] + arguments,
                                          stdin: .nullDevice, timeout: timeout)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // GNU time writes "Command exited with non-zero status N" before the figure.
        let rss = (try? String(contentsOfFile: rssFile, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return ShapedRun(
            result: Result(status: output.termination.status, stdout: output.stdoutText, stderr: output.stderrText),
            seconds: seconds, maxResidentKiB: rss, timedOut: output.timedOut
        )
    }
}
