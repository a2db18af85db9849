import GRDB

/// Ids that only grow and have reached the largest integer SQLite has, 9223372036854775807:
/// `restack_session`'s (`AUTOINCREMENT`: its `sqlite_sequence` row, or its largest id), and
/// `restack_snapshot`'s and `restack_value`'s (the largest id, or the largest ever given,
/// `restack_meta`'s `snapshot_high_water` and `value_high_water`, since migration 9).
///
/// SQLite then refuses every insert with `SQLITE_FULL`, "database or disk is full", which the
/// store would report as a full disk. Ids grow by one a save and never get there: such a store
/// was edited or damaged, and is reported so (``StoreError/corrupt(path:detail:)`` when a save
/// meets it, a problem in `check()`).
enum ExhaustedIDs {
    /// The tables whose ids only grow.
    static let tables = ["restack_session", "restack_snapshot", "restack_value"]

    /// The damage of snapshot ids that have run out.
    static let snapshotProblem = "restack_snapshot.id: the ids have reached 9223372036854775807, the largest (snapshot_high_water), so no row can be added; ids grow by one a save and never get there"

    /// The damage of value ids that have run out.
    static let valueProblem = "restack_value.id: the ids have reached 9223372036854775807, the largest (value_high_water), so no value can be added; ids grow by one a new record and never get there"

    /// Runs `insert`, an insert into `table`: when it fails because the table's ids have run
    /// out, the damage is thrown instead of SQLite's "full".
    static func inserting(into table: String, _ db: Database, _ insert: () throws -> Void) throws {
        do {
            try insert()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            if let problem = try? problem(db, table) {
                throw DamagedValue(detail: problem)
            }
            throw error
        }
    }

    /// What is wrong with `table`'s ids, or `nil` when a new row can still have one.
    static func problem(_ db: Database, _ table: String) throws -> String? {
        let marked: (mark: String, problem: String)? = switch table {
        case "restack_snapshot": ("snapshot_high_water", snapshotProblem)
        case "restack_value": ("value_high_water", valueProblem)
        default: nil
        }
        if let marked {
            let exhausted = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM restack_meta WHERE key = ? AND typeof(value) = 'integer' AND value >= 9223372036854775807)
                    OR EXISTS (SELECT 1 FROM \(table) WHERE id = 9223372036854775807)
                """, arguments: [marked.mark]) ?? false
            return exhausted ? marked.problem : nil
        }
        let exhausted = try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ? AND seq >= 9223372036854775807)
                OR EXISTS (SELECT 1 FROM \(table) WHERE id = 9223372036854775807)
            """, arguments: [table]) ?? false
        guard exhausted else { return nil }
        return "\(table).id: the ids have reached 9223372036854775807, the largest (sqlite_sequence), so no row can be added; ids grow by one a save and never get there"
    }
}
