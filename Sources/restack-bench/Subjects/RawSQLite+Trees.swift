import Foundation
import GRDBSQLite
import Restack

/// The raw baseline for trees: the same rows Restack writes for a format-2 snapshot (records by
/// path with parent, slot and position; containers by owner), through the C API, and a restore
/// that reads them back into a tree and plans it.
extension RawSQLite {
    func saveTree(_ tree: RestorationTree, session: String) throws {
        let savedAt = Int64(Date().timeIntervalSince1970 * 1000)
        try execute("BEGIN IMMEDIATE")
        do {
            let sessionID = try sessionID(session, savedAt: savedAt)
            let snapshot = try prepared("INSERT INTO restack_snapshot (session_id, format_version, app_version, saved_at, shape) VALUES (?, ?, NULL, ?, 'tree')")
            sqlite3_bind_int64(snapshot, 1, sessionID)
            sqlite3_bind_int64(snapshot, 2, Int64(tree.formatVersion))
            sqlite3_bind_int64(snapshot, 3, savedAt)
            try step(snapshot)
            let snapshotID = sqlite3_last_insert_rowid(db)
            let record = try prepared("""
                INSERT INTO restack_record (snapshot_id, path, parent, slot, position, identifier, class_name, payload)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let container = try prepared("INSERT INTO restack_container (snapshot_id, owner, kind) VALUES (?, ?, ?)")
            let setting = try prepared("INSERT INTO restack_setting (snapshot_id, owner, name, value) VALUES (?, ?, ?, ?)")
            func insert(_ value: RestorationContainer, owner: String) throws {
                sqlite3_bind_int64(container, 1, snapshotID)
                bind(container, 2, owner)
                bind(container, 3, value.kind.rawValue)
                try step(container)
                var settings: [(String, String?, Int64?)] = []
                if case .split(let split) = value {
                    settings = [("focus", split.focus.rawValue, nil), ("compact", split.compact.rawValue, nil)]
                } else if case .tabs(let tabs) = value, let selected = tabs.selected {
                    settings = [("selected", nil, Int64(selected))]
                }
                for (name, text, number) in settings {
                    sqlite3_bind_int64(setting, 1, snapshotID)
                    bind(setting, 2, owner)
                    bind(setting, 3, name)
                    if let text { bind(setting, 4, text) } else if let number { sqlite3_bind_int64(setting, 4, number) }
                    try step(setting)
                }
                for (step, child) in value.children {
                    let (slot, position) = (step.slotName, step.index)
                    let path = owner.isEmpty ? step.description : "\(owner)/\(step)"
                    sqlite3_bind_int64(record, 1, snapshotID)
                    bind(record, 2, path)
                    bind(record, 3, owner)
                    bind(record, 4, slot)
                    sqlite3_bind_int64(record, 5, Int64(position))
                    bind(record, 6, child.identifier)
                    bind(record, 7, child.className)
                    bind(record, 8, child.payload)
                    try self.step(record)
                    if let nested = child.container {
                        try insert(nested, owner: path)
                    }
                }
            }
            try insert(tree.root, owner: "")
            try prune(sessionID: sessionID, keeping: snapshotID)
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Loads the latest tree of the session and plans it; returns the records restored.
    func restoreTree(session: String) throws -> Int {
        try execute("BEGIN")
        defer { try? execute("COMMIT") }
        let (snapshotID, formatVersion) = try latestSnapshot(session: session)
        var children: [String: [(slot: String, position: Int, record: RestorationRecord)]] = [:]
        let records = try prepared("SELECT parent, slot, position, identifier, class_name, payload FROM restack_record WHERE snapshot_id = ?")
        sqlite3_bind_int64(records, 1, snapshotID)
        while sqlite3_step(records) == SQLITE_ROW {
            let payload = sqlite3_column_blob(records, 5).map { Data(bytes: $0, count: Int(sqlite3_column_bytes(records, 5))) }
            let record = RestorationRecord(identifier: text(records, 3), className: text(records, 4), payload: payload)
            children[text(records, 0) ?? "", default: []].append((text(records, 1) ?? "", Int(sqlite3_column_int64(records, 2)), record))
        }
        sqlite3_reset(records)
        var containers: [String: (kind: String, focus: String?, compact: String?, selected: Int?)] = [:]
        let rows = try prepared("""
            SELECT c.owner, c.kind, s.name, s.value FROM restack_container c
            LEFT JOIN restack_setting s ON s.snapshot_id = c.snapshot_id AND s.owner = c.owner WHERE c.snapshot_id = ?
            """)
        sqlite3_bind_int64(rows, 1, snapshotID)
        while sqlite3_step(rows) == SQLITE_ROW {
            let owner = text(rows, 0) ?? ""
            var row = containers[owner] ?? (text(rows, 1) ?? "", nil, nil, nil)
            switch text(rows, 2) {
            case "focus": row.focus = text(rows, 3)
            case "compact": row.compact = text(rows, 3)
            case "selected": row.selected = Int(sqlite3_column_int64(rows, 3))
            default: break
            }
            containers[owner] = row
        }
        sqlite3_reset(rows)
        func build(_ owner: String) -> RestorationContainer {
            let settings = containers[owner]!
            var slots: [String: [RestorationRecord]] = [:]
            for child in (children[owner] ?? []).sorted(by: { ($0.slot, $0.position) < ($1.slot, $1.position) }) {
                var record = child.record
                let path = "\(owner.isEmpty ? "" : owner + "/")\(child.slot)\(child.slot == "right" ? "" : "[\(child.position)]")"
                if containers[path] != nil {
                    record.container = build(path)
                }
                slots[child.slot, default: []].append(record)
            }
            switch settings.kind {
            case "drillDown": return .drillDown(DrillDownContainer(left: slots["left"] ?? [], right: slots["right"]?.first))
            case "stack": return .stack(StackContainer(records: slots["records"] ?? []))
            case "split":
                return .split(SplitContainer(primary: slots["primary"] ?? [], detail: slots["detail"] ?? [],
                                             focus: SplitSide(rawValue: settings.focus ?? "") ?? .primary,
                                             compact: SplitCompactPolicy(rawValue: settings.compact ?? "") ?? .merge))
            default: return .tabs(TabsContainer(tabs: slots["tabs"] ?? [], selected: settings.selected))
            }
        }
        let plan = Restorer.plan(RestorationTree(formatVersion: formatVersion, root: build("")))
        return plan.restoredTree?.recordCount ?? 0
    }
}
