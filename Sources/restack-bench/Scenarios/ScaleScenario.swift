import Foundation
import RestackStore

/// Scenario 4: a store of many sessions with a history each, built by the bench. The launch (open +
/// restore, a fresh connection) of a random session there against the launch of a 1-session
/// store, the same restores on connections kept open (for information), bytes on disk per
/// snapshot against the bytes the snapshot holds, and `restore-inspect` whole-process times on
/// the big store.
struct ScaleScenario {
    var work: URL
    var sessions: Int
    var snapshotsPerSession: Int
    var rounds: Int
    var inspectRuns: Int
    /// Whether a store a run left at the path, holding the sizes asked for, is used as it is.
    var reuse = false

    /// Fills a Restack store through the raw baseline (the same trees and values a save writes),
    /// in large transactions: saving a million snapshots one synced
    /// transaction at a time would take hours. Both subjects read that one file.
    func build(_ path: String, sessions: Int) throws {
        if reuse, FileManager.default.fileExists(atPath: path), try holdsSizes(path, sessions: sessions) {
            progress("scale: reusing \(path) (\(sessions) sessions, \(sessions * snapshotsPerSession) snapshots)")
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

    /// Whether the store at `path` holds `sessions` sessions of `snapshotsPerSession` snapshots
    /// (as many of each: a store of other sizes with the same product is rebuilt), with every
    /// migration this Restack knows (a store of an earlier layout is rebuilt).
    private func holdsSizes(_ path: String, sessions: Int) throws -> Bool {
        let raw = try RawSQLite(path: path, synchronous: "OFF")
        let migrations = try raw.column("SELECT identifier FROM grdb_migrations WHERE identifier LIKE 'restack.%' ORDER BY identifier")
        return try migrations == SnapshotStore.knownMigrations
            && raw.scalar("SELECT COUNT(*) FROM restack_session") == Int64(sessions)
            && raw.scalar("SELECT COUNT(*) FROM restack_snapshot") == Int64(sessions * snapshotsPerSession)
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

        // The target is the launch on each store: opened as an app opens it at launch, one session
        // restored (a random one on the big store), closed; a fresh connection for every launch of
        // both stores, so that both read with the same cache state, nothing in SQLite's page
        // cache, the big file in the OS's cache (read through first, see `readThrough`). Raw
        // SQLite launches on the same two files: its own ratio is what scale costs beneath any
        // library (B-tree depth, pages read from the OS). Interleaved; more rounds than the other
        // scenarios: random sessions make this the noisiest median of the run.
        let snapshotsName = "\(Int(snapshots)) snapshots"
        let launches: [(name: String, launch: InProcessLaunch, path: String)] = [
            ("Restack, \(snapshotsName)", .restack, big),
            ("Restack, 1 session", .restack, small),
            ("raw SQLite, \(snapshotsName)", .raw, big),
            ("raw SQLite, 1 session", .raw, small),
        ]
        try readThrough(big)
        var random = SystemRandomNumberGenerator()
        // One random session per round, the same for both subjects on the big store.
        var picks = (0..<rounds * 3).map { _ in "user-\(Int.random(in: 0..<sessions, using: &random))" }
        var launched = Array(repeating: Samples(), count: launches.count)
        progress("scale: \(picks.count) launches (open + restore) per subject and store")
        try interleave(rounds: picks.count, subjects: launches.count) { round, index in
            let (_, launch, path) = launches[index]
            _ = try launched[index].time { try launch.launch(path: path, session: index % 2 == 0 ? picks[round] : "user-0") }
        }
        for (launch, sample) in zip(launches, launched) {
            report.add("launch at scale: open + restore (in process)", launch.name, sample)
        }
        report.facts["scale: raw SQLite's own launch on the big store vs 1-session store"] = launched[2].median / launched[3].median
        report.targets.append(Target("launch (open + restore) on the big store vs 1-session store", measured: launched[0].median / launched[1].median, atMost: 1.5))

        // For information, no target: restores on connections kept open through the rounds. The
        // 1-session store then sits whole in its connection's page cache and the big store's
        // random sessions do not, so the ratio is SQLite's page cache's (Performance.md, "Scale").
        let subjects: [any BenchSubject] = [
            try RestackSubject(name: "Restack, \(snapshotsName)", path: big, durability: .full),
            try RestackSubject(name: "Restack, 1 session", path: small, durability: .full),
            try RawSQLite(name: "raw SQLite, \(snapshotsName)", path: big, synchronous: "FULL"),
            try RawSQLite(name: "raw SQLite, 1 session", path: small, synchronous: "FULL"),
        ]
        picks = (0..<rounds * 3).map { _ in "user-\(Int.random(in: 0..<sessions, using: &random))" }
        var samples = Array(repeating: Samples(), count: subjects.count)
        try interleave(rounds: picks.count, subjects: subjects.count) { round, index in
            _ = try samples[index].time { try subjects[index].restore(session: index % 2 == 0 ? picks[round] : "user-0") }
        }
        for (subject, sample) in zip(subjects, samples) {
            report.add("restore at scale, connection kept open (page cache)", subject.name, sample)
        }
        report.facts["scale, connection kept open (page cache, no target): Restack's restore on the big store vs 1-session store"] = samples[0].median / samples[1].median
        report.facts["scale, connection kept open (page cache, no target): raw SQLite's restore on the big store vs 1-session store"] = samples[2].median / samples[3].median
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
        // When raw SQLite read nothing from the OS, the ratio is 1 + Restack's reads over all the
        // restores: finite (JSON has no infinity), 1 when neither read, 2 or more (over the bound)
        // as soon as Restack read anything.
        let ratio = perRestore[2] > 0 ? perRestore[0] / perRestore[2] : 1 + perRestore[0] * Double(restores)
        report.targets.append(Target("reads from the OS per restore on the big store vs raw SQLite",
                                     measured: ratio, atMost: 1.05))
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
