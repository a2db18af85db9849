import Foundation
import GRDB
import Restack

extension SnapshotStore {
    /// Saves a state as a new snapshot of a session, in one transaction: the snapshot and all
    /// its records are written and the session's history pruned, or nothing is.
    ///
    /// Records are stored exactly as given, valid or not, each in its explicit slot. The session
    /// is created on its first save. A save made while a restore of the session is begun and
    /// not yet confirmed is provisional (``SnapshotInfo/isProvisional``): it is not restored,
    /// and does not count for retention, until ``confirmRestore(snapshotID:)``. The state is checked against ``Options/limits`` before
    /// anything is written; ``Options/retention`` is applied in the same transaction.
    ///
    /// - Parameters:
    ///   - state: The state to save.
    ///   - session: The session's name, any string (a scene's persistent identifier, say).
    ///   - appVersion: The app's version, kept to tell which build saved the snapshot.
    ///   - savedAt: The save time; now by default. Stored to the millisecond.
    /// - Returns: The new snapshot's information, as it will read back (the time to the
    ///   millisecond).
    /// - Throws: ``StoreError/limitExceeded(_:size:limit:)``, ``StoreError/notStorable(detail:)``
    ///   for a state whose records hold containers, ``StoreError/readOnly(path:)``,
    ///   ``StoreError/diskFull(path:)`` and database errors; on any error nothing was written.
    @discardableResult
    public func save(
        _ state: DrillDownState,
        session: String,
        appVersion: String? = nil,
        savedAt: Date = Date()
    ) throws(StoreError) -> SnapshotInfo {
        try options.limits.check(state)
        return try write { db in
            let stored = try SnapshotQueries.sessionForSaving(db, name: session, creatingAt: savedAt)
            try db.cachedStatement(sql: """
                INSERT INTO restack_snapshot (session_id, format_version, app_version, saved_at, provisional_for)
                VALUES (?, ?, CAST(? AS TEXT), ?, ?)
                """).execute(arguments: [
                    stored.id, state.formatVersion, SnapshotQueries.exact(appVersion), SnapshotQueries.milliseconds(savedAt),
                    stored.restoringSnapshotID,
                ])
            let snapshotID = db.lastInsertedRowID
            try SnapshotQueries.insertRecords(db, of: state, snapshotID: snapshotID)
            try SnapshotQueries.prune(db, sessionID: stored.id, keeping: snapshotID, keepLast: options.retention.keepLast,
                                      savedBefore: options.retention.maxAge.map { savedAt.addingTimeInterval(-$0) })
            return SnapshotInfo(
                id: snapshotID,
                session: session,
                formatVersion: state.formatVersion,
                appVersion: appVersion,
                savedAt: SnapshotQueries.date(milliseconds: SnapshotQueries.milliseconds(savedAt)),
                recordCount: state.recordCount,
                isProvisional: stored.restoringSnapshotID != nil
            )
        }
    }
}

extension SnapshotStore.Limits {
    /// Throws the first cap `state` goes over, or ``StoreError/notStorable(detail:)`` for a
    /// record holding a container, which this version cannot store.
    func check(_ state: DrillDownState) throws(StoreError) {
        if let (slot, _) = state.slottedRecords.first(where: { $0.record.container != nil }) {
            throw .notStorable(detail: "the record at \(slot) holds a container")
        }
        if state.recordCount > maxRecordCount {
            throw .limitExceeded(.recordCount, size: state.recordCount, limit: maxRecordCount)
        }
        var total = 0
        for (slot, record) in state.slottedRecords {
            let payload = record.payload?.count ?? 0
            if payload > maxPayloadBytes {
                throw .limitExceeded(.payloadBytes(slot), size: payload, limit: maxPayloadBytes)
            }
            total += payload + (record.identifier?.utf8.count ?? 0) + (record.className?.utf8.count ?? 0)
        }
        if total > maxSnapshotBytes {
            throw .limitExceeded(.snapshotBytes, size: total, limit: maxSnapshotBytes)
        }
    }
}
