import Foundation
import GRDB
import Restack

extension SnapshotStore {
    /// Saves a state as a new snapshot of a session, in one transaction: the snapshot and all
    /// its records are written, or nothing is.
    ///
    /// Records are stored exactly as given, valid or not, each in its explicit slot. The session
    /// is created on its first save.
    ///
    /// - Parameters:
    ///   - state: The state to save.
    ///   - session: The session's name, any string (a scene's persistent identifier, say).
    ///   - appVersion: The app's version, kept to tell which build saved the snapshot.
    ///   - savedAt: The save time; now by default. Stored to the millisecond.
    /// - Returns: The new snapshot's information, as it will read back (the time to the
    ///   millisecond).
    /// - Throws: ``StoreError/readOnly(path:)``, ``StoreError/diskFull(path:)`` and database
    ///   errors; on any error nothing was written.
    @discardableResult
    public func save(
        _ state: DrillDownState,
        session: String,
        appVersion: String? = nil,
        savedAt: Date = Date()
    ) throws(StoreError) -> SnapshotInfo {
        try write { db in
            let sessionID = try SnapshotQueries.sessionID(db, name: session, creatingAt: savedAt)
            try db.cachedStatement(sql: """
                INSERT INTO restack_snapshot (session_id, format_version, app_version, saved_at)
                VALUES (?, ?, CAST(? AS TEXT), ?)
                """).execute(arguments: [
                    sessionID, state.formatVersion, SnapshotQueries.exact(appVersion), SnapshotQueries.milliseconds(savedAt),
                ])
            let snapshotID = db.lastInsertedRowID
            try SnapshotQueries.insertRecords(db, of: state, snapshotID: snapshotID)
            return SnapshotInfo(
                id: snapshotID,
                session: session,
                formatVersion: state.formatVersion,
                appVersion: appVersion,
                savedAt: SnapshotQueries.date(milliseconds: SnapshotQueries.milliseconds(savedAt)),
                recordCount: state.recordCount
            )
        }
    }
}
