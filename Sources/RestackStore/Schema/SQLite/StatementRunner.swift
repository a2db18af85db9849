import GRDB
import GRDBSQLite

/// Where the store's statements run: a GRDB connection, or the store's lean launch connection
/// (`LaunchConnection`). The same SQL and the same checked decoding either way: the rows are read
/// from the statement itself (``StoredValues/init(statement:name:)``).
protocol StatementRunner {
    /// Runs `sql` with `values` bound to its parameters in order (every parameter, exactly:
    /// ``GRDB/Statement/bind(_:to:at:)``), and calls `body` with the statement standing on each
    /// row, in order, until `body` returns `false` or the rows end.
    func forEachRow(_ sql: String, binding values: [DatabaseValue], _ body: (SQLiteStatement) throws -> Bool) throws

    /// How many rows the last statement that wrote changed.
    var changesCount: Int { get }
}

extension StatementRunner {
    /// Runs a statement that returns no rows (an `UPDATE`), with `values` bound exactly.
    func execute(_ sql: String, binding values: [DatabaseValue]) throws {
        try forEachRow(sql, binding: values) { _ in true }
    }
}

extension Database: StatementRunner {
    /// Through GRDB's statement cache and its own cursor stepping (``StepCursor``), so that its
    /// execution hooks run as for any of its statements.
    func forEachRow(_ sql: String, binding values: [DatabaseValue], _ body: (SQLiteStatement) throws -> Bool) throws {
        let cursor = try StepCursor(cachedStatement(sql: sql), binding: values)
        while let step = try cursor.next() {
            guard try body(step) else { return }
        }
    }
}
