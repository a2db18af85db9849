import Foundation
import GRDB
import Restack

/// How a snapshot's tree and its records are stored: the one place that knows the format.
///
/// A snapshot's structure is its `restack_snapshot.tree` blob (``TreeBlob``: each record's
/// place and value id, each container's kind and settings) and its `record_count`; its records'
/// contents are rows of `restack_value` (``RecordValues``), shared by consecutive snapshots of a
/// session, given ids that are never given twice (``StoredIDs``, ``ValueIDs``) and deleted with
/// the last tree that names them (``ValueRelease``). Everything else about a snapshot (its
/// session, times, the crash-loop guard's columns) is a plain column of its row
/// (``SnapshotQueries``).
///
/// Its operations:
///
/// - write a tree given the session's previous one: ``Writing`` (begun before the save prunes
///   the session's history, finished with the trees it pruned);
/// - read a tree: ``read(_:_:tree:)`` and ``load(_:_:)``;
/// - release what no tree names: ``release(_:deleted:sessionID:)``;
/// - judge every tree for `check`: ``problems(_:)``.
///
/// The bench's raw baseline writes the same bytes through the pure parts (``TreeEntries``,
/// ``TreeBlob``, ``ValuePlan``, ``TreeReader``) with SQL of its own.
enum SnapshotFormat {
    // MARK: Writing

    /// The tree of a snapshot row inserted by a save before its tree is known (the save prunes
    /// first, and may give its new values the places of those the pruning releases): empty
    /// bytes, replaced in the same transaction by ``Writing/finish(_:releasing:snapshotID:)``.
    static let unfinishedTree = Data()

    /// A tree on its way into the store: its entries, and the values of the session's newest
    /// tree it may name again, read before the save changes the session's history.
    struct Writing {
        private var entries: TreeEntries
        private let sessionID: Int64
        private let shared: [ValueContent: Int64]

        /// How many records the tree holds.
        var recordCount: Int {
            entries.contents.count
        }

        /// Begins writing `tree` as a snapshot of session `sessionID`. `written` is the tree this
        /// store last saved for the session, if it saved one (``WrittenTrees``).
        init(_ db: Database, _ tree: RestorationTree, sessionID: Int64, written: [UInt8]?) throws {
            entries = TreeEntries(tree)
            self.sessionID = sessionID
            var newest: Data?
            try db.forEachRow("SELECT tree FROM restack_snapshot WHERE session_id = ? ORDER BY id DESC LIMIT 1",
                              binding: [sessionID.databaseValue]) { step in
                newest = try? StoredValues(statement: step, name: .unidentified).blob(0, .tree)
                return false
            }
            shared = try RecordValues.shareable(db, newest: newest, sessionID: sessionID, written: written)
        }

        /// Gives the tree's records their values and returns the tree's bytes, for the row of
        /// snapshot `snapshotID`: a record the session's previous tree holds unchanged names
        /// its value; the values the trees `deleted` (the session's snapshots this save pruned)
        /// alone named are released, each in turn taken by a new record (``ValuePlan``); the
        /// other new records are new rows.
        mutating func finish(_ db: Database, releasing deleted: [Data?], snapshotID: Int64) throws -> Data {
            let kept = Set(entries.contents.compactMap { shared[ValueContent($0)] })
            let released = try ValueRelease.released(db, deleted: deleted, sessionID: sessionID, excluding: snapshotID, kept: kept)
            let plan: ValuePlan
            do {
                plan = try ValuePlan(contents: entries.contents, shared: shared, released: released.ids,
                                     blocksFrom: released.ids.isEmpty ? nil : IDQueries.blocksFrom(db),
                                     occupied: released.occupiedSuccessors,
                                     largestGiven: { try StoredIDs.largestGiven(db, StoredIDs.values) })
            } catch is ValuePlan.Exhausted {
                throw DamagedValue(detail: StoredIDs.valueProblem)
            }
            try RecordValues.run(db, plan, contents: entries.contents)
            try StoredIDs.keep(db, StoredIDs.values, removed: released.ids.last)
            for (index, id) in plan.ids.enumerated() {
                entries.blob.records[index].valueID = id
            }
            return entries.blob.encoded
        }
    }

    // MARK: Reading

    /// The tree of snapshot `info` as saved, from its tree `bytes` and its records' values, every
    /// entry and value checked against the tree it belongs to; its record count (the row's,
    /// which history lists without decoding) must be the tree's.
    static func read(_ db: some StatementRunner, _ info: SnapshotInfo, tree bytes: Data) throws -> RestorationTree {
        let blob = try TreeReader.decode(bytes, snapshotID: info.id)
        let values = try RecordValues.read(db, blob, path: { TreeReader.path($0, in: blob) }, snapshotID: info.id)
        let tree = try TreeReader.tree(blob, values: values, formatVersion: info.formatVersion, form: info.form, snapshotID: info.id)
        if let problem = countProblem(stored: info.recordCount, treeHolds: blob.records.count, snapshotID: info.id) {
            throw problem
        }
        return tree
    }

    /// The snapshot of `info`, loaded: its tree read from its row.
    static func load(_ db: some StatementRunner, _ info: SnapshotInfo) throws -> StoredSnapshot {
        var tree: Data?
        try db.forEachRow("SELECT tree FROM restack_snapshot WHERE id = ?", binding: [info.id.databaseValue]) { step in
            tree = try StoredValues(statement: step, name: .snapshot(info.id)).blob(0, .tree)
            return false
        }
        guard let tree else {
            throw StoredColumn.tree.wrongClass(StorageClass.null.phrase, in: .snapshot(info.id))
        }
        return StoredSnapshot(info: info, tree: try read(db, info, tree: tree))
    }

    /// A record count (`restack_snapshot.record_count`) that is not its tree's, as damage: a
    /// row edited or damaged, which history would list wrong, or a tree that lost records.
    static func countProblem(stored: Int, treeHolds count: Int, snapshotID: Int64) -> DamagedValue? {
        guard stored != count else { return nil }
        return DamagedValue(detail: StoredColumn.recordCount.problem(
            in: StoredRow.snapshot(snapshotID).description, "\(stored), but its tree holds \(count) record\(count == 1 ? "" : "s")"))
    }

    // MARK: Releasing

    /// Deletes the values that the trees `deleted` (of snapshots of session `sessionID` just
    /// deleted, or of any session for `nil`) alone named (``ValueRelease``).
    static func release(_ db: Database, deleted: [Data?], sessionID: Int64?) throws {
        try ValueRelease.delete(db, try ValueRelease.released(db, deleted: deleted, sessionID: sessionID).ids)
    }
}
