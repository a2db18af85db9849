import GRDB

/// Ids that only grow: the one rule that gives a new id, and ids that have reached the largest
/// integer SQLite has, 9223372036854775807: `restack_session`'s (`AUTOINCREMENT`: its
/// `sqlite_sequence` row, or its largest id), and `restack_snapshot`'s and `restack_value`'s
/// (the largest id, or the largest ever given, `restack_meta`'s `snapshot_high_water` and
/// `value_high_water`, since migration 9).
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

    /// A table whose ids are given by ``next(_:_:)``: its largest id ever given is kept as a
    /// high-water mark in `restack_meta` (migration 9).
    struct Marked: Sendable {
        /// The table, such as `restack_snapshot`.
        let table: String
        /// Its mark's key in `restack_meta`, such as `snapshot_high_water`.
        let key: String
        /// The damage of ids that have run out.
        let problem: String
        /// The largest id present and the mark, in one row.
        let nextSQL: String
        /// The largest id present.
        let largestSQL: String
        /// The largest id present, as ``nextSQL`` and ``largestSQL`` read it (NULL without rows).
        let largestPresent: StoredColumn

        init(table: String, key: String, problem: String) {
            self.table = table
            self.key = key
            self.problem = problem
            nextSQL = "SELECT (SELECT MAX(id) FROM \(table)), (SELECT value FROM restack_meta WHERE key = '\(key)')"
            largestSQL = "SELECT MAX(id) FROM \(table)"
            largestPresent = StoredColumn(table, "MAX(id)", .integer, nullable: true)
        }
    }

    /// Snapshots' ids.
    static let snapshots = Marked(table: "restack_snapshot", key: "snapshot_high_water", problem: snapshotProblem)
    /// Values' ids (``RecordValues``).
    static let values = Marked(table: "restack_value", key: "value_high_water", problem: valueProblem)

    /// The id of a new row of `marked`'s table: one more than both the largest id present and
    /// its high-water mark (the largest ever given), so that an id is never given twice: a
    /// snapshot whose value was deleted reports a missing value, never another record's.
    ///
    /// A mark that is not an integer of at least 0 (NULL is none) is damage, thrown as a
    /// ``DamagedValue`` naming it, never read past: the id it held may have been given. Ids
    /// that have run out are damage too, never SQLite's "full".
    static func next(_ db: Database, _ marked: Marked) throws -> Int64 {
        var largest: Int64 = 0
        try db.forEachRow(marked.nextSQL, binding: []) { step in
            let present = try StoredValues(statement: step, name: .unidentified).optionalInteger(0, marked.largestPresent)
            let mark = try StoredValues(statement: step, name: .metaEntry(marked.key)).optionalInteger(1, .metaValue)
            if let mark, mark < 0 {
                throw DamagedValue(detail: StoredColumn.metaValue.problem(
                    in: StoredRow.metaEntry(marked.key).description, "expected the largest id ever given, at least 0, found \(mark)"))
            }
            largest = max(present ?? 0, mark ?? 0)
            return false
        }
        guard largest < Int64.max else {
            throw DamagedValue(detail: marked.problem)
        }
        return largest + 1
    }

    /// Keeps `id`, the largest id of `marked`'s table a deletion removed, as its high-water mark
    /// when no larger id is left (only then is a write needed) and it is larger than the mark. A
    /// damaged mark (one ``next(_:_:)`` refuses) stays as it is, for `check` to report; ids
    /// below 1 are never given, and need no mark.
    static func keep(_ db: Database, _ marked: Marked, removed id: Int64?) throws {
        guard let id, id > 0 else { return }
        var left: Int64?
        try db.forEachRow(marked.largestSQL, binding: []) { step in
            left = try StoredValues(statement: step, name: .unidentified).optionalInteger(0, marked.largestPresent)
            return false
        }
        if let left, left >= id { return }
        try db.execute("""
            INSERT INTO restack_meta (key, value) VALUES (?1, ?2)
            ON CONFLICT (key) DO UPDATE SET value = CASE
                WHEN value IS NULL THEN ?2
                WHEN typeof(value) = 'integer' AND value >= 0 THEN MAX(value, ?2)
                ELSE value END
            """, binding: [marked.key.databaseValue, id.databaseValue])
    }

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

    /// What is wrong with `table`'s ids, or `nil` when a new row can still have one: for a
    /// marked table, what ``next(_:_:)`` refuses (a damaged mark included).
    static func problem(_ db: Database, _ table: String) throws -> String? {
        if let marked = [snapshots, values].first(where: { $0.table == table }) {
            do {
                _ = try next(db, marked)
                return nil
            } catch let damage as DamagedValue {
                return damage.detail
            }
        }
        let exhausted = try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ? AND seq >= 9223372036854775807)
                OR EXISTS (SELECT 1 FROM \(table) WHERE id = 9223372036854775807)
            """, arguments: [table]) ?? false
        guard exhausted else { return nil }
        return "\(table).id: the ids have reached 9223372036854775807, the largest (sqlite_sequence), so no row can be added; ids grow by one a save and never get there"
    }
}
