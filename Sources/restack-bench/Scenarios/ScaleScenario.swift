import Foundation
import RestackStore

/// Scenario 4: a store of many sessions with a history each, built by the bench. Restore of a
/// random session there against a 1-session store, bytes on disk per snapshot against the bytes
/// the snapshot holds, and `restore-inspect` whole-process times on the big store.
struct ScaleScenario {
    var work: URL
    var sessions: Int
    var snapshotsPerSession: Int
    var rounds: Int
    var inspectRuns: Int
    /// Whether a store a run left at the path, holding the sizes asked for, is used as it is.
    var reuse = false

    /// Fills a Restack store through the raw baseline (the same trees and values a save writes,
    /// migration 9's layout), in large transactions: saving a million snapshots one synced
    /// transaction at a time would take hours. Both subjects read that one file.
    func build(_ path: String, sessions: Int) throws {
        if reuse, FileManager.default.fileExists(atPath: path),
           try RawSQLite(path: path, synchronous: "OFF").scalar("SELECT COUNT(*) FROM restack_snapshot") == Int64(sessions * snapshotsPerSession) {
            progress("scale: reusing \(path) (\(sessions * snapshotsPerSession) snapshots)")
            return
        }
        try? FileManager.default.removeItem(atPath: path)
        _ = try SnapshotStore(path: path)   // Restack's schema and migration records
        let raw = try RawSQLite(path: path, synchronous: "OFF")
        let start = Date()
        try raw.execute("BEGIN")
        var written = 0
        for snapshot in 0..<snapshotsPerSession {
            for session in 0..<sessions {
                try raw.save(BenchStates.state(variant: snapshot * 31 + session), session: "user-\(session)",
                             savedAt: 1_800_000_000_000 + Int64(written), transaction: false)
                written += 1
                if written % 20_000 == 0 {
                    try raw.execute("COMMIT; BEGIN")
                    if written % 200_000 == 0 {
                        progress("scale: \(written) of \(sessions * snapshotsPerSession) snapshots written")
                    }
                }
            }
        }
        try raw.execute("COMMIT; PRAGMA wal_checkpoint(TRUNCATE)")
        progress(String(format: "scale: built %d snapshots in %.0f s", written, Date().timeIntervalSince(start)))
    }

    func run(into report: inout Report) throws {
        let big = work.appendingPathComponent("scale-big.sqlite").path
        let small = work.appendingPathComponent("scale-small.sqlite").path
        try build(big, sessions: sessions)
        try build(small, sessions: 1)

        let snapshots = Double(sessions * snapshotsPerSession)
        let fileBytes = Double((try FileManager.default.attributesOfItem(atPath: big)[.size] as? NSNumber)?.intValue ?? 0)
        let rawBytes = Double(BenchStates.rawBytes(BenchStates.state()))
        report.facts["scale: snapshots in the big store"] = snapshots
        report.facts["scale: bytes on disk per snapshot"] = fileBytes / snapshots
        report.facts["scale: payload + identifier + class bytes per snapshot"] = rawBytes
        report.targets.append(Target("bytes on disk per snapshot vs bytes it holds", measured: fileBytes / snapshots / rawBytes, atMost: 1.5))

        // Raw SQLite restores the same sessions of the same two files: its own big/small ratio is
        // what scale costs beneath any library (B-tree depth, pages of random sessions out of the
        // connection's cache, read from the OS), and Restack's fixed cost per restore, which the
        // launch work lowered, is the denominator of Restack's ratio: a cheaper 1-session restore
        // raises that ratio while the big store's restore gets no slower. Interleaved old and new
        // builds on one store showed exactly that (Performance.md). More rounds than the other
        // scenarios: random sessions make this the noisiest median of the run.
        let subjects: [any BenchSubject] = [
            try RestackSubject(name: "Restack, \(Int(snapshots)) snapshots", path: big, durability: .full),
            try RestackSubject(name: "Restack, 1 session", path: small, durability: .full),
            try RawSQLite(name: "raw SQLite, \(Int(snapshots)) snapshots", path: big, synchronous: "FULL"),
            try RawSQLite(name: "raw SQLite, 1 session", path: small, synchronous: "FULL"),
        ]
        try readThrough(big)
        var samples = Array(repeating: Samples(), count: subjects.count)
        var random = SystemRandomNumberGenerator()
        // One random session per round, the same for both subjects on the big store.
        let picks = (0..<rounds * 3).map { _ in "user-\(Int.random(in: 0..<sessions, using: &random))" }
        try interleave(rounds: picks.count, subjects: subjects.count) { round, index in
            _ = try samples[index].time { try subjects[index].restore(session: index % 2 == 0 ? picks[round] : "user-0") }
        }
        for (subject, sample) in zip(subjects, samples) {
            report.add("restore at scale", subject.name, sample)
        }
        report.facts["scale: raw SQLite's own restore on the big store vs 1-session store"] = samples[2].median / samples[3].median
        report.targets.append(Target("restore on the big store vs 1-session store", measured: samples[0].median / samples[1].median, atMost: 1.5))
        try countReads(subjects, sessions: sessions, into: &report)

        let inspect = siblingBinary("restore-inspect")
        var plan = Samples(), list = Samples()
        progress("scale: timing restore-inspect on the big store")
        for run in 0..<inspectRuns {
            try plan.time { try runProcess(inspect, ["plan", "--db", big, "--session", "user-\((run * 7919) % sessions)"]) }
            if run == 0 {
                try list.time { try runProcess(inspect, ["sessions", "--db", big]) }
            }
        }
        report.add("restore-inspect (process)", "plan, \(Int(snapshots)) snapshots", plan)
        report.add("restore-inspect (process)", "sessions, \(sessions) sessions", list)
        report.targets.append(Target("restore-inspect plan on the big store", measured: plan.median / 1000, atMost: 100, unit: " ms"))
    }

    /// Reads from the OS per restore (`syscr` of `/proc/self/io`: SQLite reads a page it does not
    /// hold with one `pread`), for each subject, over 300 more random sessions after the timed
    /// rounds: what the big store's restore pays beneath any library, counted, not timed, so that
    /// the load of the machine does not move it. Skipped where `/proc/self/io` is missing.
    private func countReads(_ subjects: [any BenchSubject], sessions: Int, into report: inout Report) throws {
        guard (try? processIO("syscr")) != nil else {
            progress("scale: /proc/self/io not readable, reads from the OS per restore not counted")
            return
        }
        let restores = 300
        // Random sessions, the same for both subjects on the big store; a few may repeat the
        // timed rounds' picks, whose pages a subject's cache may still hold.
        var random = SystemRandomNumberGenerator()
        let picks = (0..<restores).map { _ in "user-\(Int.random(in: 0..<sessions, using: &random))" }
        var perRestore: [Double] = []
        for (index, subject) in subjects.enumerated() {
            let before = try processIO("syscr")
            for pick in picks {
                _ = try subject.restore(session: index % 2 == 0 ? pick : "user-0")
            }
            perRestore.append(Double(try processIO("syscr") - before) / Double(restores))
            report.facts["scale: reads from the OS per restore, \(subject.name)"] = perRestore[index]
        }
        // Restack reads no page of the big store that raw SQLite does not: the pages read from the
        // OS are what the big store costs, and they are the layout's (Performance.md, "Scale").
        report.targets.append(Target("reads from the OS per restore on the big store vs raw SQLite",
                                     measured: perRestore[2] > 0 ? perRestore[0] / perRestore[2] : (perRestore[0] > 0 ? .infinity : 1), atMost: 1.05))
    }

    /// Reads the file once from start to end, so that its pages are in the OS's cache when the
    /// timed rounds begin, as just after the build: otherwise what a restore reads from the OS
    /// comes from the cache or from the disk depending on what the machine reclaimed meanwhile
    /// (a reused store, or a virtual machine that pages out file pages left untouched for a
    /// while), and the big store's median with it (Performance.md, "Scale").
    private func readThrough(_ path: String) throws {
        guard let file = fopen(path, "rb") else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while fread(&buffer, 1, buffer.count, file) > 0 {}
    }
}
