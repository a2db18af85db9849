import Foundation
import GRDB
import Restack

extension SnapshotFormat {
    /// What `check` reports of the format: every snapshot's tree read as a restore reads it, with
    /// its values: bytes that are not a tree, a value id with no row, an entry its kind does not
    /// allow (a slot, a gap in a stack, a setting, judged by the kinds' own declarations), each
    /// reported with its snapshot and path (the first 20 such trees), and a record count that is
    /// not its tree's; values named by trees of more than one session (a value belongs to one:
    /// such a reference was made behind Restack's back); values that no tree references, from
    /// every tree's references, whatever else is wrong with its row (none when a tree does not
    /// decode, which may use any value); and a first block of value ids that is not an id.
    static func problems(_ db: Database) throws -> [String] {
        var problems: [String] = []
        // Each value named, with the session and snapshot of the first tree naming it.
        var referenced: [Int64: (session: Int64?, snapshot: Int64)] = [:]
        // The values named by trees of more than one session, with the snapshots naming them.
        var crossing: [Int64: [Int64]] = [:]
        var everyTreeDecodes = true
        try db.forEachRow("SELECT id, format_version, shape, tree, record_count, session_id FROM restack_snapshot ORDER BY id",
                          binding: []) { step in
            func value(_ column: CInt) -> DatabaseValue {
                DatabaseValue(sqliteStatement: step, index: column)
            }
            // A tree of another class than a blob is reported by the column scan.
            guard case .int64(let id) = value(0).storage, case .blob(let tree) = value(3).storage else {
                everyTreeDecodes = false
                return true
            }
            if tree.first != MigratedTree.legacyFormat {
                if let blob = try? TreeBlob(decoding: tree) {
                    // A session id of the wrong class is reported by the column scan.
                    let session: Int64? = if case .int64(let session) = value(5).storage { session } else { nil }
                    for valueID in Set(blob.records.map(\.valueID)) {
                        guard let first = referenced[valueID] else {
                            referenced[valueID] = (session, id)
                            continue
                        }
                        if crossing[valueID] != nil {
                            crossing[valueID]?.append(id)
                        } else if let session, let firstSession = first.session, session != firstSession {
                            crossing[valueID] = [first.snapshot, id]
                        }
                    }
                    // A count of the wrong class is reported by the column scan.
                    if problems.count < 20, case .int64(let stored) = value(4).storage,
                       let problem = countProblem(stored: Int(clamping: stored), treeHolds: blob.records.count, snapshotID: id) {
                        problems.append(problem.detail)
                    }
                } else {
                    everyTreeDecodes = false
                }
            }
            // A format version or shape of the wrong class, or a shape no form has, is reported
            // by its own check: the tree cannot be judged.
            guard problems.count < 20, case .int64(let version) = value(1).storage, let formatVersion = Int(exactly: version),
                  let form = String.fromDatabaseValue(value(2)).flatMap(RestorationTree.Form.init(rawValue:)) else {
                return true
            }
            // Judged as a restore reads it (its values read by statements of their own while
            // this one stands on its row).
            do {
                let blob = try TreeReader.decode(tree, snapshotID: id)
                let values = try RecordValues.read(db, blob, path: { TreeReader.path($0, in: blob) }, snapshotID: id)
                _ = try TreeReader.tree(blob, values: values, formatVersion: formatVersion, form: form, snapshotID: id)
            } catch let damage as DamagedValue where !damage.detail.hasPrefix("restack_value.") {
                // A value of the wrong class is reported by the column scan.
                problems.append(damage.detail)
            } catch is DamagedValue {
            }
            return true
        }
        if !crossing.isEmpty {
            let ids = crossing.keys.sorted()
            let named = ids.prefix(10).map { id in
                let snapshots = crossing[id] ?? []
                return "\(id) (snapshots \(snapshots.prefix(5).map(String.init).joined(separator: ", "))\(snapshots.count > 5 ? " and \(snapshots.count - 5) more" : ""))"
            }
            problems.append("restack_value: value\(ids.count == 1 ? "" : "s") named by trees of more than one session, which a value never is: "
                + named.joined(separator: ", ") + (ids.count > 10 ? " and \(ids.count - 10) more" : ""))
        }
        var unreferenced: [Int64] = []
        try db.forEachRow("SELECT id FROM restack_value ORDER BY id", binding: []) { step in
            let id = try StoredValues(statement: step, name: .unidentified).integer(0, .valueID)
            if referenced[id] == nil { unreferenced.append(id) }
            return true
        }
        if everyTreeDecodes, !unreferenced.isEmpty {
            let ids = unreferenced.prefix(10).map(String.init).joined(separator: ", ")
            problems.append("restack_value: value\(unreferenced.count == 1 ? "" : "s") that no snapshot's tree references: \(ids)\(unreferenced.count > 10 ? " and \(unreferenced.count - 10) more" : "")")
        }
        if let problem = try blocksFromProblem(db) {
            problems.append(problem)
        }
        return problems
    }

    /// A `value_blocks_from` that is an integer below 0 (one of another class is reported by the
    /// column scan): new values are then given no successor, and it is reported.
    private static func blocksFromProblem(_ db: Database) throws -> String? {
        var problem: String?
        try db.forEachRow("SELECT value FROM restack_meta WHERE key = ? AND typeof(value) = 'integer' AND value < 0",
                          binding: [ValueIDs.blocksFromKey.databaseValue]) { step in
            let found = try StoredValues(statement: step, name: .metaEntry(ValueIDs.blocksFromKey)).optionalInteger(0, .metaValue) ?? 0
            problem = StoredColumn.metaValue.problem(in: StoredRow.metaEntry(ValueIDs.blocksFromKey).description,
                                                     "expected the first id of the first block of value ids, at least 0, found \(found)")
            return false
        }
        return problem
    }
}
