import Foundation
import Restack

/// Scenario 5: a nested state (a split with two navigation stacks and a tab bar, 20 records)
/// saved and restored (loaded, rebuilt as a tree, planned) by Restack and by raw SQLite writing
/// the same rows, interleaved, at full durability.
struct NestedScenario {
    var work: URL
    var rounds: Int
    let sessions = 100

    func run(into report: inout Report) throws {
        let restackPath = work.appendingPathComponent("nested-restack.sqlite").path
        let rawPath = work.appendingPathComponent("nested-raw.sqlite").path
        try save(restackPath: restackPath, rawPath: rawPath, into: &report)
        try restore(restackPath: restackPath, rawPath: rawPath, into: &report)
    }

    func save(restackPath: String, rawPath: String, into report: inout Report) throws {
        let restack = try RestackSubject(name: "Restack", path: restackPath, durability: .full)
        let raw = try RawSQLite(name: "raw SQLite", path: rawPath, synchronous: "FULL")
        progress("nested: warming both stores")
        for round in 0..<(sessions * 2) {
            try restack.save(BenchStates.tree(variant: round), session: "s\(round % sessions)")
            try raw.save(BenchStates.tree(variant: round), session: "s\(round % sessions)")
        }
        let saves: [(RestorationTreeSaver)] = [{ try restack.save($0, session: $1) }, { try raw.save($0, session: $1) }]
        var saveSamples = [Samples(), Samples()]
        try interleave(rounds: rounds, subjects: 2) { round, index in
            let tree = BenchStates.tree(variant: round)
            try saveSamples[index].time { try saves[index](tree, "s\(round % sessions)") }
        }
        for (index, name) in ["Restack", "raw SQLite"].enumerated() {
            report.add("save nested, 20 records (fsync)", name, saveSamples[index])
        }
        report.targets.append(Target("save nested (fsync) vs raw SQLite", measured: saveSamples[0].median / saveSamples[1].median, atMost: 1.3))
    }

    /// Restores read as at a launch, for both subjects alike: the stores the saves wrote are
    /// opened afresh, so that neither reads through a connection whose cache holds the pages its
    /// saves just wrote.
    func restore(restackPath: String, rawPath: String, into report: inout Report) throws {
        let restack = try RestackSubject(name: "Restack", path: restackPath, durability: .full)
        let raw = try RawSQLite(name: "raw SQLite", path: rawPath, synchronous: "FULL")
        let restores: [(String) throws -> Int] = [{ try restack.restoreTree(session: $0) }, { try raw.restoreTree(session: $0) }]
        var restoreSamples = [Samples(), Samples()]
        var restored = [0, 0]
        try interleave(rounds: rounds, subjects: 2) { round, index in
            restored[index] += try restoreSamples[index].time { try restores[index]("s\((round * 7) % sessions)") }
        }
        precondition(restored[0] == restored[1] && restored[0] > 0, "both subjects must restore the same records: \(restored)")
        for (index, name) in ["Restack", "raw SQLite"].enumerated() {
            report.add("restore nested, 20 records (fsync)", name, restoreSamples[index])
        }
        report.targets.append(Target("restore nested (fsync) vs raw SQLite", measured: restoreSamples[0].median / restoreSamples[1].median, atMost: 1.2))
    }
}

/// Saves a tree into a session.
typealias RestorationTreeSaver = (RestorationTree, String) throws -> Void
