import GRDB

/// A cursor over a cached statement that hands out the statement itself at each step, so that
/// the caller reads the columns it needs straight from it (``StoredValues/init(statement:name:)``),
/// through GRDB's public `DatabaseCursor` protocol.
///
/// Not `Row.fetchCursor`: a row cursor builds GRDB's `Row` over the statement, whose set-up at
/// every execution lowercases and hashes the statement's column names (about 10k instructions
/// per execution of a 13-column statement, callgrind), and reads each value through `Row`'s
/// generic subscript.
final class StepCursor: DatabaseCursor {
    typealias Element = SQLiteStatement
    let _statement: Statement
    var _isDone = false

    /// Resets `statement` and binds `arguments` (GRDB's `setArguments` resets first).
    init(_ statement: Statement, arguments: StatementArguments) throws {
        _statement = statement
        try statement.setArguments(arguments)
    }

    deinit {
        // Left before its end (a damaged value thrown, a failed step): reset now, as GRDB's own
        // cursors do, so that the statement holds no read open and its next use starts clean.
        // `setArguments` resets; a failed step's error, which the reset repeats, is dropped.
        if !_isDone {
            try? _statement.setArguments(_statement.arguments)
        }
    }

    func _element(sqliteStatement: SQLiteStatement) throws -> SQLiteStatement {
        sqliteStatement
    }
}
