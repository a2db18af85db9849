import GRDB
import Restack

extension SnapshotStore {
    /// Examines the store without changing it: SQLite's integrity check, the applied
    /// migrations, Restack's own invariants (every stored value of the storage class its column
    /// must hold, slots and positions that make a stack, restore outcomes' results, layouts,
    /// reasons and counts), and counts.
    ///
    /// Damage is reported, not thrown: each part of the check runs in its own read, and one
    /// that cannot read the file adds a problem to the report and leaves its count `nil`.
    package func check() throws(StoreError) -> StoreCheckReport {
        var problems: [String] = []
        func attempt<T>(_ what: String, _ body: (Database) throws -> T) -> T? {
            do {
                return try read(body)
            } catch {
                problems.append("\(what): \(error)")
                return nil
            }
        }
        let integrity = attempt("integrity check") {
            try String.fetchAll($0, sql: "PRAGMA integrity_check")
        } ?? ["integrity check could not run"]
        // One pass over each table counts the values of a wrong class in every column; only a
        // column that has some is read again, for the rows to name.
        let tables = StoredColumn.all.reduce(into: [String]()) { if !$0.contains($1.table) { $0.append($1.table) } }
        let damagedColumns = tables.flatMap { table in
            let columns = StoredColumn.all.filter { $0.table == table }
            let counts = attempt("checking the values of \(table)") { db in
                try Row.fetchOne(db, sql: "SELECT \(columns.map { "TOTAL(\($0.wrongClassCondition))" }.joined(separator: ", ")) FROM \(table)")
                    .map { row in columns.indices.map { (Double.fromDatabaseValue(row[$0] as DatabaseValue) ?? 0) > 0 } }
            }
            return zip(columns, (counts ?? nil) ?? []).filter(\.1).map(\.0)
        }
        for column in damagedColumns {
            let found = attempt("checking \(column.table).\(column.name)") {
                try Self.rows(in: $0, of: column.table, where: column.wrongClassCondition, showing: "typeof(\(column.name))")
            }
            if let found, !found.rows.isEmpty {
                problems.append(found.describe { row, found in
                    column.problem(in: row, "expected \(column.expectation), found \(StorageClass(rawValue: found)?.phrase ?? found)")
                })
            }
        }
        if let orphans = attempt("foreign key check", { try String.fetchAll($0, sql: "SELECT \"table\" FROM pragma_foreign_key_check") }), !orphans.isEmpty {
            let tables = Set(orphans).sorted().joined(separator: ", ")
            problems.append("\(orphans.count) rows (of \(tables)) refer to a missing session or snapshot")
        }
        if path != ":memory:", !path.isEmpty, let problem = StoreFileHeader.lengthProblem(path: path) {
            problems.append(problem)
        }
        if let count = attempt("checking grdb_migrations", {
            try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM grdb_migrations WHERE typeof(identifier) != 'text'") ?? 0
        }), count > 0 {
            problems.append("grdb_migrations.identifier: \(count) value\(count == 1 ? "" : "s") that \(count == 1 ? "is" : "are") not text")
        }
        for (what, sql) in Self.treeChecks {
            if let found = attempt(what, { try Int64.fetchAll($0, sql: sql) }), !found.isEmpty {
                let ids = found.prefix(10).map(String.init).joined(separator: ", ")
                problems.append("\(what): snapshot\(found.count == 1 ? "" : "s") \(ids)\(found.count > 10 ? " and \(found.count - 10) more" : "")")
            }
        }
        for table in ExhaustedIDs.tables {
            if let problem = attempt("checking the ids of \(table)", { try ExhaustedIDs.problem($0, table) }) ?? nil {
                problems.append(problem)
            }
        }
        for (what, sql) in OutcomeQueries.checks {
            if let found = attempt(what, { try Int64.fetchAll($0, sql: sql) }), !found.isEmpty {
                let ids = found.prefix(10).map(String.init).joined(separator: ", ")
                problems.append("\(what): outcome\(found.count == 1 ? "" : "s") \(ids)\(found.count > 10 ? " and \(found.count - 10) more" : "")")
            }
        }
        let applied = attempt("applied migrations") {
            try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
                .filter { $0.hasPrefix(StoreSchema.migrationPrefix) }
        } ?? []
        func count(_ table: String) -> Int? {
            attempt("counting \(table)") { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
        }
        return StoreCheckReport(
            path: path,
            appliedMigrations: applied,
            knownMigrations: StoreSchema.knownMigrations,
            integrity: integrity,
            problems: problems,
            sessionCount: count("restack_session"),
            snapshotCount: count("restack_snapshot"),
            recordCount: count("restack_record")
        )
    }

    /// The slots of every kind as an SQL list: `'left', 'right', ...`.
    private static let slotList = DocumentRows.slots.map { "'\($0.name)'" }.joined(separator: ", ")
    /// The slots that hold one record (`right`...), as an SQL list.
    private static let singleSlotList = DocumentRows.slots.filter { !$0.isSequence }.map { "'\($0.name)'" }.joined(separator: ", ")
    /// Each kind with its slots: `(c.kind = 'stack' AND r.slot IN ('records')) OR ...`, from the
    /// kinds' own files: a new kind or slot needs no migration and no change here.
    private static let kindSlots = RestorationContainer.Kind.allCases.map { kind in
        "(c.kind = '\(kind.rawValue)' AND r.slot IN (\(kind.definition.slots.map { "'\($0.name)'" }.joined(separator: ", "))))"
    }.joined(separator: " OR ")

    /// The root a NavigationPath is stored as: a stack (its kind) that truncates (its setting
    /// and value), as SQL literals.
    private static let navigationPathRoot = (
        kind: "'\(RestorationContainer.Kind.stack.rawValue)'",
        setting: "'\(StackContainer<RestorationRecord>.settingNames[0])'",
        value: "'\(StackAfterDrop.truncate.rawValue)'"
    )

    /// Restack's invariants of the tree rows, each a query for the ids of the snapshots that
    /// break it (values of the wrong class are reported above, and left out here). Slot and kind
    /// names come from the kinds' files; the stored schema holds no list of them.
    static let treeChecks: [(String, String)] = [
        // Enumerated columns: text of the right class that names none of their values.
        ("restack_snapshot.shape: a shape that is neither \(RestorationTree.Form.allCases.map(\.rawValue).joined(separator: " nor "))", """
            SELECT id FROM restack_snapshot WHERE typeof(shape) = 'text' AND shape NOT IN (\(RestorationTree.Form.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
            """),
        ("restack_container.kind: a kind that is not \(RestorationContainer.Kind.allCases.map(\.rawValue).joined(separator: ", "))", """
            SELECT DISTINCT snapshot_id FROM restack_container
            WHERE typeof(kind) = 'text' AND kind NOT IN (\(RestorationContainer.Kind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
            """),
        // The readers' own limit: a tree nested deeper than a state may be is refused by
        // `show`, `plan` and `export`, so `check` refuses it too. A container's depth is its
        // owner's path steps plus one (every record on the path holds a container).
        ("restack_container: containers nested deeper than \(RestorationTree.maxContainerDepth)", """
            SELECT DISTINCT snapshot_id FROM restack_container
            WHERE typeof(owner) = 'text'
              AND (CASE owner WHEN '' THEN 1 ELSE 2 + length(owner) - length(replace(owner, '/', '')) END) > \(RestorationTree.maxContainerDepth)
            """),
    ] + SettingRows.checks + [
        ("restack_snapshot.provisional_for: a pending provisional save of a snapshot that does not exist", """
            SELECT s.id FROM restack_snapshot s
            WHERE typeof(s.provisional_for) = 'integer' AND s.quarantined_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM restack_snapshot p WHERE p.id = s.provisional_for)
            """),
        ("restack_record.slot: a slot that is not \(DocumentRows.slotNamesPhrase)", """
            SELECT DISTINCT snapshot_id FROM restack_record
            WHERE typeof(slot) = 'text' AND slot NOT IN (\(slotList))
            """),
        ("restack_record.position: a gap in a stack, or a single slot's record not alone at position 0", """
            SELECT DISTINCT snapshot_id FROM restack_record
            WHERE typeof(position) = 'integer'
            GROUP BY snapshot_id, parent, slot
            HAVING MIN(position) != 0 OR MAX(position) + 1 != COUNT(*) OR (slot IN (\(singleSlotList)) AND COUNT(*) != 1)
            """),
        ("restack_record.path: a path that is not its parent's path and its own step", """
            SELECT DISTINCT snapshot_id FROM restack_record
            WHERE typeof(path) = 'text' AND typeof(parent) = 'text' AND typeof(position) = 'integer'
              AND path IS NOT (CASE WHEN parent = '' THEN '' ELSE parent || '/' END)
                               || slot || CASE WHEN slot IN (\(singleSlotList)) THEN '' ELSE '[' || position || ']' END
            """),
        ("restack_record.parent: a record whose parent is not a record holding a container", """
            SELECT DISTINCT r.snapshot_id FROM restack_record r
            WHERE r.parent != '' AND NOT EXISTS (
                SELECT 1 FROM restack_container c WHERE c.snapshot_id = r.snapshot_id AND c.owner = r.parent)
            """),
        ("restack_container.owner: a container owned by no record", """
            SELECT DISTINCT c.snapshot_id FROM restack_container c
            WHERE c.owner != '' AND NOT EXISTS (
                SELECT 1 FROM restack_record r WHERE r.snapshot_id = c.snapshot_id AND r.path = c.owner)
            """),
        ("restack_container: a tree snapshot without exactly one root container, or a format-1 snapshot with containers", """
            SELECT s.id FROM restack_snapshot s
            WHERE (s.shape IN ('tree', 'navigationPath')) != EXISTS (SELECT 1 FROM restack_container c WHERE c.snapshot_id = s.id AND c.owner = '')
               OR (s.shape = 'drillDown' AND EXISTS (SELECT 1 FROM restack_container c WHERE c.snapshot_id = s.id))
               OR (s.shape = 'drillDown' AND EXISTS (SELECT 1 FROM restack_record r WHERE r.snapshot_id = s.id AND r.parent != ''))
            """),
        ("restack_container: a slot its container does not have, or settings out of range", """
            SELECT DISTINCT r.snapshot_id FROM restack_record r
            JOIN restack_container c ON c.snapshot_id = r.snapshot_id AND c.owner = r.parent
            WHERE NOT (\(kindSlots))
            UNION
            SELECT c.snapshot_id FROM restack_container c
            WHERE \(SettingRows.outOfRange)
            """),
        ("restack_snapshot.shape: a NavigationPath whose root is not a truncating stack of records without containers", """
            SELECT s.id FROM restack_snapshot s
            WHERE s.shape = 'navigationPath' AND (
                EXISTS (SELECT 1 FROM restack_container c WHERE c.snapshot_id = s.id AND c.owner = ''
                        AND (c.kind IS NOT \(navigationPathRoot.kind) OR NOT EXISTS (
                            SELECT 1 FROM restack_setting st WHERE st.snapshot_id = c.snapshot_id AND st.owner = c.owner
                            AND st.name IS \(navigationPathRoot.setting) AND st.value IS \(navigationPathRoot.value))))
                OR EXISTS (SELECT 1 FROM restack_record r WHERE r.snapshot_id = s.id AND r.parent != ''))
            """),
    ]

    /// Rows of `table` that match `condition`: how many, and the first few, each named as a
    /// message names it ("snapshot 7", "a record of snapshot 7") with the value of `expression`.
    private static func rows(in db: Database, of table: String, where condition: String, showing expression: String) throws -> FoundRows {
        let name = switch table {
        case "restack_session": "'session ' || id"
        case "restack_snapshot": "'snapshot ' || id"
        case "restack_setting":
            "CASE typeof(snapshot_id) WHEN 'integer' THEN 'a setting of snapshot ' || snapshot_id ELSE 'a setting with a damaged snapshot_id' END"
        case "restack_outcome": "CASE typeof(id) WHEN 'integer' THEN 'outcome ' || id ELSE 'an outcome with a damaged id' END"
        case "restack_outcome_drop":
            "CASE typeof(outcome_id) WHEN 'integer' THEN 'a drop count of outcome ' || outcome_id ELSE 'a drop count with a damaged outcome_id' END"
        default: "CASE typeof(snapshot_id) WHEN 'integer' THEN 'a record of snapshot ' || snapshot_id ELSE 'a record with a damaged snapshot_id' END"
        }
        let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(condition)") ?? 0
        let rows = try Row.fetchAll(db, sql: "SELECT \(name), \(expression) FROM \(table) WHERE \(condition) LIMIT 3")
            .map { row in (String.fromDatabaseValue(row[0] as DatabaseValue) ?? "a row", String.fromDatabaseValue(row[1] as DatabaseValue) ?? "") }
        return FoundRows(count: count, rows: rows)
    }
}

/// Rows that ``SnapshotStore/check()`` found wrong: how many, and the first few.
private struct FoundRows {
    var count: Int
    /// Each row's name and the value shown for it.
    var rows: [(row: String, value: String)]

    /// The problems of the first rows, and how many rows more have one.
    func describe(_ problem: (String, String) -> String) -> String {
        let first = rows.map { problem($0.row, $0.value) }.joined(separator: "; ")
        return count > rows.count ? "\(first); and \(count - rows.count) more such rows" : first
    }
}
