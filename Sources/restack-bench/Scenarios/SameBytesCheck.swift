import Foundation
import Restack

/// Before any figure: the raw SQLite baseline writes what Restack writes, so that it is the floor
/// of the same work. The bench's states (the 10-record drill-down, the nested tree, both write
/// workloads' sequences) are saved into a fresh Restack store and a fresh raw store, in the same
/// order, and every snapshot's `tree` blob, record count and shape, and every `restack_value`
/// row, must be equal byte for byte; each state the raw subject reads back must equal the state
/// saved. A difference stops the bench: its figures would compare different work.
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
        for save in 0..<14 {
            states.append(("navigation", WriteWorkload.navigation.state(save: save)))
            states.append(("rewrite", WriteWorkload.rewrite.state(save: save)))
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
        guard try reader.scalar("SELECT COUNT(*) FROM pragma_table_info('restack_snapshot') WHERE name = 'tree'") > 0 else {
            progress("same bytes: skipped, Restack's store has no tree column yet (before migration 9)")
            return
        }
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
