import Foundation

/// Scenario 3b: the launch path inside one process, where process start-up does not hide the
/// library's own cost. Each sample opens an existing store afresh, restores one session, and
/// closes it; Restack and raw SQLite interleaved, on files with the same rows.
struct InProcessLaunchScenario {
    var work: URL
    var runs: Int

    func run(into report: inout Report) throws {
        let restackPath = work.appendingPathComponent("restack-full.sqlite").path
        let rawPath = work.appendingPathComponent("raw-full.sqlite").path
        let opens: [() throws -> Int] = [
            { try InProcessLaunch.restack.launch(path: restackPath, session: "s7") },
            { try InProcessLaunch.raw.launch(path: rawPath, session: "s7") },
        ]
        var samples = [Samples(), Samples()]
        var restored = [0, 0]
        progress("launch path in-process: \(runs) fresh opens per subject")
        try interleave(rounds: runs, subjects: opens.count) { _, index in
            restored[index] = try samples[index].time { try opens[index]() }
        }
        precondition(restored[0] == restored[1], "both subjects must restore the same records: \(restored)")
        report.add("launch: open + restore (in process)", "Restack", samples[0])
        report.add("launch: open + restore (in process)", "raw SQLite", samples[1])
        report.targets.append(Target("launch in-process (open + restore) vs raw SQLite", measured: samples[0].median / samples[1].median, atMost: 1.5))
    }
}

/// One launch inside the process, as an app does it: the store opened afresh (a new connection,
/// nothing in SQLite's page cache), one session restored, the store closed when the subject
/// goes. The in-process launch and the scale scenario both time this, so that they time the same
/// launch.
enum InProcessLaunch {
    case restack
    case raw

    /// Opens the store at `path`, restores `session`, closes the store; returns the records
    /// restored.
    func launch(path: String, session: String) throws -> Int {
        switch self {
        case .restack: try RestackSubject(path: path, durability: .full).restore(session: session)
        case .raw: try RawSQLite(path: path, synchronous: "FULL").restore(session: session)
        }
    }
}
