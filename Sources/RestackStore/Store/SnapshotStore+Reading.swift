import GRDB
import Restack

extension SnapshotStore {
    /// Every session of the store's ``Options/owner``, by name, with the extent of its history.
    public func sessions() throws(StoreError) -> [SessionInfo] {
        let owner = options.ownerKey
        return try read { db in try SessionQueries.list(db, owner: owner) }
    }

    /// Every session of every owner, by name, then owner (``SessionInfo/owner``): for
    /// `restore-inspect sessions`, which shows a store whole.
    package func sessionsOfEveryOwner() throws(StoreError) -> [SessionInfo] {
        try read { db in try SessionQueries.list(db, owner: nil) }
    }

    /// A session's snapshots, oldest first.
    ///
    /// - Throws: ``StoreError/sessionNotFound(_:)`` when there is no such session.
    public func snapshots(session: String) throws(StoreError) -> [SnapshotInfo] {
        let owner = options.ownerKey
        return try read { db in
            let sessionID = try SessionQueries.requireID(db, owner: owner, name: session)
            return try SnapshotQueries.history(db, sessionID: sessionID)
        }
    }

    /// The newest snapshot of a session, records exactly as saved.
    ///
    /// - Throws: ``StoreError/sessionNotFound(_:)`` when there is no such session, or it has
    ///   no snapshot left.
    public func latestSnapshot(session: String) throws(StoreError) -> StoredSnapshot {
        let owner = options.ownerKey
        return try read { db in try Self.latest(db, owner: owner, session: session) }
    }

    static func latest(_ db: Database, owner: String, session: String) throws -> StoredSnapshot {
        let sessionID = try SessionQueries.requireID(db, owner: owner, name: session)
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
        let owner = options.ownerKey
        return try read { db in try Self.snapshot(db, id: id, owner: owner, session: session) }
    }

    static func snapshot(_ db: Database, id: Int64, owner: String, session: String?) throws -> StoredSnapshot {
        let sessionID = try session.map { try SessionQueries.requireID(db, owner: owner, name: $0) }
        guard let info = try SnapshotQueries.info(db, snapshotID: id, owner: owner, sessionID: sessionID) else {
            throw StoreError.snapshotNotFound(id, session: session)
        }
        return try SnapshotFormat.load(db, info)
    }
}
