import Foundation
import GRDB
import Restack

/// The launch read: the session, its newest ordinary snapshot and that snapshot's tree in one
/// statement, decoded from the statement's columns; the tree's values then take one more
/// (``SnapshotFormat/read(_:_:tree:)``, up to 32 values a statement).
///
/// This is what a restore reads first (`RestoreRead`): in the usual case, where the crash-loop
/// guard takes the newest snapshot, it is the whole read. Where it does not apply (no such
/// session, no ordinary snapshot, the newest snapshot quarantined or over the guard's
/// threshold, a damaged value anywhere), the reader takes the general path on the same
/// connection, which gives the same result or the same error: this is only a faster way to the
/// same answer, and every value is still checked (<doc:Performance>).
enum LaunchRead {
    /// The id of owner ?1's session ?2, its newest ordinary snapshot's information
    /// (``SnapshotQueries/infoColumns(count:)``) and its tree.
    static let sql = """
        SELECT ss.id, \(SnapshotQueries.infoColumns()), s.tree
        FROM restack_session ss
        JOIN restack_snapshot s ON s.id = (SELECT id FROM restack_snapshot
                                           WHERE session_id = ss.id AND provisional_for IS NULL ORDER BY id DESC LIMIT 1)
        WHERE ss.owner = CAST(? AS TEXT) AND ss.name = CAST(? AS TEXT)
        """

    /// Where the tree's column is: after the session's id and the snapshot's information.
    static let treeColumn = 1 + SnapshotQueries.infoColumnCount

    /// What the launch read's statement found: the session's id, its newest ordinary snapshot's
    /// information and tree.
    struct Head {
        var sessionID: Int64
        var info: SnapshotInfo
        var tree: Data
    }

    /// Owner `owner`'s session's newest ordinary snapshot, unread: `nil` when there is none.
    static func head(_ db: some StatementRunner, owner: String, session: String) throws -> Head? {
        var head: Head?
        try db.forEachRow(sql, binding: [owner.databaseValue, session.databaseValue]) { step in
            let sessionID = try StoredValues(statement: step, name: .unidentified).integer(0, .sessionID)
            let info = try SnapshotQueries.info(step, from: 1)
            let tree = try StoredValues(statement: step, name: .snapshot(info.id)).blob(treeColumn, .tree) ?? Data()
            head = Head(sessionID: sessionID, info: info, tree: tree)
            return false
        }
        return head
    }
}
