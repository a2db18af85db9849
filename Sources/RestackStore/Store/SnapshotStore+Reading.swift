import GRDB
import Restack

extension SnapshotStore {
    /// Every session, by name, with the extent of its history.
    public func sessions() throws(StoreError) -> [SessionInfo] {
        try read(Self.sessionList)
    }

    static func sessionList(_ db: Database) throws -> [SessionInfo] {
        try SessionQueries.list(db)
    }

    /// A session's snapshots, oldest first.
    ///
    /// - Throws: ``StoreError/sessionNotFound(_:)`` when there is no such session.
    public func snapshots(session: String) throws(StoreError) -> [SnapshotInfo] {
        try read { db in
            let sessionID = try SessionQueries.requireID(db, name: session)
            return try SnapshotQueries.history(db, sessionID: sessionID)
        }
    }

    /// The newest snapshot of a session, records exactly as saved.
    ///
    /// - Throws: ``StoreError/sessionNotFound(_:)`` when there is no such session, or it has
    ///   no snapshot left.
    public func latestSnapshot(session: String) throws(StoreError) -> StoredSnapshot {
        try read { db in try Self.latest(db, session: session) }
    }

    static func latest(_ db: Database, session: String) throws -> StoredSnapshot {
        let sessionID = try SessionQueries.requireID(db, name: session)
        guard let info = try SnapshotQueries.latestInfo(db, sessionID: sessionID) else {
            throw StoreError.sessionNotFound(session)
        }
        return try SnapshotFormat.load(db, info)
    }

    /// A snapshot by id, records exactly as saved.
    ///
    /// - Parameters:
    ///   - id: The snapshot's id.
    ///   - session: When given, the snapshot must belong to this session.
    /// - Throws: ``StoreError/snapshotNotFound(_:session:)``, or
    ///   ``StoreError/sessionNotFound(_:)`` for an unknown session.
    public func snapshot(id: Int64, session: String? = nil) throws(StoreError) -> StoredSnapshot {
        try read { db in try Self.snapshot(db, id: id, session: session) }
    }

    static func snapshot(_ db: Database, id: Int64, session: String?) throws -> StoredSnapshot {
        let sessionID = try session.map { try SessionQueries.requireID(db, name: $0) }
        guard let info = try SnapshotQueries.info(db, snapshotID: id, sessionID: sessionID) else {
            throw StoreError.snapshotNotFound(id, session: session)
        }
        return try SnapshotFormat.load(db, info)
    }
}
