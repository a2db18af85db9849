import Foundation
import Restack

/// Before any figure: the raw SQLite baseline writes what Restack writes, so that it is the floor
/// of the same work. Both encode and read rows with Restack's format (`TreeEntries`, `ValuePlan`,
/// `TreeReader`); what is still written twice is the SQL and its orchestration (which values the
/// newest tree shares, what retention prunes and releases, where the ids come from). The bench's
/// states (the 10-record drill-down, the nested tree, every write workload's sequence, 24 saves
/// each: past retention, so that released values are taken by new ones) are saved into a fresh
/// Restack store and a fresh raw store, in the same order, and every snapshot's `tree` blob,
/// record count and shape, and every `restack_value` row, must be equal byte for byte; each
/// state the raw subject reads back must equal the state saved. A difference stops the bench:
/// its figures would compare different work.
struct SameBytesCheck {
    var work: URL

    func run() throws {
        let restackPath = work.appendingPathComponent("same-bytes-restack.sqlite").path
        let rawPath = work.appendingPathComponent("same-bytes-raw.sqlite").path
        let restack = try RestackSubject(path: restackPath, durability: .normal)
        let raw = try RawSQLite(path: rawPath, synchronous: "NORMAL")
        var states: [(session: String, state: RestorationTree)] = []
        for variant in 0..<3 {
            states.append(("drill-down", BenchStates.state(variant: variant)))
            states.append(("nested", BenchStates.tree(variant: variant)))
        }
        for save in 0..<24 {
            for workload in WriteWorkload.allCases {
                states.append((workload.rawValue, workload.state(save: save)))
            }
        }
        for (session, state) in states {
            try restack.save(state, session: session)
            try raw.save(state, session: session)
            let read = try raw.load(session: session)
            guard read == state else {
                throw CheckFailure("raw SQLite read back another state than it saved in session \(session)")
            }
        }
        let reader = try RawSQLite(path: restackPath, synchronous: "NORMAL")
        let snapshots = "SELECT id || ':' || session_id || ':' || shape || ':' || record_count || ':' || hex(tree) FROM restack_snapshot ORDER BY id"
        let values = "SELECT id || ':' || quote(identifier) || ':' || quote(class_name) || ':' || quote(payload) FROM restack_value ORDER BY id"
        for (what, sql) in [("snapshots", snapshots), ("values", values)] {
            let mine = try raw.column(sql), theirs = try reader.column(sql)
            guard mine == theirs else {
                let first = zip(mine, theirs).first(where: { $0 != $1 }).map { "raw \($0) vs Restack \($1)" }
                    ?? "raw \(mine.count) rows vs Restack \(theirs.count)"
                throw CheckFailure("raw SQLite writes other \(what) than Restack: \(first)")
            }
        }
        progress("same bytes: raw SQLite writes Restack's trees and values byte for byte (\(states.count) saves)")
    }

    struct CheckFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
