import Foundation
import GRDB
import GRDBSQLite

extension Statement {
    /// Executes this statement with `values` bound to its parameters in order: reset and bound
    /// by ``resetAndBind(_:)``, then stepped to its end by a ``StepCursor``, that is through
    /// GRDB's own `DatabaseCursor` stepping, whose execution hooks (transaction observers, the
    /// aborted-transaction check, the schema cache, a failed statement's removal from the cache)
    /// still run as they do for GRDB's `execute()`.
    ///
    /// Not `execute(arguments: [...])`: an array literal of `DatabaseValueConvertible?` boxes each
    /// argument as an existential and converts it again, the arguments are validated against the
    /// statement's parameters at every execution, and they are bound through one nested closure
    /// per argument (GRDB's temporary bindings). Not `setUncheckedArguments` + `execute()` either
    /// (this function's previous form): that clears every binding first (`sqlite3_clear_bindings`,
    /// paid on the 80 parameters of the records' `INSERT`) and binds text through GRDB's
    /// C-string path (see ``bind(_:to:at:)``).
    func execute(binding values: [DatabaseValue]) throws {
        let cursor = try StepCursor(self, binding: values)
        while try cursor.next() != nil {}
    }

    /// Resets this statement and binds `values` to its parameters in order, each one exactly:
    /// text with its byte count (NUL characters included), a blob as a blob even when empty.
    ///
    /// Through the SQLite C API on the statement GRDB prepared (GRDB's own `GRDBSQLite` module),
    /// as GRDB's `StatementBinding` does, but without its C-string conversion of text. GRDB's
    /// recorded arguments (`arguments`) are left as they were: these statements are only ever
    /// executed through here, and GRDB reads them back only for error messages.
    ///
    /// - Throws: A `DatabaseError` when `values` are not as many as the statement's parameters
    ///   (every parameter is bound at every execution: no binding of an earlier one is left), or
    ///   when SQLite refuses a value.
    func resetAndBind(_ values: [DatabaseValue]) throws {
        let statement = sqliteStatement
        // The statement's previous execution ended (a cursor resets at its end or when it is
        // dropped before), or failed: GRDB then removes it from the cache, so it is never reused.
        let reset = sqlite3_reset(statement)
        guard reset == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: reset), message: "cannot reset the statement", sql: sql)
        }
        try Self.bindEvery(values, to: statement, sql: sql)
    }

    /// Binds `values` to every parameter of `statement`, which was just reset or prepared, in
    /// order and exactly (``bind(_:to:at:)``). Also the binding of the store's launch connection,
    /// whose statements GRDB does not prepare.
    ///
    /// `sql` is read only for an error: GRDB's `Statement.sql` trims the statement's text at
    /// every read.
    ///
    /// - Throws: A `DatabaseError` when `values` are not as many as the statement's parameters,
    ///   or when SQLite refuses a value.
    static func bindEvery(_ values: [DatabaseValue], to statement: SQLiteStatement, sql: @autoclosure () -> String) throws {
        guard values.count == Int(sqlite3_bind_parameter_count(statement)) else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE,
                                message: "\(values.count) values for \(sqlite3_bind_parameter_count(statement)) parameters", sql: sql())
        }
        for (offset, value) in values.enumerated() {
            let code = bind(value, to: statement, at: CInt(offset + 1))
            guard code == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot bind parameter \(offset + 1)", sql: sql())
            }
        }
    }

    /// Binds one value, exactly.
    ///
    /// Text goes in by its UTF-8 bytes and their count, where GRDB's `String` binding hands
    /// SQLite a C string (a temporary copy of the string made for the call, then `strlen`, and
    /// a cut at the first NUL). An empty blob is bound as a zero-length blob, never as NULL (a
    /// `Data` without storage has no base address, which SQLite would take for NULL).
    static func bind(_ value: DatabaseValue, to statement: SQLiteStatement, at index: CInt) -> CInt {
        // SQLite copies the value before the bind returns (`SQLITE_TRANSIENT`).
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        switch value.storage {
        case .null:
            return sqlite3_bind_null(statement, index)
        case .int64(let integer):
            return sqlite3_bind_int64(statement, index, integer)
        case .double(let double):
            return sqlite3_bind_double(statement, index, double)
        case .string(var string):
            return string.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    guard let base = text.baseAddress else {
                        // An empty string may have no base address: bound as '' all the same.
                        return sqlite3_bind_text64(statement, index, "", 0, transient, UInt8(SQLITE_UTF8))
                    }
                    return sqlite3_bind_text64(statement, index, base, sqlite3_uint64(text.count), transient, UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let data):
            guard !data.isEmpty else {
                return sqlite3_bind_zeroblob(statement, index, 0)
            }
            return data.withUnsafeBytes { bytes in
                sqlite3_bind_blob64(statement, index, bytes.baseAddress, sqlite3_uint64(bytes.count), transient)
            }
        }
    }
}
