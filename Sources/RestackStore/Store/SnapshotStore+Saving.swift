import Foundation
import GRDB
import Restack

extension SnapshotStore {
    /// Saves a tree as a new snapshot of a session, in one transaction: the snapshot and all
    /// its records are written and the session's history pruned, or nothing is.
    ///
    /// Records are stored exactly as given, valid or not: each record's content a row that
    /// consecutive snapshots share while it is unchanged, the snapshot's structure (each
    /// record's place, each container's kind and settings) one blob; the snapshot keeps the tree's form
    /// (`RestorationTree.form`: a format-1 drill-down or a tree). The session is created on
    /// its first save. A save made while a restore of the session is begun and not yet confirmed
    /// is provisional (``SnapshotInfo/isProvisional``): it is not restored, and does not count
    /// for retention, until `confirmRestore(_:)`. The tree is checked against
    /// ``Options/limits`` before anything is written; ``Options/retention`` is applied in the
    /// same transaction.
    ///
    /// ```swift
    /// let tree = RestorationTree(root: .stack(StackContainer(records: [mailboxes, inbox])))
    /// try store.save(tree, session: sceneID)
    /// ```
    ///
    /// The snapshot records the store's ``Options/appVersion``: the one place an app gives its
    /// version.
    ///
    /// - Parameters:
    ///   - tree: The tree to save, kept in its form: a format-1 drill-down is a tree of format
    ///     version 1 whose root is a drill-down.
    ///   - session: The session's name, any string (a scene's persistent identifier, say).
    ///   - savedAt: The save time; by default the time now by the store's ``Options/clock``.
    ///     Stored to the millisecond.
    /// - Returns: The new snapshot's information, as it will read back (the time to the
    ///   millisecond).
    /// - Throws: ``StoreError/limitExceeded(_:size:limit:)`` (containers nested deeper than
    ///   ``Limits/maxContainerDepth`` included), ``StoreError/readOnly(path:)``,
    ///   ``StoreError/diskFull(path:)`` and database errors; on any error nothing was written.
    @discardableResult
    public func save(_ tree: RestorationTree, session: String, savedAt: Date? = nil) throws(StoreError) -> SnapshotInfo {
        try save(tree, session: session, appVersion: options.appVersion, savedAt: savedAt)
    }

    /// Saves a tree as ``save(_:session:savedAt:)`` does, recording `appVersion` instead of the
    /// store's: for the tools that tag each snapshot (the stress helper's seeds), not for apps.
    @discardableResult
    package func save(_ tree: RestorationTree, session: String, appVersion: String?, savedAt: Date? = nil) throws(StoreError) -> SnapshotInfo {
        let savedAt = savedAt ?? options.clock.now()
        do throws(StoreError) {
            let tree = try options.savable(tree)
            let retention = options.retention, written = writtenTrees, owner = options.ownerKey
            let saved = try write { db in
                try Self.insert(db, tree, owner: owner, session: session, appVersion: appVersion, savedAt: savedAt, retention: retention, written: written)
            }
            written.record(saved.tree, of: saved.sessionID)
            return saved.info
        } catch {
            logSaveFailure(error, session: session)
            throw error
        }
    }

    /// Writes a snapshot of `tree` and prunes the session's history (in the caller's
    /// transaction). `written` holds the trees this store saved last; the caller records the
    /// tree returned once the transaction committed.
    ///
    /// The snapshot's row comes first, its tree unfinished; retention then prunes the session
    /// (the one rule, counting the new snapshot), and the format writes the tree's values,
    /// giving new records the places of the values the pruning released, before the row gets
    /// its tree (``SnapshotFormat/Writing``).
    static func insert(
        _ db: Database, _ tree: RestorationTree, owner: String, session: String, appVersion: String?, savedAt: Date,
        retention: Retention, written: WrittenTrees
    ) throws -> (info: SnapshotInfo, sessionID: Int64, tree: Data) {
        let form = tree.form
        let stored = try SessionQueries.forSaving(db, owner: owner, name: session, creatingAt: savedAt)
        var writing = try SnapshotFormat.Writing(db, tree, sessionID: stored.id, written: written.tree(of: stored.id))
        let snapshotID = try StoredIDs.next(db, StoredIDs.snapshots)
        try SnapshotQueries.insert(db, id: snapshotID, sessionID: stored.id, formatVersion: tree.formatVersion, appVersion: appVersion,
                                   savedAt: savedAt, provisionalFor: stored.restoringSnapshotID, form: form,
                                   recordCount: writing.recordCount, tree: SnapshotFormat.unfinishedTree)
        let pruned = try SnapshotQueries.pruned(db, sessionID: stored.id, keeping: snapshotID, keepLast: retention.keepLast,
                                                savedBefore: retention.maxAge.map { savedAt.addingTimeInterval(-$0) })
        try SnapshotQueries.delete(db, pruned.map(\.id))
        let bytes = try writing.finish(db, releasing: pruned.map(\.tree), snapshotID: snapshotID)
        try SnapshotQueries.setTree(db, id: snapshotID, tree: bytes)
        let info = SnapshotInfo(
            id: snapshotID,
            session: session,
            formatVersion: tree.formatVersion,
            appVersion: appVersion,
            savedAt: SnapshotQueries.date(milliseconds: SnapshotQueries.milliseconds(savedAt)),
            recordCount: writing.recordCount,
            isProvisional: stored.restoringSnapshotID != nil,
            form: form
        )
        return (info, stored.id, bytes)
    }
}

extension SnapshotStore.Limits {
    /// The bytes a record counts for against ``maxSnapshotBytes``: its payload, identifier and
    /// class name.
    static func bytes(of record: RestorationRecord) -> Int {
        (record.payload?.count ?? 0) + (record.identifier?.utf8.count ?? 0) + (record.className?.utf8.count ?? 0)
    }

    /// Throws the first cap `tree` goes over: depth, record count, a payload, snapshot bytes.
    ///
    /// One walk over the containers for the usual case, where nothing is over: the error's
    /// details (the path of a payload over its cap) are found only when something is (the
    /// detailed walk on every save cost a measurable share of it, <doc:Performance>).
    func check(_ tree: RestorationTree) throws(StoreError) {
        var records = 0, total = 0, largestPayload = 0, deepest = 0
        var pending = [(container: tree.root, level: 1)]
        while let (container, level) = pending.popLast() {
            deepest = max(deepest, level)
            for (_, record) in container.children {
                records += 1
                let payload = record.payload?.count ?? 0
                largestPayload = max(largestPayload, payload)
                total += payload + (record.identifier?.utf8.count ?? 0) + (record.className?.utf8.count ?? 0)
                if let nested = record.container { pending.append((nested, level + 1)) }
            }
        }
        if deepest > maxContainerDepth || records > maxRecordCount || largestPayload > maxPayloadBytes || total > maxSnapshotBytes {
            try checkInDetail(tree)
        }
    }

    /// The first cap `tree` goes over, with its details, in the order caps are checked.
    private func checkInDetail(_ tree: RestorationTree) throws(StoreError) {
        let depth = tree.root.depth
        if depth > maxContainerDepth {
            throw .limitExceeded(.containerDepth, size: depth, limit: maxContainerDepth)
        }
        let records = tree.allRecords
        if records.count > maxRecordCount {
            throw .limitExceeded(.recordCount, size: records.count, limit: maxRecordCount)
        }
        var total = 0
        for (path, record) in records {
            let payload = record.payload?.count ?? 0
            if payload > maxPayloadBytes {
                throw .limitExceeded(.payloadBytes(path), size: payload, limit: maxPayloadBytes)
            }
            total += payload + (record.identifier?.utf8.count ?? 0) + (record.className?.utf8.count ?? 0)
        }
        if total > maxSnapshotBytes {
            throw .limitExceeded(.snapshotBytes, size: total, limit: maxSnapshotBytes)
        }
    }
}
