import GRDB

/// One of SQLite's storage classes: what `typeof()` says a stored value is.
enum StorageClass: String, Sendable, CaseIterable {
    case null, integer, real, text, blob

    /// The class of a value read through GRDB.
    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64: self = .integer
        case .double: self = .real
        case .string: self = .text
        case .blob: self = .blob
        }
    }

    /// The class as a message says it: "an integer", "text", "NULL".
    var phrase: String {
        switch self {
        case .null: "NULL"
        case .integer: "an integer"
        case .real: "a real"
        case .text: "text"
        case .blob: "a blob"
        }
    }
}

/// A column of Restack's tables and the storage class its values must have.
///
/// SQLite lets a column hold a value of any class (a text `saved_at`, an integer payload) when a
/// file is edited outside Restack or damaged. Every column Restack reads is read through
/// ``StoredValues``, which checks the class, and ``SnapshotStore/check()`` scans every column
/// listed in ``all`` with `typeof()`.
struct StoredColumn: Sendable, Hashable {
    /// The table, such as `restack_snapshot`.
    var table: String
    /// The column, such as `saved_at`.
    var name: String
    /// The class of its values.
    var storage: StorageClass
    /// Whether NULL is allowed too.
    var isNullable: Bool

    init(_ table: String, _ name: String, _ storage: StorageClass, nullable: Bool = false) {
        self.table = table
        self.name = name
        self.storage = storage
        self.isNullable = nullable
    }

    /// What the column must hold, for messages: "an integer", "text or NULL".
    var expectation: String {
        isNullable ? "\(storage.phrase) or NULL" : storage.phrase
    }

    /// The SQL that selects the column of table alias `alias` for ``StoredValues``.
    ///
    /// Text comes back as its bytes (`CAST(... AS BLOB)`), because GRDB reads TEXT as a C
    /// string, which would cut it at the first NUL; a value of another class comes back as the
    /// name of its class (TEXT), so the reader can tell which class it found.
    func selection(_ alias: String) -> String {
        let column = "\(alias).\(name)"
        guard storage == .text else { return column }
        // Text is what sorts from '' up to below any blob (SQLite orders NULL, numbers, text,
        // blobs): two comparisons, cheaper than a typeof() call per value. The unary + takes
        // the column's TEXT affinity away, which would compare a number as text. Named after
        // the column: GRDB lowercases and hashes the column names of a statement it steps.
        return "CASE WHEN +\(column) >= '' AND +\(column) < X'' THEN CAST(\(column) AS BLOB) WHEN \(column) IS NULL THEN NULL ELSE typeof(\(column)) END AS \(name)"
    }

    /// The condition, in SQL, under which the column holds a value of the wrong class.
    var wrongClassCondition: String {
        let allowed = [storage] + (isNullable ? [.null] : [])
        return "typeof(\(name)) NOT IN (\(allowed.map { "'\($0.rawValue)'" }.joined(separator: ", ")))"
    }

    /// A problem with the value in row `row`: "restack_snapshot.saved_at of snapshot 7: expected
    /// an integer, found text".
    func problem(in row: String, _ what: String) -> String {
        "\(table).\(name) of \(row): \(what)"
    }

    /// The error for a value of class `found` in row `row`.
    func wrongClass(_ found: String, in row: StoredRow) -> DamagedValue {
        DamagedValue(detail: problem(in: row.description, "expected \(expectation), found \(found)"))
    }
}

extension StoredColumn {
    static let sessionID = StoredColumn("restack_session", "id", .integer)
    static let sessionName = StoredColumn("restack_session", "name", .text)
    static let sessionOwner = StoredColumn("restack_session", "owner", .text)
    static let sessionCreatedAt = StoredColumn("restack_session", "created_at", .integer)
    static let restoringSnapshotID = StoredColumn("restack_session", "restoring_snapshot_id", .integer, nullable: true)

    static let snapshotID = StoredColumn("restack_snapshot", "id", .integer)
    static let snapshotSessionID = StoredColumn("restack_snapshot", "session_id", .integer)
    static let formatVersion = StoredColumn("restack_snapshot", "format_version", .integer)
    static let appVersion = StoredColumn("restack_snapshot", "app_version", .text, nullable: true)
    static let savedAt = StoredColumn("restack_snapshot", "saved_at", .integer)
    static let unconfirmedRestores = StoredColumn("restack_snapshot", "unconfirmed_restores", .integer)
    static let confirmedAt = StoredColumn("restack_snapshot", "confirmed_at", .integer, nullable: true)
    static let quarantinedAt = StoredColumn("restack_snapshot", "quarantined_at", .integer, nullable: true)
    static let provisionalFor = StoredColumn("restack_snapshot", "provisional_for", .integer, nullable: true)
    static let shape = StoredColumn("restack_snapshot", "shape", .text)

    static let recordCount = StoredColumn("restack_snapshot", "record_count", .integer)
    /// A snapshot's structure (``TreeBlob``); its entries are judged when the tree is read.
    static let tree = StoredColumn("restack_snapshot", "tree", .blob)

    static let valueID = StoredColumn("restack_value", "id", .integer)
    static let identifier = StoredColumn("restack_value", "identifier", .text, nullable: true)
    static let className = StoredColumn("restack_value", "class_name", .text, nullable: true)
    static let payload = StoredColumn("restack_value", "payload", .blob, nullable: true)

    static let metaKey = StoredColumn("restack_meta", "key", .text)
    static let metaValue = StoredColumn("restack_meta", "value", .integer, nullable: true)

    static let outcomeID = StoredColumn("restack_outcome", "id", .integer)
    static let outcomeSession = StoredColumn("restack_outcome", "session", .text)
    static let outcomeOwner = StoredColumn("restack_outcome", "owner", .text)
    static let recordedAt = StoredColumn("restack_outcome", "recorded_at", .integer)
    static let outcomeAppVersion = StoredColumn("restack_outcome", "app_version", .text, nullable: true)
    static let outcomeSnapshotID = StoredColumn("restack_outcome", "snapshot_id", .integer)
    static let snapshotAppVersion = StoredColumn("restack_outcome", "snapshot_app_version", .text, nullable: true)
    static let result = StoredColumn("restack_outcome", "result", .text)
    static let layout = StoredColumn("restack_outcome", "layout", .text, nullable: true)
    static let skippedQuarantined = StoredColumn("restack_outcome", "skipped_quarantined", .integer)
    static let restoredRecords = StoredColumn("restack_outcome", "restored_records", .integer)
    static let durationMilliseconds = StoredColumn("restack_outcome", "duration_ms", .integer, nullable: true)

    static let dropOutcomeID = StoredColumn("restack_outcome_drop", "outcome_id", .integer)
    static let reason = StoredColumn("restack_outcome_drop", "reason", .text)
    static let dropClassName = StoredColumn("restack_outcome_drop", "class_name", .text, nullable: true)
    static let dropCount = StoredColumn("restack_outcome_drop", "count", .integer)

    /// A count made by a query (not a stored column).
    static let count = StoredColumn("restack_snapshot", "COUNT(*)", .integer)
    /// A session's newest snapshot, made by a query (not a stored column); NULL without one.
    static let latestSnapshotID = StoredColumn("restack_snapshot", "MAX(id)", .integer, nullable: true)

    /// Every column of Restack's tables (as of the newest migration) whose class is fixed, for
    /// ``SnapshotStore/check()``; the entries of a tree are judged when it is read.
    static let all: [StoredColumn] = [
        sessionID, sessionOwner, sessionName, sessionCreatedAt, restoringSnapshotID,
        snapshotID, snapshotSessionID, formatVersion, appVersion, savedAt, unconfirmedRestores, confirmedAt, quarantinedAt,
        provisionalFor, shape, recordCount, tree,
        valueID, identifier, className, payload,
        metaKey, metaValue,
        outcomeID, outcomeOwner, outcomeSession, recordedAt, outcomeAppVersion, outcomeSnapshotID, snapshotAppVersion, result, layout,
        skippedQuarantined, restoredRecords, durationMilliseconds,
        dropOutcomeID, reason, dropClassName, dropCount,
    ]
}

/// Which row a stored value was read from, for messages. Cheap to make: the words are only
/// written when a value is wrong.
enum StoredRow: CustomStringConvertible, Sendable {
    case session(Int64)
    case snapshot(Int64)
    /// The value `id`, read for the record at `path` of a snapshot.
    case value(Int64, snapshot: Int64, path: String)
    /// A restore outcome.
    case outcome(Int64)
    /// A row of a restore outcome's dropped records.
    case outcomeDrop(outcome: Int64)
    /// The entry of `restack_meta` with this key, such as `snapshot_high_water`.
    case metaEntry(String)
    /// A row whose id could not be read.
    case unidentified

    var description: String {
        switch self {
        case .session(let id): "session \(id)"
        case .snapshot(let id): "snapshot \(id)"
        case .value(let id, let snapshot, let path): "value \(id) (the record at \"\(path)\" of snapshot \(snapshot))"
        case .outcome(let id): "outcome \(id)"
        case .outcomeDrop(let outcome): "a drop count of outcome \(outcome)"
        // As `check()` names it (SQL's `quote(key)`: the keys hold no quote).
        case .metaEntry(let key): "the entry '\(key)'"
        case .unidentified: "a row whose id is damaged"
        }
    }
}
