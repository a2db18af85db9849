import Foundation
import GRDB
import Restack

/// The SQL of restore outcomes (migration 7): recording one with its drop counts, pruning by
/// the outcome retention, and reading them back with every value checked.
enum OutcomeQueries {
    /// Inserts `outcome` of owner `owner` (as stored) and its drop counts, then prunes by
    /// `retention` (never the new one), across owners.
    static func insert(_ db: Database, _ outcome: RestoreOutcome, owner: String, retention: SnapshotStore.Retention) throws {
        try db.execute("""
            INSERT INTO restack_outcome (owner, session, recorded_at, app_version, snapshot_id, snapshot_app_version, result, layout,
                                         skipped_quarantined, restored_records, duration_ms)
            VALUES (CAST(? AS TEXT), CAST(? AS TEXT), ?, CAST(? AS TEXT), ?, CAST(? AS TEXT), ?, ?, ?, ?, ?)
            """, binding: [
                SnapshotQueries.exact(owner), SnapshotQueries.exact(outcome.session), SnapshotQueries.milliseconds(outcome.recordedAt).databaseValue,
                SnapshotQueries.exact(outcome.appVersion), outcome.snapshotID.databaseValue, SnapshotQueries.exact(outcome.snapshotAppVersion),
                outcome.result.rawValue.databaseValue, outcome.layout?.rawValue.databaseValue ?? .null,
                outcome.skippedQuarantined.databaseValue, outcome.restoredRecords.databaseValue,
                outcome.duration.map { Int64(($0 * 1000).rounded()).databaseValue } ?? .null,
            ])
        let id = db.lastInsertedRowID
        for drop in outcome.drops {
            try db.execute("INSERT INTO restack_outcome_drop (outcome_id, reason, class_name, count) VALUES (?, ?, CAST(? AS TEXT), ?)",
                           binding: [id.databaseValue, drop.reason.rawValue.databaseValue, SnapshotQueries.exact(drop.className), drop.count.databaseValue])
        }
        let cutoff = retention.maxAge.map { SnapshotQueries.milliseconds(outcome.recordedAt.addingTimeInterval(-$0)) } ?? Int64.min
        // The drop counts go with their outcome (ON DELETE CASCADE).
        try db.execute("""
            DELETE FROM restack_outcome
            WHERE id != ?1 AND (id NOT IN (SELECT id FROM restack_outcome ORDER BY id DESC LIMIT ?2) OR recorded_at < ?3)
            """, binding: [id.databaseValue, retention.keepLast.databaseValue, cutoff.databaseValue])
    }

    /// Deletes every outcome of owner `owner` (as stored), with its drop counts.
    static func delete(_ db: Database, owner: String) throws {
        try db.execute("DELETE FROM restack_outcome_drop WHERE outcome_id IN (SELECT id FROM restack_outcome WHERE owner = CAST(? AS TEXT))",
                       binding: [SnapshotQueries.exact(owner)])
        try db.execute("DELETE FROM restack_outcome WHERE owner = CAST(? AS TEXT)", binding: [SnapshotQueries.exact(owner)])
    }

    /// Records `outcome` in a savepoint of the caller's transaction: on failure the savepoint is
    /// rolled back and the error returned, so that the rest of the transaction (a confirmation)
    /// commits without it. When SQLite rolled the whole transaction back itself (as it may on a
    /// full disk), the error is thrown instead, for the caller to confirm again alone.
    static func insertInSavepoint(_ db: Database, _ outcome: RestoreOutcome, owner: String, retention: SnapshotStore.Retention,
                                  path: String) throws -> StoreError? {
        do {
            try db.execute(sql: "SAVEPOINT restack_outcome")
        } catch {
            return StoreError(error, path: path)
        }
        do {
            try insert(db, outcome, owner: owner, retention: retention)
            try db.execute(sql: "RELEASE SAVEPOINT restack_outcome")
            return nil
        } catch {
            guard db.isInsideTransaction else { throw error }
            try? db.execute(sql: "ROLLBACK TO SAVEPOINT restack_outcome")
            try? db.execute(sql: "RELEASE SAVEPOINT restack_outcome")
            return StoreError(error, path: path)
        }
    }

    /// The outcomes of owner `owner` (as stored): of one session, or of all, oldest first.
    static func outcomes(_ db: Database, owner: String, session: String?) throws -> [RestoreOutcome] {
        let filter = session.map(SnapshotQueries.exact) ?? .null
        let ownerFilter = SnapshotQueries.exact(owner)
        var drops: [Int64: [RestoreOutcome.DropCount]] = [:]
        let dropRows = try Row.fetchAll(db, sql: """
            SELECT d.outcome_id, \(StoredColumn.reason.selection("d")), \(StoredColumn.dropClassName.selection("d")), d.count
            FROM restack_outcome_drop d JOIN restack_outcome o ON o.id = d.outcome_id
            WHERE o.owner = CAST(?2 AS TEXT) AND (?1 IS NULL OR o.session = CAST(?1 AS TEXT))
            ORDER BY d.rowid
            """, arguments: [filter, ownerFilter])
        for row in dropRows {
            let values = try StoredValues(row: row, idAt: 0, .dropOutcomeID, name: { StoredRow.outcomeDrop(outcome: $0) })
            let outcome = try values.integer(0, .dropOutcomeID)
            let text = try values.requiredText(1, .reason)
            guard let reason = DropReason(rawValue: text) else {
                throw DamagedValue(detail: StoredColumn.reason.problem(in: values.name.description, "expected a drop reason, found \(String(reflecting: text))"))
            }
            let count = try values.int(3, .dropCount)
            if let problem = countProblem(count) {
                throw DamagedValue(detail: StoredColumn.dropCount.problem(in: values.name.description, problem))
            }
            drops[outcome, default: []].append(RestoreOutcome.DropCount(reason: reason, className: try values.text(2, .dropClassName), count: count))
        }
        return try Row.fetchAll(db, sql: """
            SELECT o.id, \(StoredColumn.outcomeSession.selection("o")), o.recorded_at, \(StoredColumn.outcomeAppVersion.selection("o")),
                   o.snapshot_id, \(StoredColumn.snapshotAppVersion.selection("o")), \(StoredColumn.result.selection("o")),
                   \(StoredColumn.layout.selection("o")), o.skipped_quarantined, o.restored_records, o.duration_ms
            FROM restack_outcome o
            WHERE o.owner = CAST(?2 AS TEXT) AND (?1 IS NULL OR o.session = CAST(?1 AS TEXT))
            ORDER BY o.id
            """, arguments: [filter, ownerFilter]).map { row in
            let values = try StoredValues(row: row, idAt: 0, .outcomeID, name: StoredRow.outcome)
            let id = try values.integer(0, .outcomeID)
            func damaged(_ column: StoredColumn, _ what: String) -> DamagedValue {
                DamagedValue(detail: column.problem(in: values.name.description, what))
            }
            let resultText = try values.requiredText(6, .result)
            guard let result = RestoreOutcome.Result(rawValue: resultText) else {
                throw damaged(.result, "expected 'restored', 'expired' or 'restored-older', found \(String(reflecting: resultText))")
            }
            let layoutText = try values.text(7, .layout)
            let layout = try layoutText.map { text throws(DamagedValue) in
                guard let layout = Layout(rawValue: text) else {
                    throw damaged(.layout, "expected 'regular' or 'compact', found \(String(reflecting: text))")
                }
                return layout
            }
            let skipped = try values.int(8, .skippedQuarantined)
            let restored = try values.int(9, .restoredRecords)
            if let problem = countProblem(skipped) { throw damaged(.skippedQuarantined, problem) }
            if let problem = countProblem(restored) { throw damaged(.restoredRecords, problem) }
            return RestoreOutcome(
                id: id, session: try values.requiredText(1, .outcomeSession), recordedAt: try values.date(2, .recordedAt),
                appVersion: try values.text(3, .outcomeAppVersion), snapshotID: try values.integer(4, .outcomeSnapshotID),
                snapshotAppVersion: try values.text(5, .snapshotAppVersion), result: result, layout: layout,
                skippedQuarantined: skipped, restoredRecords: restored,
                drops: (drops[id] ?? []).sorted(by: RestoreOutcome.worstFirst),
                duration: try values.optionalInteger(10, .durationMilliseconds).map { TimeInterval($0) / 1000 }
            )
        }
    }

    /// What is wrong with a stored count: negative, or more than any restore counts
    /// (``RestoreOutcome/maxCount``); `nil` when it is a count.
    static func countProblem(_ count: Int) -> String? {
        if count < 0 { return "\(count) is negative" }
        if count > RestoreOutcome.maxCount { return "\(count) is more than any restore counts (\(RestoreOutcome.maxCount))" }
        return nil
    }

    /// `check`'s invariants of the outcome rows: each a query for the ids of the outcomes that
    /// break it (values of the wrong class are reported by the column scan, and left out here).
    static let checks: [(String, String)] = [
        ("restack_outcome.result: a result that is neither restored, expired nor restored-older", """
            SELECT id FROM restack_outcome WHERE typeof(result) = 'text' AND result NOT IN ('restored', 'expired', 'restored-older')
            """),
        ("restack_outcome.layout: a layout that is neither regular nor compact", """
            SELECT id FROM restack_outcome WHERE typeof(layout) = 'text' AND layout NOT IN ('regular', 'compact')
            """),
        ("restack_outcome.skipped_quarantined: a count that is negative or over \(RestoreOutcome.maxCount)", """
            SELECT id FROM restack_outcome WHERE typeof(skipped_quarantined) = 'integer' AND (skipped_quarantined < 0 OR skipped_quarantined > \(RestoreOutcome.maxCount))
            """),
        ("restack_outcome.restored_records: a count that is negative or over \(RestoreOutcome.maxCount)", """
            SELECT id FROM restack_outcome WHERE typeof(restored_records) = 'integer' AND (restored_records < 0 OR restored_records > \(RestoreOutcome.maxCount))
            """),
        ("restack_outcome_drop.reason: a reason that is not \(DropReason.allCases.map(\.rawValue).joined(separator: ", "))", """
            SELECT DISTINCT outcome_id FROM restack_outcome_drop
            WHERE typeof(reason) = 'text' AND reason NOT IN (\(DropReason.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
            """),
        ("restack_outcome_drop.count: a count that is negative or over \(RestoreOutcome.maxCount)", """
            SELECT DISTINCT outcome_id FROM restack_outcome_drop WHERE typeof(count) = 'integer' AND (count < 0 OR count > \(RestoreOutcome.maxCount))
            """),
    ]
}
