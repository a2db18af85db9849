import Foundation
import GRDB
import Restack

/// The launch read: the session, its newest ordinary snapshot and that snapshot's records in one
/// statement, decoded from the statement's columns.
///
/// This is what a restore does in the usual case, where the crash-loop guard takes the newest
/// snapshot. Where it does not apply (no such session, no ordinary snapshot, an empty state, the
/// newest snapshot quarantined or over the guard's threshold, a damaged value anywhere), the
/// caller takes the general path (``SnapshotQueries/guardChoice(_:session:threshold:)`` and
/// ``SnapshotQueries/load(_:_:session:)``), which gives the same result or the same error: this is
/// only a faster way to the same answer, and every value is still checked.
///
/// What it saves against the general path (callgrind, `restack-bench probe`, release build):
/// one statement instead of three (the session lookup, the guard's candidate, the records): on a
/// connection's first restore, two fewer statements prepared (about 15k instructions each plus
/// GRDB's authorizer, about 7k per column reference); on every restore, two fewer statement
/// executions and cursors. Text columns are selected as they are, one column reference each
/// (``StoredValues/exactText(_:_:)``), and no `Row` is built (``StepCursor``).
enum LaunchRead {
    /// Session ?'s id, its newest ordinary snapshot's columns, and one row per record of it.
    static let sql = """
        SELECT ss.id, s.id, s.format_version, s.app_version, s.saved_at, s.unconfirmed_restores, s.quarantined_at, s.shape,
               r.parent, \(DocumentRows.slotCode), r.position, r.identifier, r.class_name, r.payload
        FROM restack_session ss
        JOIN restack_snapshot s ON s.id = (SELECT id FROM restack_snapshot
                                           WHERE session_id = ss.id AND provisional_for IS NULL ORDER BY id DESC LIMIT 1)
        JOIN restack_record r ON r.snapshot_id = s.id
        WHERE ss.name = CAST(? AS TEXT)
        """

    /// What the launch read found: the session's id and the chosen snapshot, loaded.
    struct Found {
        var sessionID: Int64
        var snapshot: StoredSnapshot
    }

    /// The session's newest ordinary snapshot, loaded, when the crash-loop guard takes it;
    /// `nil` when the general path must answer. Runs on GRDB's connection, or on the store's
    /// lean launch connection (``LaunchConnection``), with the same statement and checks.
    static func newest(_ db: some StatementRunner, session: String, threshold: Int) throws -> Found? {
        do {
            return try read(db, session: session, threshold: threshold)
        } catch is DamagedValue {
            // The general path reads it again and says what is damaged, or quarantines it.
            return nil
        }
    }

    private static func read(_ db: some StatementRunner, session: String, threshold: Int) throws -> Found? {
        var head: (sessionID: Int64, info: SnapshotInfo)?
        var rows = DocumentRows.RecordRows(snapshotID: 0)
        var refused = false
        try db.forEachRow(sql, binding: [session.databaseValue]) { step in
            if head == nil {
                let values = StoredValues(statement: step, name: .unidentified)
                let sessionID = try values.integer(0, .sessionID)
                let snapshotID = try values.integer(1, .snapshotID)
                let snapshot = StoredValues(statement: step, name: .snapshot(snapshotID))
                let info = SnapshotInfo(
                    id: snapshotID, session: session, formatVersion: try snapshot.int(2, .formatVersion),
                    appVersion: try snapshot.exactText(3, .appVersion), savedAt: try snapshot.date(4, .savedAt), recordCount: 0,
                    unconfirmedRestores: try snapshot.int(5, .unconfirmedRestores), quarantinedAt: try snapshot.optionalDate(6, .quarantinedAt),
                    form: try SnapshotQueries.shape(snapshot.requiredExactText(7, .shape), snapshotID: snapshotID)
                )
                guard CrashLoopGuard.choose(from: [info], threshold: threshold).chosen != nil else {
                    refused = true
                    return false
                }
                head = (sessionID, info)
                rows = DocumentRows.RecordRows(snapshotID: snapshotID)
            }
            try rows.add(StoredValues(statement: step, name: rows.nextRowName), from: 8)
            return true
        }
        guard !refused, let head else {
            return nil
        }
        var info = head.info
        let tree = try DocumentRows.document(db, rows: rows, formatVersion: info.formatVersion, shape: info.form)
        // Every row read is a record of the document (the build throws on a stray one): the
        // count without walking the tree (`tree.recordCount` rebuilds it, about 9k instructions
        // per restore of 10 records, 4% of a restore).
        info.recordCount = rows.count
        return Found(sessionID: head.sessionID, snapshot: StoredSnapshot(info: info, tree: tree))
    }
}
