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
    /// For `restack_snapshot.tree`, the entry changed in the tree instead of a literal.
    public var edit: TreeEdit?

    /// A damage: `literal` (described as `kind`) in `table.column`.
    public init(table: String, column: String, literal: String, kind: String, isRead: Bool) {
        self.table = table
        self.column = column
        self.literal = literal
        self.kind = kind
        self.isRead = isRead
    }

    /// A damage of a snapshot's tree: `edit`, made to the tree as stored.
    public init(_ edit: TreeEdit) {
        self.init(table: "restack_snapshot", column: "tree", literal: "", kind: "\(edit)", isRead: true)
        self.edit = edit
    }

    public var description: String {
        "\(table).\(column) = \(kind)"
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
        // A damaged owner detaches its session from every owner's reads (as a damaged key
        // does); `check` reports it.
        ("restack_session", "owner", ["text"], false, false),
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
        ("restack_snapshot", "record_count", ["integer"], false, true),
        ("restack_snapshot", "tree", ["blob"], false, true),
        ("restack_value", "identifier", ["text", "NULL"], false, true),
        ("restack_value", "class_name", ["text", "NULL"], false, true),
        ("restack_value", "payload", ["blob", "NULL"], false, true),
        // The largest snapshot id ever given: read by a save only, not by listing, showing or
        // restoring (a damaged one is `.corrupt` naming it, and a problem `check` reports).
        ("restack_meta", "key", ["text"], true, false),
        ("restack_meta", "value", ["integer", "NULL"], false, false),
        ("restack_outcome", "session", ["text"], false, true),
        ("restack_outcome", "owner", ["text"], false, false),
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
    /// not, values its constraints forbid, and every entry of a tree (``TreeEdit``) that is
    /// not what its kind allows, or not a tree at all.
    public static let all: [Damage] = columns.flatMap { column in
        literals.filter { !column.allowed.contains($0.kind) && !(column.key && $0.kind == "NULL") }.map {
            Damage(table: column.table, column: column.column, literal: $0.literal, kind: $0.kind, isRead: column.read)
        }
    } + [
        // Text of the right class that names no value of an enumerated column: read as one of
        // its values, it would pass unnoticed (a shape neither drill-down nor tree was once
        // read as a drill-down).
        Damage(table: "restack_snapshot", column: "shape", literal: "'branch'", kind: "'branch'", isRead: true),
        Damage(table: "restack_snapshot", column: "shape", literal: "'DrillDown'", kind: "'DrillDown'", isRead: true),
        // A count of the right class that is not its tree's (history lists it without decoding).
        Damage(table: "restack_snapshot", column: "record_count", literal: "7", kind: "7", isRead: true),
    ] + treeDamages + [
        Damage(table: "restack_outcome", column: "result", literal: "'maybe'", kind: "'maybe'", isRead: true),
        Damage(table: "restack_outcome", column: "layout", literal: "'wide'", kind: "'wide'", isRead: true),
        Damage(table: "restack_outcome", column: "restored_records", literal: "-1", kind: "-1", isRead: true),
        Damage(table: "restack_outcome_drop", column: "reason", literal: "'lost'", kind: "'lost'", isRead: true),
        Damage(table: "restack_outcome_drop", column: "count", literal: "-3", kind: "-3", isRead: true),
    ]

    /// Damages of trees: the entries the tables of migrations 4 to 8 were damaged in (a slot
    /// no kind has, a gap in a stack, an unknown kind), what only a tree can be (bytes that are
    /// not one, a value id with no row, an owner that holds no container), and the settings
    /// (``settingDamages``).
    static let treeDamages: [Damage] = [
        Damage(.slot("middle")),
        Damage(.slot("records")),
        Damage(.position(5)),
        Damage(.owner(1)),
        Damage(.valueID(999_999)),
        Damage(.kind("grid")),
        Damage(.kind("stack")),
        Damage(.bytes([])),
        Damage(.bytes([1])),
        Damage(.bytes([2, 0, 0])),
        Damage(.bytes([1, 1, 0, 0x60, 0, 1, 0])),
        Damage(.bytes([1, 0, 0, 9])),
    ] + settingDamages

    /// Every setting every kind declares, broken in each way its declaration forbids, from the
    /// declarations (no list of settings here: a new kind's or setting's damages come with its
    /// declaration, and fail loudly until ``fixtureTree`` holds it): its first setting named as
    /// no kind names one and as another kind's; then each setting given a value of every other
    /// storage class, and a value its declaration does not allow (a choice: a name that is none
    /// of its values, and one that differs from one only by case; an index: -1, and the count of
    /// its slot).
    static let settingDamages: [Damage] = {
        let declared = ContainerKindName.allCases.flatMap { kind in kind.definition.settingDeclarations.map { (kind: kind.rawValue, declaration: $0) } }
        var result: [Damage] = []
        if let first = declared.first, let other = declared.first(where: { $0.kind != first.kind && $0.declaration.name != first.declaration.name }) {
            result.append(Damage(.settingName(kind: first.kind, from: first.declaration.name, to: "zoom")))
            result.append(Damage(.settingName(kind: first.kind, from: first.declaration.name, to: other.declaration.name)))
        }
        for (kind, declaration) in declared {
            let allowed: String
            let invalid: [SettingLiteral]
            switch declaration.values {
            case .choice(let names):
                allowed = "text"
                invalid = [.text("x"), .text(caseChanged(names.last ?? ""))]
            case .index(let slot):
                allowed = "integer"
                invalid = [.integer(-1), .integer(Int64(fixtureSlotCount(kind: kind, slot: slot)))]
            }
            let literals = SettingLiteral.ofEveryClass.filter { $0.className != allowed } + invalid
            result += literals.map { Damage(.settingValue(kind: kind, name: declaration.name, $0)) }
        }
        return result
    }()

    /// `name` with the case of its first letter changed: a value that differs from it by case
    /// only (`Truncate`).
    static func caseChanged(_ name: String) -> String {
        guard let first = name.first else { return "X" }
        return (first.isUppercase ? first.lowercased() : first.uppercased()) + name.dropFirst()
    }

    /// The number of records in the slot `slot` of the first container of kind `kind` in
    /// ``fixtureTree`` (0 when it has none).
    static func fixtureSlotCount(kind: String, slot: String) -> Int {
        var pending = [fixtureTree.root]
        while let container = pending.popLast() {
            let parts = container.parts
            if container.kind.rawValue == kind, let index = parts.kind.slots.firstIndex(where: { $0.name == slot }) {
                return parts.slots[index].count
            }
            pending += container.elements.compactMap(\.container).reversed()
        }
        return 0
    }

    /// The rows a damage goes into: session "s", its newest snapshot, and the value of that
    /// snapshot's second left record; the largest id's entry of `restack_meta`.
    static func target(_ table: String, _ column: String, at path: String) throws -> String {
        switch table {
        case "restack_session": "name = 's'"
        case "restack_outcome": "id = (SELECT MAX(id) FROM restack_outcome)"
        case "restack_outcome_drop": "rowid = (SELECT MAX(rowid) FROM restack_outcome_drop)"
        case "restack_snapshot": "id = \(try TreeEdit.snapshotID(of: "s", at: path))"
        case "restack_meta": "key = 'snapshot_high_water'"
        default: "id = \(try TreeEdit.tree(of: "s", at: path).records[1].valueID)"
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

    /// The tree the fixture saves as session "u": a container of every kind that has settings,
    /// each setting away from its unwritten default (so that each is stored, and damaged by
    /// ``settingDamages``): a tab bar whose first tab holds a split, the second a truncating
    /// stack, the third three columns focused on the content; then, for a kind with settings
    /// that none of these is (one added later), a tab holding one, made from its declarations.
    public static let fixtureTree: RestorationTree = {
        var tabs = [
            RestorationRecord(identifier: "nav", className: "NavController", container: .split(SplitContainer(
                primary: [RestorationRecord(identifier: "p", className: "PController")],
                detail: [RestorationRecord(identifier: "d", className: "DController")], focus: .detail, compact: .omitDetail))),
            RestorationRecord(identifier: "other", className: "OtherController", container: .stack(StackContainer(
                records: [RestorationRecord(identifier: "o", className: "OController")], afterDrop: .truncate))),
            RestorationRecord(identifier: "mail", className: "MailController", container: .columns(ColumnsContainer(
                sidebar: [RestorationRecord(identifier: "s", className: "SController")],
                content: [RestorationRecord(identifier: "c", className: "CController")], focus: .content))),
        ]
        let held = Set([ContainerKindName.tabs] + tabs.compactMap { $0.container?.kind })
        for kind in ContainerKindName.allCases where !held.contains(kind) && !kind.definition.settingDeclarations.isEmpty {
            let slots = kind.definition.slots.map { [RestorationRecord(identifier: "\(kind.rawValue)-\($0.name)", className: "XController")] }
            let declarations = kind.definition.settingDeclarations
            let settings = kind.definition.validSettings(slotCounts: slots.map(\.count)).first { values in
                zip(declarations, values).allSatisfy { $1 != nil && $1 != $0.unwrittenDefault }
            }
            tabs.append(RestorationRecord(identifier: kind.rawValue, className: "XController",
                                          container: RestorationContainer(kind: kind, slots: slots, settings: settings ?? [])))
        }
        return RestorationTree(root: .tabs(TabsContainer(tabs: tabs, selected: 0)))
    }()

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

    /// Writes the fixture's store at `path`: the states above, a restore outcome, and a session
    /// saved and deleted, so that the largest snapshot id ever given is kept (`restack_meta`).
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
        try store.save(.drillDown(left: [RestorationRecord(identifier: "gone")]), session: "gone")
        try store.deleteSession("gone")
    }

    /// Writes `damage` into the store at `path` (closed), with nothing else changed: the schema
    /// is loosened for the write (no types, no NOT NULL, no CHECK) and then put back as it was,
    /// as an editor that bypasses the constraints would leave the file. A tree's damage is made
    /// to its entries (``TreeEdit``) and written as bytes.
    public static func apply(_ damage: Damage, to path: String) throws {
        if let edit = damage.edit {
            try edit.apply(to: path)
            return
        }
        try write(path, "UPDATE \(damage.table) SET \(damage.column) = \(damage.literal) WHERE \(try target(damage.table, damage.column, at: path))")
    }

    /// Writes `literal` into column `column` of the `row`-th row (in key order, modulo the
    /// table's size) of `table`, for random damage.
    public static func write(_ literal: String, into table: String, column: String, row: Int, at path: String) throws {
        let key = table == "restack_meta" ? "key" : table == "restack_outcome_drop" ? "rowid" : "id"
        try write(path, """
            UPDATE OR IGNORE \(table) SET \(column) = \(literal) WHERE \(key) IN (
                SELECT \(key) FROM \(table) ORDER BY \(key)
                LIMIT 1 OFFSET \(row) % MAX(1, (SELECT COUNT(*) FROM \(table))))
            """)
    }

    /// The columns random damage may go into: every column but the rowid aliases.
    public static let writableColumns: [(table: String, column: String)] = columns.map { ($0.table, $0.column) }

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
        "restack_session": "CREATE TABLE restack_session (id INTEGER PRIMARY KEY AUTOINCREMENT, owner, name, created_at, restoring_snapshot_id, UNIQUE (owner, name))",
        "restack_snapshot": """
            CREATE TABLE restack_snapshot (id INTEGER PRIMARY KEY, session_id, format_version, \
            app_version, saved_at, unconfirmed_restores, confirmed_at, quarantined_at, provisional_for, shape, record_count, tree)
            """,
        "restack_value": "CREATE TABLE restack_value (id INTEGER PRIMARY KEY, identifier, class_name, payload)",
        "restack_meta": "CREATE TABLE restack_meta (key PRIMARY KEY, value) WITHOUT ROWID",
        "restack_outcome": """
            CREATE TABLE restack_outcome (id INTEGER PRIMARY KEY, session, recorded_at, app_version, snapshot_id, \
            snapshot_app_version, result, layout, skipped_quarantined, restored_records, duration_ms, owner)
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
