import GRDB
import GRDBSQLite

/// A cursor over a cached statement that hands out the statement itself at each step, so that
/// the caller reads the columns it needs straight from it (``StoredValues/init(statement:name:)``),
/// through GRDB's public `DatabaseCursor` protocol, whose stepping runs GRDB's execution hooks.
/// A statement that writes is stepped to its end the same way (``GRDB/Statement/execute(binding:)``).
///
/// Not `Row.fetchCursor`: a row cursor builds GRDB's `Row` over the statement, whose set-up at
/// every execution lowercases and hashes the statement's column names, and reads each value
/// through `Row`'s generic subscript.
final class StepCursor: DatabaseCursor {
    typealias Element = SQLiteStatement
    let _statement: Statement
    var _isDone = false

    /// Resets `statement` and binds `values` to its parameters in order, exactly
    /// (``GRDB/Statement/resetAndBind(_:)``).
    ///
    /// Not GRDB's `setArguments`: it validates the arguments against the statement and clears
    /// every binding before binding again.
    init(_ statement: Statement, binding values: [DatabaseValue]) throws {
        _statement = statement
        try statement.resetAndBind(values)
    }

    deinit {
        // Left before its end (a damaged value thrown, a failed step): reset now, as GRDB's own
        // cursors do, so that the statement holds no read open and its next use starts clean.
        // A failed step's error, which the reset repeats, is dropped (GRDB has thrown it).
        if !_isDone {
            sqlite3_reset(_statement.sqliteStatement)
        }
    }

    func _element(sqliteStatement: SQLiteStatement) throws -> SQLiteStatement {
        sqliteStatement
    }
}

/// A text column's value on the row a statement stands on, read once, exactly as stored.
///
/// Through the SQLite C API on GRDB's statement (GRDB's own `GRDBSQLite` module): GRDB gives a
/// value's storage class only through `DatabaseValue`, which reads TEXT as a C string (cut at a
/// NUL), so each text value was read twice (the class and string, then the bytes as `Data` to
/// keep what follows a NUL). This reads the class, then the bytes once, into a `String`.
enum ColumnText {
    case null
    case text(String)
    /// Not text: the value, for the error that names its class.
    case other(DatabaseValue)

    init(_ statement: SQLiteStatement, _ index: CInt) {
        guard sqlite3_column_type(statement, index) == SQLITE_TEXT else {
            let value = DatabaseValue(sqliteStatement: statement, index: index)
            self = value.isNull ? .null : .other(value)
            return
        }
        // `sqlite3_column_text` first, then `sqlite3_column_bytes`, as SQLite asks; the bytes
        // count them all, NUL characters included.
        guard let bytes = sqlite3_column_text(statement, index) else {
            self = .text("")
            return
        }
        self = .text(String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, index))), as: UTF8.self))
    }
}
