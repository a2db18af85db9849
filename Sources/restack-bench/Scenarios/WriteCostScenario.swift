import Foundation
import RestackTestSupport

/// Scenario 6 (issues 30 and 39): what a save costs the disk. For each workload and subject at full
/// durability (Restack `.full`, raw SQLite `synchronous = FULL` on the same rows, the JSON file
/// fsynced with its folder), a child process (`write-probe`) opens a store that already holds
/// the workload's history, saves `saves` states, closes the store, and prints the bytes it
/// handed to the kernel (`wchar`: WAL frames, checkpoints and file writes alike); the same
/// process runs under `strace -f -e trace=fsync,fdatasync`, whose lines are the syncs. Syncs are
/// left out, saying so, where strace is missing or cannot trace. Bytes depend on the operations
/// only, not on the machine's load, so the figures repeat from run to run (`--quick` uses the
/// same sizes).
struct WriteCostScenario {
    var work: URL
    /// Saves before the measured ones, so that history and retention are in their steady state.
    var warmup = 30
    var saves = 100

    /// A full rewrite with migration 9's layout wrote this many bytes per save (issue 39): a
    /// layout may not write more.
    static let rewriteBytesBefore = 17_261.0
    /// The bytes of one page in the log: its frame header and a page of the store's size (1 KB
    /// for a new store). A save that changes anything writes at least one: the floor.
    static let frameBytes = 24.0 + 1_024.0

    func run(into report: inout Report) throws {
        let strace = Self.strace()
        if strace == nil {
            progress("write cost: syncs not counted, strace is not installed or cannot trace here")
        }
        let kinds: [(name: String, kind: String, file: String)] = [
            ("Restack", "restack", "restack.sqlite"), ("raw SQLite", "raw", "raw.sqlite"), ("JSON file", "json", "json"),
        ]
        for workload in WriteWorkload.allCases {
            progress("write cost, \(workload.rawValue): \(warmup) + \(saves) saves per subject")
            var bytes: [Double] = []
            for kind in kinds {
                let path = work.appendingPathComponent("write-\(workload.rawValue)-\(kind.file)").path
                let arguments = ["write-probe", "--kind", kind.kind, "--path", path, "--workload", workload.rawValue]
                _ = try output(selfBinary(), arguments + ["--saves", "\(warmup)"])
                let measured = arguments + ["--saves", "\(saves)", "--first", "\(warmup)"]
                var syncs: Double?
                let written: String
                if let strace {
                    let trace = work.appendingPathComponent("strace-\(UUID().uuidString).out")
                    defer { try? FileManager.default.removeItem(at: trace) }
                    written = try output(strace, ["-f", "-e", "trace=fsync,fdatasync", "-o", trace.path, selfBinary().path] + measured)
                    let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
                    syncs = Double(lines.filter { $0.contains("sync(") }.count) / Double(saves)
                } else {
                    written = try output(selfBinary(), measured)
                }
                guard let total = Double(written.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "write-probe printed \(written)"])
                }
                bytes.append(total / Double(saves))
                report.writes.append(WriteRow(workload: workload.title, subject: kind.name, bytesPerSave: total / Double(saves),
                                              syncsPerSave: syncs, saves: saves))
            }
            report.facts["write cost, \(workload.rawValue): Restack's bytes per save in pages of the log (\(Int(Self.frameBytes)) B each; the floor is 1)"] =
                bytes[0] / Self.frameBytes
            if workload.isNavigation {
                report.targets.append(Target("bytes per save, \(workload.title) (fsync) vs JSON file", measured: bytes[0] / bytes[2], atMost: 1.0))
            } else {
                report.targets.append(Target("bytes per full rewrite (fsync): Restack, at most migration 9's",
                                             measured: bytes[0], atMost: Self.rewriteBytesBefore, unit: " B"))
            }
        }
        try runClosingEachSave(into: &report, kinds: kinds)
    }

    /// Saves of the new-screen workload each in an opening of its own (a process that opens the
    /// store, saves once and closes it), for information: every closing checkpoints the log, so
    /// each page a save changes is written twice. No target: an app that saves on every change
    /// keeps its store open.
    static let savesClosingEach = 60

    func runClosingEachSave(into report: inout Report, kinds: [(name: String, kind: String, file: String)]) throws {
        let workload = WriteWorkload.newScreens
        progress("write cost, \(workload.rawValue), the store closed after each save: \(warmup) + \(Self.savesClosingEach) saves per subject")
        for kind in kinds {
            let path = work.appendingPathComponent("write-closing-\(kind.file)").path
            let arguments = ["write-probe", "--kind", kind.kind, "--path", path, "--workload", workload.rawValue]
            _ = try output(selfBinary(), arguments + ["--saves", "\(warmup)"])
            var total = 0.0
            for save in warmup..<(warmup + Self.savesClosingEach) {
                let written = try output(selfBinary(), arguments + ["--saves", "1", "--first", "\(save)"])
                guard let bytes = Double(written.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "write-probe printed \(written)"])
                }
                total += bytes
            }
            report.writes.append(WriteRow(workload: workload.title + ", the store closed after each save (no target)", subject: kind.name,
                                          bytesPerSave: total / Double(Self.savesClosingEach), syncsPerSave: nil, saves: Self.savesClosingEach))
        }
    }

    /// strace's path, if it is installed and may trace here (ptrace can be forbidden in a container).
    static func strace() -> URL? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let strace = paths.map({ URL(fileURLWithPath: String($0)).appendingPathComponent("strace") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else { return nil }
        return (try? runProcess(strace, ["-o", "/dev/null", "/bin/true"])) == nil ? nil : strace
    }
}

/// Runs a process to completion and returns what it printed; throws if it fails.
func output(_ executable: URL, _ arguments: [String]) throws -> String {
    let output = try ChildProcess(executable.path, arguments, stdout: .pipe, stderr: .nullDevice).finish()
    guard output.termination == .exited(0) else {
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) ended: \(output.termination)"])
    }
    return output.stdoutText
}
