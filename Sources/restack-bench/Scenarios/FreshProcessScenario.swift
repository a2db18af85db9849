import Foundation

/// Scenario 3c: the launch path in a fresh process, counted in instructions. Each sample is a
/// child process, `probe`, run under `valgrind --tool=callgrind` with collection on inside
/// `Probe.run` only (open the store, restore one session, close it), so that process start-up,
/// argument parsing and exit are left out and the count is repeatable on a noisy machine.
/// Restack and raw SQLite interleaved, on files with the same rows. Skipped, saying so, where
/// valgrind is not installed.
struct FreshProcessScenario {
    var work: URL
    var runs: Int

    /// The mangled symbol of `Probe.run()`: callgrind counts from its entry to its exit. A glob
    /// such as `*Probe*run*` would not do: it also matches the closures inside `run`, and
    /// callgrind toggles collection off again on entering them.
    static let probeSymbol = "$s13restack_bench5ProbeV3runyyKF"

    func run(into report: inout Report) throws {
        guard let valgrind = Self.valgrind() else {
            progress("launch path by instructions: skipped, valgrind is not installed")
            report.facts["launch by instructions: skipped (no valgrind)"] = 0
            return
        }
        let kinds: [(name: String, arguments: [String])] = [
            ("Restack", ["--kind", "restack", "--path", work.appendingPathComponent("restack-full.sqlite").path]),
            ("raw SQLite", ["--kind", "raw", "--path", work.appendingPathComponent("raw-full.sqlite").path]),
        ]
        var counts: [[Double]] = Array(repeating: [], count: kinds.count)
        progress("launch path by instructions: \(runs) callgrind processes per subject")
        try interleave(rounds: runs, subjects: kinds.count) { _, index in
            counts[index].append(Double(try Self.instructions(valgrind: valgrind, arguments: ["probe", "--session", "s7"] + kinds[index].arguments, work: work)))
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let restack = median(counts[0]), raw = median(counts[1])
        report.facts["launch (fresh process, callgrind): Restack instructions"] = restack
        report.facts["launch (fresh process, callgrind): raw SQLite instructions"] = raw
        report.targets.append(Target("launch in a fresh process (open + first restore, instructions) vs raw SQLite",
                                     measured: restack / raw, atMost: 1.5))
    }

    /// valgrind's path, if it is installed.
    static func valgrind() -> URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { URL(fileURLWithPath: String($0)).appendingPathComponent("valgrind") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The instructions callgrind counted inside `Probe.run` for one probe process.
    static func instructions(valgrind: URL, arguments: [String], work: URL) throws -> Int {
        let output = work.appendingPathComponent("callgrind-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        try runProcess(valgrind, ["--tool=callgrind", "--callgrind-out-file=\(output.path)", "--toggle-collect=\(probeSymbol)",
                                  selfBinary().path] + arguments)
        // The profile's `summary:` line holds the instructions collected.
        let text = try String(contentsOf: output, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("summary:") }),
              let count = Int(line.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces)), count > 10_000 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "callgrind counted nothing inside \(probeSymbol): was Probe.run renamed?"])
        }
        return count
    }
}
