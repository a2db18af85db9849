import Foundation
import RestackMigrations
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

    /// The raw baseline's copy of a store built at `path`: the rows of migrations 1 to 8, which
    /// the raw subject reads (it does not read migration 9's layout yet).
    static func rawPath(_ path: String) -> String {
        path + "-m008"
    }

    /// Fills a store through the raw baseline (the same rows a save of migration 8 wrote), in
    /// large transactions: saving a million snapshots one synced transaction at a time would take
    /// hours. The raw subject reads that file (``rawPath(_:)``); Restack reads a copy that its
    /// migration 9 upgrades, as an app's store is upgraded.
    func build(_ path: String, sessions: Int) throws {
        let old = Self.rawPath(path)
        for file in [path, old] {
            try? FileManager.default.removeItem(atPath: file)
        }
        try fill(old, sessions: sessions)
        try FileManager.default.copyItem(atPath: old, toPath: path)
        let start = Date()
        _ = try SnapshotStore(path: path)   // migration 9
        // The migration leaves the old tables' pages free in the file (reused by later saves);
        // the bytes on disk per snapshot are measured on the rows, as a store written since holds
        // them.
        try RawSQLite(path: path, synchronous: "OFF").execute("VACUUM")
        progress(String(format: "scale: migrated %d snapshots to migration 9 in %.0f s", sessions * snapshotsPerSession, Date().timeIntervalSince(start)))
    }

    private func fill(_ path: String, sessions: Int) throws {
        let raw = try RawSQLite(path: path, synchronous: "OFF")   // migrations 1 to 8
        // Their record, as GRDB's migrator keeps it, so that Restack opens the file as its own.
        try raw.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        for migration in RestackMigrations.all.prefix(8) {
            try raw.execute("INSERT INTO grdb_migrations (identifier) VALUES ('\(migration.identifier)')")
        }
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
            try RawSQLite(name: "raw SQLite, \(Int(snapshots)) snapshots", path: Self.rawPath(big), synchronous: "FULL"),
            try RawSQLite(name: "raw SQLite, 1 session", path: Self.rawPath(small), synchronous: "FULL"),
        ]
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
}
