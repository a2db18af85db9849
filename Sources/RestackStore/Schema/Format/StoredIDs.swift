import GRDB

/// Ids that are never given twice: the one rule that gives a new id, and ids that have reached
/// the largest integer SQLite has, 9223372036854775807: `restack_session`'s (`AUTOINCREMENT`: its
/// `sqlite_sequence` row, or its largest id), and `restack_snapshot`'s and `restack_value`'s
/// (the largest id, or the largest ever given, `restack_meta`'s `snapshot_high_water` and
/// `value_high_water`, since migration 9).
///
/// A snapshot's id is one more than the largest ever given; a new value's id starts a block of
/// ``ValueIDs/blockSize`` or succeeds a value the same save releases (``ValueIDs``, migration
/// 10). SQLite refuses every insert past the largest integer with `SQLITE_FULL`, "database or
/// disk is full", which the store would report as a full disk. Ids grow by one a save (a block
/// a new value) and never get there: such a store was edited or damaged, and is reported so
/// (``StoreError/corrupt(path:detail:)`` when a save meets it, a problem in `check()`).
enum StoredIDs {
    /// The tables whose ids are never given twice.
    static let tables = ["restack_session", "restack_snapshot", "restack_value"]

    /// The damage of snapshot ids that have run out.
    static let snapshotProblem = "restack_snapshot.id: the ids have reached 9223372036854775807, the largest (snapshot_high_water), so no row can be added; ids grow by one a save and never get there"

    /// The damage of value ids that have run out.
    static let valueProblem = "restack_value.id: the ids have reached 9223372036854775807, the largest (value_high_water), so no value can be added; ids grow by at most \(ValueIDs.blockSize) a new record and never get there"

    /// A table whose ids are given above a high-water mark kept in `restack_meta` (migration
    /// 9): the largest id ever given.
    struct Marked: Sendable {
        /// The table, such as `restack_snapshot`.
        let table: String
        /// Its mark's key in `restack_meta`, such as `snapshot_high_water`.
        let key: String
        /// The damage of ids that have run out.
        let problem: String
        /// The id after `largestGiven`, or `nil` when there is none.
        let following: @Sendable (_ largestGiven: Int64) -> Int64?

        /// The largest id present, as ``IDQueries`` reads it (NULL without rows).
        var largestPresent: StoredColumn {
            StoredColumn(table, "MAX(id)", .integer, nullable: true)
        }
    }

    /// Snapshots' ids: one more than the largest ever given.
    static let snapshots = Marked(table: "restack_snapshot", key: "snapshot_high_water", problem: snapshotProblem) { largest in
        largest < .max ? largest + 1 : nil
    }
    /// Values' ids (``RecordValues``): a new block (``ValueIDs/freshBlock(after:)``).
    static let values = Marked(table: "restack_value", key: "value_high_water", problem: valueProblem) { largest in
        ValueIDs.freshBlock(after: largest)
    }

    /// The largest id of `marked`'s table ever given: the largest present or its high-water
    /// mark, whichever is larger.
    ///
    /// A mark that is not an integer of at least 0 (NULL is none) is damage, thrown as a
    /// ``DamagedValue`` naming it, never read past: the id it held may have been given.
    static func largestGiven(_ db: some StatementRunner, _ marked: Marked) throws -> Int64 {
        let found = try IDQueries.largestAndMark(db, marked)
        if let mark = found.mark, mark < 0 {
            throw DamagedValue(detail: StoredColumn.metaValue.problem(
                in: StoredRow.metaEntry(marked.key).description, "expected the largest id ever given, at least 0, found \(mark)"))
        }
        return max(found.largest ?? 0, found.mark ?? 0)
    }

    /// The id of a new row of `marked`'s table, above every id ever given: a snapshot whose
    /// value was deleted reports a missing value, never another record's. Ids that have run
    /// out are damage, never SQLite's "full".
    static func next(_ db: some StatementRunner, _ marked: Marked) throws -> Int64 {
        guard let id = marked.following(try largestGiven(db, marked)) else {
            throw DamagedValue(detail: marked.problem)
        }
        return id
    }

    /// Keeps `id`, the largest id of `marked`'s table a deletion removed, as its high-water mark
    /// when no larger id is left (only then is a write needed) and it is larger than the mark. A
    /// damaged mark (one ``largestGiven(_:_:)`` refuses) stays as it is, for `check` to report;
    /// ids below 1 are never given, and need no mark.
    static func keep(_ db: some StatementRunner, _ marked: Marked, removed id: Int64?) throws {
        guard let id, id > 0 else { return }
        if let left = try IDQueries.largestPresent(db, marked), left >= id { return }
        try IDQueries.raiseMark(db, marked, to: id)
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
    static func problem(_ db: some StatementRunner, _ table: String) throws -> String? {
        if let marked = [snapshots, values].first(where: { $0.table == table }) {
            do {
                _ = try next(db, marked)
                return nil
            } catch let damage as DamagedValue {
                return damage.detail
            }
        }
        guard try IDQueries.sequenceExhausted(db, table) else { return nil }
        return "\(table).id: the ids have reached 9223372036854775807, the largest (sqlite_sequence), so no row can be added; ids grow by one a save and never get there"
    }
}
