import GRDB

extension Statement {
    /// Executes this statement with `values` bound to its parameters in order, through GRDB's
    /// lower-level means: `setUncheckedArguments(_:)` (which resets the statement, clears its
    /// bindings and marks them set), GRDB's public `StatementBinding.bind(to:at:)` on the
    /// statement's `sqliteStatement`, and GRDB's own `execute()`, whose execution hooks
    /// (transaction observers, the aborted-transaction check, the schema cache) still run.
    ///
    /// Not `execute(arguments: [...])`: an array literal of `DatabaseValueConvertible?` boxes each
    /// argument as an existential and converts it again, the arguments are validated against the
    /// statement's parameters at every execution, and they are bound through one nested closure
    /// per argument (GRDB's temporary bindings). Not `StatementArguments(values)` either: that
    /// initializer is generic and not specialized across modules (about 21k instructions per
    /// statement). Over a save's 13 statements (10 records) this took a save from 1.15M to 1.11M instructions
    /// (callgrind, `restack-bench probe --save`; raw SQLite: 0.95M).
    ///
    /// `values.count` must be the statement's parameter count (the SQL beside each call): GRDB
    /// does not check it on this path, so debug builds (the tests) do. A statement whose step
    /// failed is never reused (GRDB removes it from the cache), so the reset that
    /// `setUncheckedArguments` begins with never meets a stale error.
    func execute(binding values: [DatabaseValue]) throws {
        assert((try? validateArguments(StatementArguments(values))) != nil, "\(values.count) values for \(sql)")
        setUncheckedArguments(StatementArguments())
        for (offset, value) in values.enumerated() {
            let code = ResultCode(rawValue: value.bind(to: sqliteStatement, at: CInt(offset + 1)))
            guard code == .SQLITE_OK else {
                throw DatabaseError(resultCode: code, message: "cannot bind parameter \(offset + 1)", sql: sql)
            }
        }
        try execute()
    }
}
