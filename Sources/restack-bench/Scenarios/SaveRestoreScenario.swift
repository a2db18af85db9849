import Foundation
import RestackStore

/// Scenarios 1 and 2: save one 10-record snapshot, and restore (load latest + plan) one session,
/// for Restack and both baselines at one durability, interleaved.
struct SaveRestoreScenario {
    enum Mode: String {
        /// Each save synced to disk: Restack `.full`, SQLite `synchronous = FULL`, JSON with fsync.
        case durable = "fsync"
        /// No sync per save: Restack `.normal`, SQLite `synchronous = NORMAL`, JSON without fsync.
        case fast = "no fsync"
    }

    var work: URL
    var rounds: Int
    var mode: Mode
    let sessions = 100

    func subjects() throws -> [any BenchSubject] {
        let tag = mode == .durable ? "full" : "normal"
        return [
            try RestackSubject(name: "Restack", path: work.appendingPathComponent("restack-\(tag).sqlite").path,
                               durability: mode == .durable ? .full : .normal),
            try RawSQLite(name: "raw SQLite", path: work.appendingPathComponent("raw-\(tag).sqlite").path,
                          synchronous: mode == .durable ? "FULL" : "NORMAL"),
            try JSONFileStore(name: "JSON file", folder: work.appendingPathComponent("json-\(tag)"), fsync: mode == .durable),
        ]
    }

    func run(into report: inout Report) throws {
        var subjects = try subjects()
        let saveName = "save (\(mode.rawValue))", restoreName = "restore (\(mode.rawValue))"
        // Every session gets a history first, so that restores read a realistic store.
        for (index, subject) in subjects.enumerated() {
            progress("\(saveName): warming \(subject.name)")
            for round in 0..<(sessions * 3) {
                try subject.save(BenchStates.state(variant: round + index), session: "s\(round % sessions)")
            }
        }
        var saves = Array(repeating: Samples(), count: subjects.count)
        try interleave(rounds: rounds, subjects: subjects.count) { round, index in
            let state = BenchStates.state(variant: round)
            try saves[index].time { try subjects[index].save(state, session: "s\(round % sessions)") }
        }
        // Restores read as at a launch, for every subject alike: each store is closed and opened
        // again, so that no subject reads through a connection whose cache holds the pages its
        // saves just wrote (raw SQLite's did; Restack's restores go through its launch
        // connection, whose cache SQLite empties when another connection commits).
        subjects = []
        subjects = try self.subjects()
        var restores = Array(repeating: Samples(), count: subjects.count)
        var restored = Array(repeating: 0, count: subjects.count)
        try interleave(rounds: rounds, subjects: subjects.count) { round, index in
            restored[index] += try restores[index].time { try subjects[index].restore(session: "s\((round * 7) % sessions)") }
        }
        precondition(Set(restored).count == 1, "every subject must restore the same records: \(restored)")
        for (index, subject) in subjects.enumerated() {
            report.add(saveName, subject.name, saves[index])
            report.add(restoreName, subject.name, restores[index])
        }
        let restack = saves[0].median, raw = saves[1].median, json = saves[2].median
        report.targets.append(Target("save (\(mode.rawValue)) vs raw SQLite", measured: restack / raw, atMost: 1.3))
        report.targets.append(Target("save (\(mode.rawValue)) vs JSON file (must be faster)", measured: restack / json, atMost: 1.0))
        report.targets.append(Target("restore (\(mode.rawValue)) vs raw SQLite", measured: restores[0].median / restores[1].median, atMost: 1.2))
    }
}
