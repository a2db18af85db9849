import Foundation
import GRDB
import Restack

/// The launch read: the session, its newest ordinary snapshot and that snapshot's records in one
/// statement, decoded from the statement's columns.
///
/// This is what a restore reads first (``RestoreRead``): in the usual case, where the crash-loop
/// guard takes the newest snapshot, it is the whole read. Where it does not apply (no such
/// session, no ordinary snapshot, an empty state, the newest snapshot quarantined or over the
/// guard's threshold, a damaged value anywhere), the reader takes the general path on the same
/// connection, which gives the same result or the same error: this is only a faster way to the
/// same answer, and every value is still checked. One statement instead of three is why it is
/// faster (<doc:Performance>).
enum LaunchRead {
    /// Session ?'s id, its newest ordinary snapshot's information (``SnapshotQueries/infoColumns(count:)``,
    /// the record count counted from the rows), and one row per record of it.
    static let sql = """
        SELECT ss.id, \(SnapshotQueries.infoColumns(count: "0")),
               r.parent, \(DocumentRows.slotCode), r.position, r.identifier, r.class_name, r.payload
        FROM restack_session ss
        JOIN restack_snapshot s ON s.id = (SELECT id FROM restack_snapshot
                                           WHERE session_id = ss.id AND provisional_for IS NULL ORDER BY id DESC LIMIT 1)
        JOIN restack_record r ON r.snapshot_id = s.id
        WHERE ss.name = CAST(? AS TEXT)
        """

    /// Where the record columns begin: after the session's id and the snapshot's information.
    static let firstRecordColumn = 1 + SnapshotQueries.infoColumnCount

    /// What the launch read found: the session's id and the chosen snapshot, loaded.
    struct Found {
        var sessionID: Int64
        var snapshot: StoredSnapshot
    }

    /// The session's newest ordinary snapshot, loaded, when the crash-loop guard takes it;
    /// `nil` when the general path must answer.
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
                let sessionID = try StoredValues(statement: step, name: .unidentified).integer(0, .sessionID)
                let info = try SnapshotQueries.info(step, from: 1)
                guard CrashLoopGuard.choose(from: [info], threshold: threshold).chosen != nil else {
                    refused = true
                    return false
                }
                head = (sessionID, info)
                rows = DocumentRows.RecordRows(snapshotID: info.id)
            }
            try rows.add(StoredValues(statement: step, name: rows.nextRowName), from: firstRecordColumn)
            return true
        }
        guard !refused, let head else {
            return nil
        }
        var info = head.info
        let tree = try DocumentRows.document(db, rows: rows, formatVersion: info.formatVersion, shape: info.form)
        // Every row read is a record of the document (the build throws on a stray one): the
        // count without walking the tree again.
        info.recordCount = rows.count
        return Found(sessionID: head.sessionID, snapshot: StoredSnapshot(info: info, tree: tree))
    }
}
