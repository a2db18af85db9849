import Foundation
import GRDB
import Restack

/// `restack_encode_tree`, the aggregate migration 9 (`m009_shared_records.sql`) encodes each
/// snapshot's rows of migrations 1 to 8 with: the store's own ``TreeBlob`` encoder, registered on
/// the connection that migrates (``StoreSchema/register(in:)``), so that the migration stays
/// one `.sql` file and there is one encoder.
///
/// It takes the snapshot's rows, one call each, as `(what, a, b, c, d, e)`: a record `('r',
/// path, parent, slot, position, value id)`, a container `('c', owner, kind)`, a setting `('s',
/// owner, name, value, typeof(value))`; text columns come as their bytes (`CAST(... AS BLOB)`),
/// NULL when they are not text. It gives the tree, parents, slots, positions, kinds and settings
/// exactly as stored (a damaged one stays damaged, for reading and `check` to report); or, for
/// rows a tree cannot hold, the byte 0 and the reason: those rows are then kept as they are
/// (``legacyFormat``).
struct MigratedTree: DatabaseAggregate {
    /// The first byte of the tree of a snapshot whose rows were kept as they were (in the
    /// `restack_legacy_*` tables): reading it is a damaged value, and `check` reports it.
    static let legacyFormat: UInt8 = 0

    static let function = DatabaseFunction("restack_encode_tree", argumentCount: 6, pure: true, aggregate: MigratedTree.self)

    private struct RecordRow {
        var parent: String
        var slot: String
        var position: Int
        var valueID: Int64
    }

    private var records: [String: RecordRow] = [:]
    private var kinds: [String: String] = [:]
    private var settings: [String: [TreeBlob.Setting]] = [:]
    /// The first reason the rows do not fit a tree.
    private var problem: String?

    init() {}

    mutating func step(_ values: [DatabaseValue]) throws {
        guard problem == nil else { return }
        func text(_ index: Int, _ what: String) -> String? {
            guard case .blob(let bytes) = values[index].storage else {
                problem = problem ?? "\(what) is not text"
                return nil
            }
            guard let text = String(bytes: bytes, encoding: .utf8) else {
                problem = problem ?? "\(what) is not UTF-8"
                return nil
            }
            return text
        }
        switch String.fromDatabaseValue(values[0]) {
        case "r":
            guard let path = text(1, "a record's path"), let parent = text(2, "the parent of \"\(path)\""),
                  let slot = text(3, "the slot of \"\(path)\"") else { return }
            guard case .int64(let position) = values[4].storage, position >= 0, let place = Int(exactly: position) else {
                problem = "the position of \"\(path)\" is not a whole number from 0"
                return
            }
            guard case .int64(let valueID) = values[5].storage else {
                problem = "the value of \"\(path)\" has no id"
                return
            }
            records[path] = RecordRow(parent: parent, slot: slot, position: place, valueID: valueID)
        case "c":
            guard let owner = text(1, "a container's owner"), let kind = text(2, "the kind of the container at \"\(owner)\"") else { return }
            kinds[owner] = kind
        case "s":
            guard let owner = text(1, "a setting's owner"), let name = text(2, "the name of a setting at \"\(owner)\"") else { return }
            let value: TreeBlob.Value
            switch (values[3].storage, String.fromDatabaseValue(values[4])) {
            case (.null, _): value = .null
            case (.int64(let number), _): value = .integer(number)
            case (.double(let number), _): value = .real(number)
            case (.blob(let bytes), "text"):
                guard let string = String(bytes: bytes, encoding: .utf8) else {
                    problem = "the setting \"\(name)\" at \"\(owner)\" is not UTF-8"
                    return
                }
                value = .text(string)
            case (.blob(let bytes), _): value = .blob(bytes)
            case (.string(let string), _): value = .text(string)
            }
            settings[owner, default: []].append(TreeBlob.Setting(name: name, value: value))
        default:
            problem = "an unknown row"
        }
    }

    func finalize() throws -> (any DatabaseValueConvertible)? {
        do throws(Unfit) {
            return try tree().encoded
        } catch {
            return Data([Self.legacyFormat] + Array((problem ?? error.reason).utf8))
        }
    }

    private struct Unfit: Error {
        var reason: String
    }

    /// The tree of the rows: records in document order (each one's owner before it, slots in
    /// their kinds' order, positions ascending), the root's container first.
    private func tree() throws(Unfit) -> TreeBlob {
        if let problem { throw Unfit(reason: problem) }
        var children: [String: [(path: String, order: (Int, Int))]] = [:]
        for (path, row) in records {
            guard row.parent.isEmpty || records[row.parent] != nil else {
                throw Unfit(reason: "the parent \"\(row.parent)\" of \"\(path)\" is no record")
            }
            guard let code = TreeReader.slotCode(row.slot) else {
                throw Unfit(reason: "the slot \"\(row.slot)\" of \"\(path)\" is no kind's")
            }
            guard path == TreeReader.path(owner: row.parent, slot: row.slot, position: row.position) else {
                throw Unfit(reason: "the path \"\(path)\" is not its parent's and its step")
            }
            children[row.parent, default: []].append((path, (code, row.position)))
        }
        var blob = TreeBlob(records: [], containers: [])
        var index: [String: Int] = ["": 0]
        // Pre-order, iteratively: a record is numbered, then what it owns.
        var order: [(path: String, owner: Int)] = []
        var stack = (children[""] ?? []).sorted { $0.order < $1.order }.reversed().map { ($0.path, 0) }
        while let (path, owner) = stack.popLast() {
            order.append((path, owner))
            index[path] = order.count
            stack.append(contentsOf: (children[path] ?? []).sorted { $0.order < $1.order }.reversed().map { ($0.path, order.count) })
        }
        for (path, owner) in order {
            let row = records[path]!
            blob.records.append(TreeBlob.Record(owner: owner, slot: row.slot, position: row.position, valueID: row.valueID))
        }
        for owner in settings.keys where kinds[owner] == nil {
            throw Unfit(reason: "a setting at \"\(owner)\" of no container")
        }
        guard kinds.isEmpty || kinds[""] != nil else {
            throw Unfit(reason: "containers without a root container")
        }
        for (owner, kind) in kinds.sorted(by: { (index[$0.key] ?? -1) < (index[$1.key] ?? -1) }) {
            guard let ownerIndex = index[owner] else {
                throw Unfit(reason: "the container at \"\(owner)\" is owned by no record")
            }
            let stored = (settings[owner] ?? []).sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
            blob.containers.append(TreeBlob.Container(owner: ownerIndex, kind: kind, settings: stored))
        }
        return blob
    }
}
