import Foundation
import GRDB
import GRDBSQLite

/// Reads the stored values of one fetched row with checked conversions.
///
/// GRDB's `row[...]` subscript traps when a value cannot convert (a NULL where an integer is
/// due), and converts silently where it can (text read as an integer gives 0). A store edited
/// outside Restack, or damaged, can hold a value of any class in any column, so every value
/// Restack reads goes through here: a value of the wrong storage class throws a ``DamagedValue``
/// naming the table, column and row, such as `restack_snapshot.saved_at of snapshot 7: expected
/// an integer, found text`, which the store reports as ``StoreError/corrupt(path:detail:)``.
///
/// Values are inspected as GRDB's `DatabaseValue`, which reads an integer without allocating and
/// a blob with one copy (the copy the caller keeps). Text columns must be selected with
/// ``StoredColumn/selection(_:)``.
struct StoredValues {
    /// The row, when values are not read from a statement's current step.
    let row: Row?
    let name: StoredRow
    /// The statement `row` is the current row of, when it comes from a cursor.
    let statement: SQLiteStatement?

    /// The values of `row`, named by the id in its column `index`.
    init(row: Row, idAt index: Int, _ column: StoredColumn, of statement: Statement? = nil, name: (Int64) -> StoredRow) throws(DamagedValue) {
        let id = try StoredValues(row: row, of: statement, name: .unidentified).integer(index, column)
        self.init(row: row, of: statement, name: name(id))
    }

    /// The values of `row`, named `name`. Give the `statement` a cursor steps when `row` is
    /// its current row: values are then read from it directly, which is what keeps the restore
    /// path fast.
    init(row: Row, of statement: Statement? = nil, name: StoredRow) {
        self.row = row
        self.name = name
        self.statement = statement?.sqliteStatement
    }

    /// The values of the row `statement` stands on, named `name`: read straight from the
    /// statement's columns, without a `Row` (see ``StepCursor``).
    init(statement: SQLiteStatement, name: StoredRow) {
        self.row = nil
        self.name = name
        self.statement = statement
    }

    /// The value at `index`, of the class `column` allows (text as its bytes), or the error.
    private func value(_ index: Int, _ column: StoredColumn) throws(DamagedValue) -> DatabaseValue {
        // Not `row[index] as DatabaseValue`: GRDB's generic subscript is not specialized across
        // modules, and its conformance lookups slowed every restore.
        let value = statement.map { DatabaseValue(sqliteStatement: $0, index: CInt(index)) }
            ?? row.map { $0[$0.startIndex.advanced(by: index)].1 } ?? .null
        switch (value.storage, column.storage) {
        case (.null, _) where column.isNullable,
             (.int64, .integer), (.double, .real), (.blob, .blob), (.blob, .text):
            return value
        case (.string(let found), .text):
            // A text column selected with `selection(_:)`: the class found instead of text.
            throw column.wrongClass(StorageClass(rawValue: found)?.phrase ?? found, in: name)
        default:
            throw column.wrongClass(StorageClass(value).phrase, in: name)
        }
    }

    /// An integer.
    func integer(_ index: Int, _ column: StoredColumn) throws(DamagedValue) -> Int64 {
        if let integer = storedInteger(index, column) {
            return integer
        }
        guard case .int64(let integer) = try value(index, column).storage else {
            throw column.wrongClass(StorageClass.null.phrase, in: name)
        }
        return integer
    }

    /// An integer, or `nil` for NULL in a nullable column.
    func optionalInteger(_ index: Int, _ column: StoredColumn) throws(DamagedValue) -> Int64? {
        if let integer = storedInteger(index, column) {
            return integer
        }
        guard case .int64(let integer) = try value(index, column).storage else { return nil }
        return integer
    }

    /// The integer an integer column holds on the row a statement stands on, read with the C
    /// API; `nil` for anything else (NULL, another class, a value from a `Row`), which
    /// ``value(_:_:)`` then checks as before. Not through `DatabaseValue`, whose enum is built
    /// and switched over twice per value.
    private func storedInteger(_ index: Int, _ column: StoredColumn) -> Int64? {
        guard column.storage == .integer, let statement, sqlite3_column_type(statement, CInt(index)) == SQLITE_INTEGER else {
            return nil
        }
        return sqlite3_column_int64(statement, CInt(index))
    }

    /// An integer that fits an `Int`.
    func int(_ index: Int, _ column: StoredColumn) throws(DamagedValue) -> Int {
        let integer = try integer(index, column)
        guard let int = Int(exactly: integer) else {
            throw DamagedValue(detail: column.problem(in: name.description, "\(integer) is out of range"))
        }
        return int
    }

    /// A time stored as whole milliseconds since 1970.
    func date(_ index: Int, _ column: StoredColumn) throws(DamagedValue) -> Date {
        SnapshotQueries.date(milliseconds: try integer(index, column))
    }

    /// A time stored as whole milliseconds since 1970, or `nil` for NULL.
    func optionalDate(_ index: Int, _ column: StoredColumn) throws(DamagedValue) -> Date? {
        try optionalInteger(index, column).map(SnapshotQueries.date(milliseconds:))
    }

    /// Text, exactly as stored (NUL characters included), or `nil` for NULL.
    func text(_ index: Int, _ column: StoredColumn) throws(DamagedValue) -> String? {
        guard case .blob(let bytes) = try value(index, column).storage else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Text from a column selected as it is (not with ``StoredColumn/selection(_:)``), exactly
    /// as stored, or `nil` for NULL; only for values read from a statement.
    ///
    /// One column reference instead of the selection's five: GRDB's authorizer pays per column
    /// reference when a statement is prepared. GRDB reads TEXT as a C string, which would cut
    /// it at a NUL: the value is read once, as bytes, by ``ColumnText``.
    func exactText(_ index: Int, _ column: StoredColumn) throws(DamagedValue) -> String? {
        guard let statement else { return try text(index, column) }
        switch ColumnText(statement, CInt(index)) {
        case .text(let string):
            return string
        case .null where column.isNullable:
            return nil
        case .null:
            throw column.wrongClass(StorageClass.null.phrase, in: name)
        case .other(let value):
            throw column.wrongClass(StorageClass(value).phrase, in: name)
        }
    }

    /// Text from a column selected as it is, in a column that never holds NULL.
    func requiredExactText(_ index: Int, _ column: StoredColumn) throws(DamagedValue) -> String {
        guard let text = try exactText(index, column) else {
            throw column.wrongClass(StorageClass.null.phrase, in: name)
        }
        return text
    }

    /// Text in a column that never holds NULL.
    func requiredText(_ index: Int, _ column: StoredColumn) throws(DamagedValue) -> String {
        guard let text = try text(index, column) else {
            throw column.wrongClass(StorageClass.null.phrase, in: name)
        }
        return text
    }

    /// A blob, or `nil` for NULL.
    func blob(_ index: Int, _ column: StoredColumn) throws(DamagedValue) -> Data? {
        guard case .blob(let bytes) = try value(index, column).storage else { return nil }
        return bytes
    }
}

/// A stored value that is not what its column must hold. The store reports it as
/// ``StoreError/corrupt(path:detail:)`` with this detail.
package struct DamagedValue: Error, Equatable {
    /// What is wrong, where: `restack_snapshot.saved_at of snapshot 7: expected an integer, found text`.
    package var detail: String

    package init(detail: String) {
        self.detail = detail
    }
}
