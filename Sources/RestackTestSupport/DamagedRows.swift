import Foundation
import GRDB
import Restack
import RestackStore

/// A value written into one cell of a Restack store, as an edit outside Restack or damage
/// would: a value of a storage class its column must not hold, or a value its column's
/// constraints forbid. Not part of Restack's API.
public struct Damage: Sendable, Hashable, CustomStringConvertible {
    /// The table, such as `restack_snapshot`.
    public var table: String
    /// The column, such as `saved_at`.
    public var column: String
    /// The SQL literal written, such as `'x'` or `X'00FF'`.
    public var literal: String
    /// What the literal is, for test names: "text", "blob", "'middle'".
    public var kind: String
    /// Whether listing, showing or restoring the damaged row reads this column (the others are
    /// seen by `check` only: `created_at`, `confirmed_at`, and the ids that link rows).
    public var isRead: Bool
    /// For `restack_setting`, the setting whose row is damaged (`focus` when `nil`).
    public var setting: String?

    /// A damage: `literal` (described as `kind`) in `table.column` (of the row of `setting`,
    /// for `restack_setting`).
    public init(table: String, column: String, literal: String, kind: String, isRead: Bool, setting: String? = nil) {
        self.table = table
        self.column = column
        self.literal = literal
        self.kind = kind
        self.isRead = isRead
        self.setting = setting
    }

    public var description: String {
        "\(table).\(column)\(setting.map { " (\($0))" } ?? "") = \(kind)"
    }

    /// `table.column`, as error messages name it.
    public var columnName: String {
        "\(table).\(column)"
    }
}

/// Stores with damaged rows, for the tests that check no read ever traps on them.
/// Not part of Restack's API.
public enum DamagedStores {
    /// SQLite's storage classes, with a literal of each that no column affinity converts.
    public static let literals: [(kind: String, literal: String)] = [
        ("NULL", "NULL"), ("integer", "42"), ("real", "1.5"), ("text", "'x'"), ("blob", "X'00FF'"),
    ]

    /// Each column of Restack's tables: the classes it may hold, whether it is part of a
    /// primary key (which never holds NULL), and whether reads use it.
    static let columns: [(table: String, column: String, allowed: Set<String>, key: Bool, read: Bool)] = [
        ("restack_session", "name", ["text"], false, true),
        ("restack_session", "created_at", ["integer"], false, false),
        ("restack_session", "restoring_snapshot_id", ["integer", "NULL"], false, false),
        ("restack_snapshot", "session_id", ["integer"], false, false),
        ("restack_snapshot", "format_version", ["integer"], false, true),
        ("restack_snapshot", "app_version", ["text", "NULL"], false, true),
        ("restack_snapshot", "saved_at", ["integer"], false, true),
        ("restack_snapshot", "unconfirmed_restores", ["integer"], false, true),
        ("restack_snapshot", "confirmed_at", ["integer", "NULL"], false, false),
        ("restack_snapshot", "quarantined_at", ["integer", "NULL"], false, true),
        ("restack_snapshot", "provisional_for", ["integer", "NULL"], false, true),
        ("restack_snapshot", "shape", ["text"], false, true),
        ("restack_record", "snapshot_id", ["integer"], true, false),
        ("restack_record", "path", ["text"], true, false),
        ("restack_record", "parent", ["text"], false, true),
        ("restack_record", "slot", ["text"], false, true),
        ("restack_record", "position", ["integer"], false, true),
        ("restack_record", "identifier", ["text", "NULL"], false, true),
        ("restack_record", "class_name", ["text", "NULL"], false, true),
        ("restack_record", "payload", ["blob", "NULL"], false, true),
        ("restack_container", "snapshot_id", ["integer"], true, false),
        ("restack_container", "owner", ["text"], true, true),
        ("restack_container", "kind", ["text"], false, true),
        // A setting's row is found by its container's snapshot and owner (a damaged one is a
        // setting of no container, which `check` reports), and read by its name.
        ("restack_setting", "snapshot_id", ["integer"], true, false),
        ("restack_setting", "owner", ["text"], true, false),
        ("restack_setting", "name", ["text"], true, true),
        ("restack_outcome", "session", ["text"], false, true),
        ("restack_outcome", "recorded_at", ["integer"], false, true),
        ("restack_outcome", "app_version", ["text", "NULL"], false, true),
        ("restack_outcome", "snapshot_id", ["integer"], false, true),
        ("restack_outcome", "snapshot_app_version", ["text", "NULL"], false, true),
        ("restack_outcome", "result", ["text"], false, true),
        ("restack_outcome", "layout", ["text", "NULL"], false, true),
        ("restack_outcome", "skipped_quarantined", ["integer"], false, true),
        ("restack_outcome", "restored_records", ["integer"], false, true),
        ("restack_outcome", "duration_ms", ["integer", "NULL"], false, true),
        ("restack_outcome_drop", "outcome_id", ["integer"], false, false),
        ("restack_outcome_drop", "reason", ["text"], false, true),
        ("restack_outcome_drop", "class_name", ["text", "NULL"], false, true),
        ("restack_outcome_drop", "count", ["integer"], false, true),
    ]

    /// Every column of every table with every storage class SQLite lets it hold that it must
    /// not, and values its constraints forbid (a slot neither left nor right, a negative
    /// position, a gap in the left stack).
    public static let all: [Damage] = columns.flatMap { column in
        literals.filter { !column.allowed.contains($0.kind) && !(column.key && $0.kind == "NULL") }.map {
            Damage(table: column.table, column: column.column, literal: $0.literal, kind: $0.kind, isRead: column.read)
        }
    } + [
        Damage(table: "restack_record", column: "slot", literal: "'middle'", kind: "'middle'", isRead: true),
        Damage(table: "restack_record", column: "position", literal: "-1", kind: "-1", isRead: true),
        Damage(table: "restack_record", column: "position", literal: "5", kind: "5", isRead: true),
        // Text of the right class that names no value of an enumerated column: read as one of
        // its values, it would pass unnoticed (a shape neither drill-down nor tree was once
        // read as a drill-down).
        Damage(table: "restack_snapshot", column: "shape", literal: "'branch'", kind: "'branch'", isRead: true),
        Damage(table: "restack_snapshot", column: "shape", literal: "'DrillDown'", kind: "'DrillDown'", isRead: true),
        Damage(table: "restack_container", column: "kind", literal: "'grid'", kind: "'grid'", isRead: true),
        // A setting's value is of the class its kind declares: text for a choice, an integer
        // for an index; and names one of its values.
        Damage(table: "restack_setting", column: "name", literal: "'zoom'", kind: "'zoom'", isRead: true),
        Damage(table: "restack_setting", column: "name", literal: "'selected'", kind: "'selected'", isRead: true),
    ] + settingValueDamages + [
        Damage(table: "restack_outcome", column: "result", literal: "'maybe'", kind: "'maybe'", isRead: true),
        Damage(table: "restack_outcome", column: "layout", literal: "'wide'", kind: "'wide'", isRead: true),
        Damage(table: "restack_outcome", column: "restored_records", literal: "-1", kind: "-1", isRead: true),
        Damage(table: "restack_outcome_drop", column: "reason", literal: "'lost'", kind: "'lost'", isRead: true),
        Damage(table: "restack_outcome_drop", column: "count", literal: "-3", kind: "-3", isRead: true),
    ]

    /// Damages of the settings' values: every class but the one each setting's kind declares,
    /// and text naming none of a choice's values.
    static let settingValueDamages: [Damage] = [("focus", "text"), ("compact", "text"), ("selected", "integer"), ("afterDrop", "text")]
        .flatMap { setting, allowed in
            literals.filter { $0.kind != allowed }.map {
                Damage(table: "restack_setting", column: "value", literal: $0.literal, kind: $0.kind, isRead: true, setting: setting)
            }
        } + [
            Damage(table: "restack_setting", column: "value", literal: "'middle'", kind: "'middle'", isRead: true, setting: "focus"),
            Damage(table: "restack_setting", column: "value", literal: "'sideways'", kind: "'sideways'", isRead: true, setting: "compact"),
            Damage(table: "restack_setting", column: "value", literal: "-1", kind: "-1", isRead: true, setting: "selected"),
            Damage(table: "restack_setting", column: "value", literal: "'rewind'", kind: "'rewind'", isRead: true, setting: "afterDrop"),
            Damage(table: "restack_setting", column: "value", literal: "'Truncate'", kind: "'Truncate'", isRead: true, setting: "afterDrop"),
        ]

    /// The rows a damage goes into: session "s", its newest snapshot, and that snapshot's
    /// second left record.
    static func target(_ table: String, _ column: String, setting: String? = nil) -> String {
        switch table {
        case "restack_setting":
            // Session "u"'s tree, as for its containers: the setting's row.
            "snapshot_id = (SELECT MAX(s.id) FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id WHERE ss.name = 'u') AND owner = '\(["selected": "", "afterDrop": "tabs[1]"][setting ?? "focus"] ?? "tabs[0]")' AND name = '\(setting ?? "focus")'"
        case "restack_container":
            // Session "u"'s tree: the root tab bar holds the selection, the stack at tabs[1] its
            // rule after a drop, the split at tabs[0] the other settings.
            "snapshot_id = (SELECT MAX(s.id) FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id WHERE ss.name = 'u') AND owner = 'tabs[0]'"
        case "restack_session": "name = 's'"
        case "restack_outcome": "id = (SELECT MAX(id) FROM restack_outcome)"
        case "restack_outcome_drop": "rowid = (SELECT MAX(rowid) FROM restack_outcome_drop)"
        case "restack_snapshot": "id = (SELECT MAX(s.id) FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id WHERE ss.name = 's')"
        default: "snapshot_id = (SELECT MAX(s.id) FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id WHERE ss.name = 's') AND path = 'left[1]'"
        }
    }

    /// The states the fixture saves: session "s" twice, session "t" once.
    public static let fixture: [(session: String, state: RestorationTree)] = [
        ("s", RestorationTree.drillDown(left: [RestorationRecord(identifier: "old", className: "OldController")])),
        ("s", RestorationTree.drillDown(
            left: [
                RestorationRecord(identifier: "a", className: "AController", payload: Data("pa".utf8)),
                RestorationRecord(identifier: "b\u{0}é", className: "BController", payload: Data([0, 1, 2])),
            ],
            right: RestorationRecord(identifier: "r", className: "RController", payload: Data())
        )),
        ("t", RestorationTree.drillDown(left: [RestorationRecord(identifier: "x", className: "XController")])),
    ]

    /// The tree the fixture saves as session "u": a tab bar whose first tab holds a split, the
    /// second a truncating stack.
    public static let fixtureTree = RestorationTree(root: .tabs(TabsContainer(tabs: [
        RestorationRecord(identifier: "nav", className: "NavController", container: .split(SplitContainer(
            primary: [RestorationRecord(identifier: "p", className: "PController")],
            detail: [RestorationRecord(identifier: "d", className: "DController")], focus: .detail, compact: .omitDetail))),
        RestorationRecord(identifier: "other", className: "OtherController", container: .stack(StackContainer(
            records: [RestorationRecord(identifier: "o", className: "OController")], afterDrop: .truncate))),
    ], selected: 0)))

    /// The fixture's store, made once per process and copied for each test.
    private static let template: (folder: TemporaryFolder, path: String) = {
        let folder = try! TemporaryFolder()
        let path = folder.path("fixture.sqlite")
        try! makeFixture(at: path)
        return (folder, path)
    }()

    /// A fresh copy of the fixture's store in `folder`.
    public static func copyOfFixture(in folder: TemporaryFolder, named name: String = "damaged.sqlite") throws -> String {
        let path = folder.path(name)
        try FileManager.default.copyItem(atPath: template.path, toPath: path)
        return path
    }

    /// Writes the fixture's store at `path`.
    public static func makeFixture(at path: String) throws {
        let store = try SnapshotStore(path: path)
        for (session, state) in fixture {
            try store.save(state, session: session, appVersion: "1.0")
        }
        try store.save(fixtureTree, session: "u", appVersion: "1.0")
        // A restore outcome with a drop count: session "s" restored without `BController`.
        if case .restore(let restoration) = try store.beginRestore(session: "s", layout: .compact, resolver: .knownClasses(["AController", "RController"])) {
            try store.confirmRestore(restoration)
        }
    }

    /// Writes `damage` into the store at `path` (closed), with nothing else changed: the schema
    /// is loosened for the write (no types, no NOT NULL, no CHECK) and then put back as it was,
    /// as an editor that bypasses the constraints would leave the file.
    public static func apply(_ damage: Damage, to path: String) throws {
        try write(path, "UPDATE \(damage.table) SET \(damage.column) = \(damage.literal) WHERE \(target(damage.table, damage.column, setting: damage.setting))")
    }

    /// Writes `literal` into column `column` of the `row`-th row (in key order, modulo the
    /// table's size) of `table`, for random damage.
    public static func write(_ literal: String, into table: String, column: String, row: Int, at path: String) throws {
        let key = table == "restack_record" ? "snapshot_id, path" : table == "restack_container" ? "snapshot_id, owner"
            : table == "restack_setting" ? "snapshot_id, owner, name"
            : table == "restack_outcome_drop" ? "rowid" : "id"
        let keyList = "(\(key))"
        try write(path, """
            UPDATE OR IGNORE \(table) SET \(column) = \(literal) WHERE \(keyList) IN (
                SELECT \(key) FROM \(table) ORDER BY \(key)
                LIMIT 1 OFFSET \(row) % MAX(1, (SELECT COUNT(*) FROM \(table))))
            """)
    }

    /// The columns random damage may go into: every column but the rowid aliases.
    public static let writableColumns: [(table: String, column: String)] = columns.map { ($0.table, $0.column) } + [("restack_setting", "value")]

    /// Runs `sql` with the tables' types and constraints lifted, then puts the schema back.
    static func write(_ path: String, _ sql: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let originals = try DatabaseQueue(path: path, configuration: configuration).read { db in
            try Dictionary(uniqueKeysWithValues: loosened.keys.map { table in
                (table, try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [table]) ?? "")
            })
        }
        try checkLoosenedSchemaMatches(path, configuration)
        try setSchema(loosened, at: path, configuration)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: sql)
        }
        try queue.close()
        try setSchema(originals, at: path, configuration)
    }

    /// Restack's tables with every column untyped and unconstrained (keys kept as they are).
    static let loosened = [
        "restack_session": "CREATE TABLE restack_session (id INTEGER PRIMARY KEY AUTOINCREMENT, name UNIQUE, created_at, restoring_snapshot_id)",
        "restack_snapshot": """
            CREATE TABLE restack_snapshot (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id, format_version, \
            app_version, saved_at, unconfirmed_restores, confirmed_at, quarantined_at, provisional_for, shape)
            """,
        "restack_record": """
            CREATE TABLE restack_record (snapshot_id, path, parent, slot, position, identifier, class_name, payload, \
            PRIMARY KEY (snapshot_id, path)) WITHOUT ROWID
            """,
        "restack_container": """
            CREATE TABLE restack_container (snapshot_id, owner, kind, PRIMARY KEY (snapshot_id, owner)) WITHOUT ROWID
            """,
        "restack_setting": """
            CREATE TABLE restack_setting (snapshot_id, owner, name, value, PRIMARY KEY (snapshot_id, owner, name)) WITHOUT ROWID
            """,
        "restack_outcome": """
            CREATE TABLE restack_outcome (id INTEGER PRIMARY KEY, session, recorded_at, app_version, snapshot_id, \
            snapshot_app_version, result, layout, skipped_quarantined, restored_records, duration_ms)
            """,
        "restack_outcome_drop": "CREATE TABLE restack_outcome_drop (outcome_id, reason, class_name, count)",
    ]

    /// Makes sure ``loosened`` has every column of the store's tables, in order: a migration
    /// that adds a column must add it there too, or loosening would damage the file.
    static func checkLoosenedSchemaMatches(_ path: String, _ configuration: Configuration) throws {
        func columns(_ db: Database) throws -> [String: [String]] {
            try Dictionary(uniqueKeysWithValues: loosened.keys.map { table in
                (table, try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]))
            })
        }
        let stored = try DatabaseQueue(path: path, configuration: configuration).read(columns)
        let scratch = try DatabaseQueue()
        let expected = try scratch.write { db in
            for sql in loosened.values { try db.execute(sql: sql) }
            return try columns(db)
        }
        guard stored == expected else {
            throw DatabaseError(message: "DamagedStores.loosened is out of date: the store has \(stored), loosened \(expected)")
        }
    }

    static func setSchema(_ tables: [String: String], at path: String, _ configuration: Configuration) throws {
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
            try db.execute(sql: "PRAGMA writable_schema = ON")
            for (table, sql) in tables {
                try db.execute(sql: "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = ?", arguments: [sql, table])
            }
            try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
            try db.execute(sql: "PRAGMA writable_schema = OFF")
        }
        try queue.close()
    }
}
