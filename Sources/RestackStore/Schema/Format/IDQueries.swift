import GRDB

/// The SQL of ids never given twice (``StoredIDs``): the largest id of a table, its high-water
/// mark in `restack_meta`, and `sqlite_sequence`'s.
enum IDQueries {
    /// The largest id present in `marked`'s table and its mark (`nil` for none), in one
    /// statement; a mark of another class than an integer is damage, named.
    static func largestAndMark(_ db: some StatementRunner, _ marked: StoredIDs.Marked) throws -> (largest: Int64?, mark: Int64?) {
        var found: (largest: Int64?, mark: Int64?) = (nil, nil)
        try db.forEachRow("SELECT (SELECT MAX(id) FROM \(marked.table)), (SELECT value FROM restack_meta WHERE key = '\(marked.key)')",
                          binding: []) { step in
            found = (try StoredValues(statement: step, name: .unidentified).optionalInteger(0, marked.largestPresent),
                     try StoredValues(statement: step, name: .metaEntry(marked.key)).optionalInteger(1, .metaValue))
            return false
        }
        return found
    }

    /// The largest id present in `marked`'s table, `nil` without rows.
    static func largestPresent(_ db: some StatementRunner, _ marked: StoredIDs.Marked) throws -> Int64? {
        var largest: Int64?
        try db.forEachRow("SELECT MAX(id) FROM \(marked.table)", binding: []) { step in
            largest = try StoredValues(statement: step, name: .unidentified).optionalInteger(0, marked.largestPresent)
            return false
        }
        return largest
    }

    /// Raises `marked`'s mark to `id` (or sets it when there is none); a damaged mark is left
    /// as it is, for `check` to report.
    static func raiseMark(_ db: some StatementRunner, _ marked: StoredIDs.Marked, to id: Int64) throws {
        try db.execute("""
            INSERT INTO restack_meta (key, value) VALUES (?1, ?2)
            ON CONFLICT (key) DO UPDATE SET value = CASE
                WHEN value IS NULL THEN ?2
                WHEN typeof(value) = 'integer' AND value >= 0 THEN MAX(value, ?2)
                ELSE value END
            """, binding: [marked.key.databaseValue, id.databaseValue])
    }

    /// Whether `table`'s `AUTOINCREMENT` ids have run out: its `sqlite_sequence` row, or a row
    /// at the largest id.
    static func sequenceExhausted(_ db: some StatementRunner, _ table: String) throws -> Bool {
        var exhausted = false
        try db.forEachRow("""
            SELECT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ? AND seq >= 9223372036854775807)
                OR EXISTS (SELECT 1 FROM \(table) WHERE id = 9223372036854775807)
            """, binding: [table.databaseValue]) { step in
            exhausted = (try StoredValues(statement: step, name: .unidentified).optionalInteger(0, .count) ?? 0) != 0
            return false
        }
        return exhausted
    }

    /// `restack_meta`'s `value_blocks_from` (migration 10): the first id of the first block of
    /// value ids, below which ids were given one after another. NULL, no entry, or a value that
    /// is not an integer of at least 0 is none: no value is then given a successor (``ValueIDs``).
    static func blocksFrom(_ db: some StatementRunner) throws -> Int64? {
        var from: Int64?
        try db.forEachRow("SELECT value FROM restack_meta WHERE key = 'value_blocks_from' AND typeof(value) = 'integer' AND value >= 0",
                          binding: []) { step in
            from = try StoredValues(statement: step, name: .metaEntry(ValueIDs.blocksFromKey)).optionalInteger(0, .metaValue)
            return false
        }
        return from
    }
}
