import Foundation
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
        // Through the connection: a descriptor of the file opened and closed beside it would let
        // go of its locks (POSIX's are the process's), and other processes would then delete and
        // remake the log and its index under it (issue 38: `check` saw a "malformed" file).
        if path != ":memory:", !path.isEmpty, let problem = attempt("checking the file's length", { StoreFileHeader.lengthProblem($0, path: path) }) ?? nil {
            problems.append(problem)
        }
        if let count = attempt("checking grdb_migrations", {
            try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM grdb_migrations WHERE typeof(identifier) != 'text'") ?? 0
        }), count > 0 {
            problems.append("grdb_migrations.identifier: \(count) value\(count == 1 ? "" : "s") that \(count == 1 ? "is" : "are") not text")
        }
        problems += Self.treeProblems(attempt)
        for (what, sql) in Self.treeChecks {
            if let found = attempt(what, { try Int64.fetchAll($0, sql: sql) }), !found.isEmpty {
                let ids = found.prefix(10).map(String.init).joined(separator: ", ")
                problems.append("\(what): snapshot\(found.count == 1 ? "" : "s") \(ids)\(found.count > 10 ? " and \(found.count - 10) more" : "")")
            }
        }
        for table in ExhaustedIDs.tables {
            // A mark of the wrong class is also a problem of its column, reported above.
            if let problem = attempt("checking the ids of \(table)", { try ExhaustedIDs.problem($0, table) }) ?? nil,
               !problems.contains(where: { $0.contains(problem) }) {
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
            recordCount: attempt("counting records") { try Int.fetchOne($0, sql: "SELECT COALESCE(SUM(record_count), 0) FROM restack_snapshot WHERE typeof(record_count) = 'integer'") ?? 0 }
        )
    }

    /// Restack's invariants of the snapshot rows that SQL sees, each a query for the ids of the
    /// snapshots that break it (values of the wrong class are reported above, and left out
    /// here); the trees are judged by ``treeProblems(_:)``.
    static let treeChecks: [(String, String)] = [
        // Enumerated columns: text of the right class that names none of their values.
        ("restack_snapshot.shape: a shape that is neither \(RestorationTree.Form.allCases.map(\.rawValue).joined(separator: " nor "))", """
            SELECT id FROM restack_snapshot WHERE typeof(shape) = 'text' AND shape NOT IN (\(RestorationTree.Form.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
            """),
        ("restack_snapshot.provisional_for: a pending provisional save of a snapshot that does not exist", """
            SELECT s.id FROM restack_snapshot s
            WHERE typeof(s.provisional_for) = 'integer' AND s.quarantined_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM restack_snapshot p WHERE p.id = s.provisional_for)
            """),
        // Rows of an older store that no tree could hold (migration 9 kept them as they were),
        // and rows of no snapshot.
        ("restack_legacy_record: records kept from before migration 9 that no tree holds", """
            SELECT DISTINCT snapshot_id FROM restack_legacy_record
            """),
        ("restack_legacy_container: containers kept from before migration 9 that no tree holds", """
            SELECT DISTINCT snapshot_id FROM restack_legacy_container
            """),
        ("restack_legacy_setting: settings kept from before migration 9 that no tree holds", """
            SELECT DISTINCT snapshot_id FROM restack_legacy_setting
            """),
    ]

    /// Every snapshot's tree read as a restore reads it, with its values: bytes that are not a
    /// tree, a value id with no row, an entry its kind does not allow (a slot, a gap in a stack,
    /// a setting, judged by the kinds' own declarations), each reported with its snapshot and
    /// path (the first 20 such trees), and a record count that is not its tree's; values named
    /// by trees of more than one session (a value belongs to one: such a reference was made
    /// behind Restack's back); and values that no tree references, from every tree's references,
    /// whatever else is wrong with its row: none when a tree does not decode, which may use any
    /// value.
    private static func treeProblems(_ attempt: ((String, (Database) throws -> [String]) -> [String]?)) -> [String] {
        attempt("reading the trees") { db in
            var problems: [String] = []
            // Each value named, with the session and snapshot of the first tree naming it.
            var referenced: [Int64: (session: Int64?, snapshot: Int64)] = [:]
            // The values named by trees of more than one session, with the snapshots naming them.
            var crossing: [Int64: [Int64]] = [:]
            var everyTreeDecodes = true
            let snapshots = try Row.fetchAll(db, sql: "SELECT id, format_version, shape, tree, record_count, session_id FROM restack_snapshot ORDER BY id")
            for row in snapshots {
                // A tree of another class than a blob is reported by the column scan above.
                guard case .int64(let id) = (row[0] as DatabaseValue).storage, case .blob(let tree) = (row[3] as DatabaseValue).storage else {
                    everyTreeDecodes = false
                    continue
                }
                if tree.first != MigratedTree.legacyFormat {
                    if let blob = try? TreeBlob(decoding: tree) {
                        // A session id of the wrong class is reported by the column scan above.
                        let session: Int64? = if case .int64(let session) = (row[5] as DatabaseValue).storage { session } else { nil }
                        for valueID in Set(blob.records.map(\.valueID)) {
                            guard let first = referenced[valueID] else {
                                referenced[valueID] = (session, id)
                                continue
                            }
                            if crossing[valueID] != nil {
                                crossing[valueID]?.append(id)
                            } else if let session, let firstSession = first.session, session != firstSession {
                                crossing[valueID] = [first.snapshot, id]
                            }
                        }
                        // A count of the wrong class is reported by the column scan above.
                        if problems.count < 20, case .int64(let stored) = (row[4] as DatabaseValue).storage,
                           let problem = SnapshotQueries.countProblem(stored: Int(clamping: stored), treeHolds: blob.records.count, snapshotID: id) {
                            problems.append(problem.detail)
                        }
                    } else {
                        everyTreeDecodes = false
                    }
                }
                // A format version or shape of the wrong class, or a shape no form has, is
                // reported by its own check: the tree cannot be judged.
                guard problems.count < 20, case .int64(let version) = (row[1] as DatabaseValue).storage, let formatVersion = Int(exactly: version),
                      let shape = String.fromDatabaseValue(row[2] as DatabaseValue).flatMap(DocumentRows.Shape.init(rawValue:)) else {
                    continue
                }
                do {
                    _ = try DocumentRows.document(db, snapshotID: id, tree: tree, formatVersion: formatVersion, shape: shape)
                } catch let damage as DamagedValue where !damage.detail.hasPrefix("restack_value.") {
                    // A value of the wrong class is reported by the column scan above.
                    problems.append(damage.detail)
                } catch is DamagedValue {
                }
            }
            if !crossing.isEmpty {
                let ids = crossing.keys.sorted()
                let named = ids.prefix(10).map { id in
                    let snapshots = crossing[id] ?? []
                    return "\(id) (snapshots \(snapshots.prefix(5).map(String.init).joined(separator: ", "))\(snapshots.count > 5 ? " and \(snapshots.count - 5) more" : ""))"
                }
                problems.append("restack_value: value\(ids.count == 1 ? "" : "s") named by trees of more than one session, which a value never is: "
                    + named.joined(separator: ", ") + (ids.count > 10 ? " and \(ids.count - 10) more" : ""))
            }
            let values = try Int64.fetchAll(db, sql: "SELECT id FROM restack_value ORDER BY id")
            let unreferenced = values.filter { referenced[$0] == nil }
            if everyTreeDecodes, !unreferenced.isEmpty {
                let ids = unreferenced.prefix(10).map(String.init).joined(separator: ", ")
                problems.append("restack_value: value\(unreferenced.count == 1 ? "" : "s") that no snapshot's tree references: \(ids)\(unreferenced.count > 10 ? " and \(unreferenced.count - 10) more" : "")")
            }
            return problems
        } ?? []
    }

    /// Rows of `table` that match `condition`: how many, and the first few, each named as a
    /// message names it ("snapshot 7", "a record of snapshot 7") with the value of `expression`.
    private static func rows(in db: Database, of table: String, where condition: String, showing expression: String) throws -> FoundRows {
        let name = switch table {
        case "restack_session": "'session ' || id"
        case "restack_snapshot": "'snapshot ' || id"
        case "restack_value": "'value ' || id"
        case "restack_meta": "'the entry ' || quote(key)"
        case "restack_outcome": "CASE typeof(id) WHEN 'integer' THEN 'outcome ' || id ELSE 'an outcome with a damaged id' END"
        case "restack_outcome_drop":
            "CASE typeof(outcome_id) WHEN 'integer' THEN 'a drop count of outcome ' || outcome_id ELSE 'a drop count with a damaged outcome_id' END"
        default: "'a row'"
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
