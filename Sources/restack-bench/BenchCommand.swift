import ArgumentParser
import Foundation
import Restack
import RestackStore

/// `restack-bench`: Restack against raw SQLite and JSON files, measured in one interleaved run.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restack-bench",
        abstract: "Measure Restack's save, restore, launch path, scale and bytes written against raw SQLite and JSON files, in one run.",
        discussion: "Build with -c release. Prints medians, p99s, ratios, and PASS/FAIL against each target.",
        subcommands: [Run.self, Probe.self, WriteProbe.self],
        defaultSubcommand: Run.self
    )
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run every scenario (the default).")

    @Flag(help: "Small sizes, for CI: checks that the bench builds and works, not the figures.")
    var quick = false
    @Flag(help: "Print the report as JSON.")
    var json = false
    @Option(help: "Rounds of save and restore per subject.")
    var rounds = 400
    @Option(help: "Fresh processes per subject on the launch path.")
    var launchRuns = 30
    @Option(help: "Sessions in the scale store.")
    var scaleSessions = 100_000
    @Option(help: "Snapshots per session in the scale store.")
    var scaleSnapshots = 10
    @Option(help: "Where to write the stores; a fresh temporary folder by default (removed afterwards). Every store but the scale stores goes into a new folder inside it for each run (printed on stderr, kept), so that no run measures a store an earlier one left.")
    var work: String?
    @Flag(help: "Run only the scale scenario (the big-store restore and restore-inspect), at the sizes given.")
    var scaleOnly = false
    @Flag(help: "With --work: reuse the scale stores a run left there when they hold the sizes asked for (building 1M snapshots takes minutes).")
    var reuseScaleStores = false
    @Flag(help: "Exit with 1 when a target fails. Without it the exit status says only that the bench ran: CI runs --quick without it, so a target known to fail (see Performance.md) is printed, not fatal.")
    var strict = false

    func run() throws {
        let folder = work.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("restack-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if work == nil { try? FileManager.default.removeItem(at: folder) } }

        let rounds = quick ? 40 : rounds
        var report = Report()
        // Only the scale stores may be reused (--reuse-scale-stores): a store left by an earlier run
        // holds more history, and its saves write and cost more (Performance.md, the full run).
        let runFolder = folder.appendingPathComponent("run-\(UUID().uuidString)")
        if !scaleOnly {
            try FileManager.default.createDirectory(at: runFolder, withIntermediateDirectories: true)
            if work != nil { progress("stores of this run: \(runFolder.path)") }
            try SameBytesCheck(work: runFolder).run()
            try SaveRestoreScenario(work: runFolder, rounds: rounds, mode: .durable).run(into: &report)
            try SaveRestoreScenario(work: runFolder, rounds: rounds, mode: .fast).run(into: &report)
            try NestedScenario(work: runFolder, rounds: rounds).run(into: &report)
            try InProcessLaunchScenario(work: runFolder, runs: quick ? 20 : rounds).run(into: &report)
            try LaunchScenario(work: runFolder, runs: quick ? 5 : launchRuns).run(into: &report)
            try FreshProcessScenario(work: runFolder, runs: quick ? 1 : 3).run(into: &report)
        }
        try ScaleScenario(work: folder, sessions: quick ? 500 : scaleSessions, snapshotsPerSession: quick ? 4 : scaleSnapshots,
                          rounds: rounds, inspectRuns: quick ? 3 : 15, reuse: reuseScaleStores && work != nil).run(into: &report)
        if !scaleOnly {
            try WriteCostScenario(work: runFolder).run(into: &report)
        }

        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text())
        }
        if strict && report.targets.contains(where: { !$0.pass }) {
            throw ExitCode.failure
        }
    }
}

/// One launch: open an existing store and restore one session, then exit. Started by `run`.
///
/// Its work stays inside `run()`: `FreshProcessScenario` counts the instructions of this very
/// function by its mangled name (`$s13restack_bench5ProbeV3runyyKF`), so renaming the type, the
/// method or the module makes that scenario fail loudly, not measure something else.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open a store and restore one session (used by the launch scenario).",
                                                    shouldDisplay: false)

    @Option var kind: String
    @Option var path: String
    @Option var session: String
    @Option(help: "Restore this many times (for profiling with callgrind).")
    var `repeat` = 1
    @Flag(help: "Open the store afresh for every restore (the launch path, for callgrind).")
    var reopen = false
    @Flag(help: "Save instead of restoring (the save path, for callgrind; durability normal).")
    var save = false
    @Option(help: "Restore a random session of user-0 ..< user-N each time (seeded, the same sequence in every process) instead of --session.")
    var randomSessions: Int?
    @Flag(help: "Restack only: begin the restore as an app does at launch (counting it, in a write) instead of only reading it.")
    var begin = false
    @Flag(help: "Print the median time of one operation in microseconds instead of the record count (to compare two builds on one store).")
    var time = false
    @Flag(help: "Restore a nested tree, counting every record (the nested scenario's restore), instead of a drill-down's records.")
    var tree = false

    func run() throws {
        func open() throws -> any BenchSubject {
            switch kind {
            case "restack": try RestackSubject(path: path, durability: save ? .normal : .full)
            case "raw": try RawSQLite(path: path, synchronous: save ? "NORMAL" : "FULL")
            default: try JSONFileStore(name: "JSON file", folder: URL(fileURLWithPath: path), fsync: true)
            }
        }
        var subject: (any BenchSubject)? = try open()
        var restored = 0
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var samples = Samples()
        for _ in 0..<`repeat` {
            if reopen {
                subject = nil   // closed first, as at a real launch: no connection left open
                subject = try open()
            }
            var name = session
            if let randomSessions {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                name = "user-\(Int((seed >> 33) % UInt64(randomSessions)))"
            }
            let start = time ? DispatchTime.now().uptimeNanoseconds : 0
            if save {
                try subject!.save(BenchStates.state(variant: restored), session: name)
                restored += 1
            } else if begin, let restack = subject as? RestackSubject {
                restored = try restack.beginRestore(session: name)
            } else if tree, let restack = subject as? RestackSubject {
                restored = try restack.restoreTree(session: name)
            } else if tree, let raw = subject as? RawSQLite {
                restored = try raw.restoreTree(session: name)
            } else {
                restored = try subject!.restore(session: name)
            }
            if time { samples.nanoseconds.append(DispatchTime.now().uptimeNanoseconds - start) }
        }
        if time {
            print(String(format: "%.2f", samples.median))
        } else {
            print(restored)   // as before `--time`: the fresh-process count includes this print's first use
        }
    }
}
