import Foundation
import GRDB
import Restack

/// Records' contents as rows of `restack_value` (migration 9): an identifier, a class name and a
/// payload, written once and named by every consecutive snapshot of a session that holds the
/// record unchanged, by the value id in its tree (``TreeBlob``).
///
/// A save compares each record with the values of the session's previous snapshot, byte for
/// byte and class for class, and writes only those that differ: a navigation change (one push
/// or pop) writes at most one value (``ValuePlan``). Values are deleted with the last tree that
/// names them (``ValueRelease``).
///
/// A value belongs to the session whose save wrote it. Only a tree changed behind Restack's
/// back names another session's value; such a reference never spreads and never costs the other
/// session its record: a save shares no value that a tree of another session names, and no value
/// that any remaining tree names is deleted (``ValueRelease/namedByOtherTrees(_:_:outside:)``);
/// `check` reports it.
enum RecordValues {
    /// Ids per `SELECT` or `DELETE` at most.
    static let idsPerStatement = 32
    /// `?, ?, ...`: ``idsPerStatement`` parameters (made without a generic join: its first use in
    /// a fresh process cost the launch 0.3M instructions).
    private static let idList = String(repeating: "?, ", count: idsPerStatement - 1) + "?"

    /// The values of `count` ids: a statement per count, so that no padding parameter is bound
    /// and looked up (16 padded parameters cost a restore about 90k instructions).
    static func selectSQL(_ count: Int) -> String {
        "SELECT id, identifier, class_name, payload FROM restack_value WHERE id IN (" + String(repeating: "?, ", count: count - 1) + "?)"
    }
    static let deleteSQL = "DELETE FROM restack_value WHERE id IN (\(idList))"
    /// The ids present among a list of ``idsPerStatement``, in order.
    static let presentSQL = "SELECT id FROM restack_value WHERE id IN (\(idList)) ORDER BY id"
    static let insertSQL = "INSERT INTO restack_value (id, identifier, class_name, payload) VALUES (?, ?, ?, ?)"
    /// A released row becomes a new value: its id and its three values.
    static let replaceSQL = "UPDATE restack_value SET id = ?, identifier = ?, class_name = ?, payload = ? WHERE id = ?"

    /// Runs `body` on `ids` in lists of ``idsPerStatement``, the last one padded with NULL when
    /// `padded` (for one statement of a fixed list).
    static func inLists(_ ids: some Collection<Int64>, padded: Bool = true, _ body: ([DatabaseValue]) throws -> Void) rethrows {
        var list: [DatabaseValue] = []
        list.reserveCapacity(idsPerStatement)
        for id in ids {
            list.append(id.databaseValue)
            if list.count == idsPerStatement {
                try body(list)
                list.removeAll(keepingCapacity: true)
            }
        }
        if !list.isEmpty {
            try body(padded ? list + Array(repeating: .null, count: idsPerStatement - list.count) : list)
        }
    }

    // MARK: Reading

    /// The contents of the records of `blob`, by record (in its order), each value checked; a
    /// value id with no row is damage, named by the record's path (`path`, made only for a
    /// message).
    static func read(_ db: some StatementRunner, _ blob: TreeBlob, path: (Int) -> String, snapshotID: Int64) throws -> [RestorationRecord] {
        // The distinct value ids, sorted, and each one's content at the same index: arrays, not
        // dictionaries, whose first use in a fresh process costs the launch the runtime's
        // conformance lookups (<doc:Performance>).
        let ids = distinctSorted(blob.records.map(\.valueID))
        var found = [RestorationRecord?](repeating: nil, count: ids.count)
        try inLists(ids, padded: false) { list in
            try db.forEachRow(selectSQL(list.count), binding: list) { step in
                let id = try StoredValues(statement: step, name: .unidentified).integer(0, .valueID)
                guard let slot = index(of: id, in: ids) else { return true }
                let values = StoredValues(statement: step, name: .unidentified)
                do {
                    found[slot] = RestorationRecord(identifier: try values.exactText(1, .identifier),
                                                    className: try values.exactText(2, .className),
                                                    payload: try values.blob(3, .payload))
                } catch {
                    // Read again, named by the first record that holds it: the name is only
                    // made for a message.
                    let holder = blob.records.firstIndex { $0.valueID == id }.map { path($0 + 1) } ?? ""
                    let named = StoredValues(statement: step, name: .value(id, snapshot: snapshotID, path: holder))
                    _ = try named.exactText(1, .identifier)
                    _ = try named.exactText(2, .className)
                    _ = try named.blob(3, .payload)
                    throw error
                }
                return true
            }
        }
        return try blob.records.enumerated().map { index, record in
            guard let slot = Self.index(of: record.valueID, in: ids), let value = found[slot] else {
                throw TreeReader.damaged(snapshotID, "the record at \"\(path(index + 1))\" names value \(record.valueID), which has no row in restack_value")
            }
            return value
        }
    }

    /// `ids` sorted, each once.
    static func distinctSorted(_ ids: [Int64]) -> [Int64] {
        var result: [Int64] = []
        result.reserveCapacity(ids.count)
        for id in ids.sorted() where result.last != id {
            result.append(id)
        }
        return result
    }

    /// The index of `id` in `sorted`, by binary search.
    static func index(of id: Int64, in sorted: [Int64]) -> Int? {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == id ? low : nil
    }

    // MARK: Writing

    /// The values of the session's newest tree (`tree`, read before the save changed the
    /// session), by content: those a save may name again. A tree or value that does not read
    /// (damage) is simply not shared, nor is a value that a tree of another session names
    /// (``ValueRelease/namedByOtherTrees(_:_:outside:)``): unless the newest tree is `written`,
    /// the bytes this store itself last saved for the session, whose values were its own when it
    /// saved them.
    static func shareable(_ db: Database, newest tree: Data?, sessionID: Int64, written: [UInt8]?) throws -> [ValueContent: Int64] {
        guard let tree, let blob = try? TreeBlob(decoding: tree) else { return [:] }
        var ids = Set(blob.records.map(\.valueID))
        if written.map(tree.elementsEqual) != true {
            ids.subtract(try ValueRelease.namedByOtherTrees(db, ids, outside: sessionID))
        }
        var result: [ValueContent: Int64] = [:]
        try inLists(ids, padded: false) { list in
            try db.forEachRow(selectSQL(list.count), binding: list) { step in
                let values = StoredValues(statement: step, name: .unidentified)
                // A value of a wrong class is not shared: the save writes the record anew.
                do {
                    let id = try values.integer(0, .valueID)
                    let record = RestorationRecord(identifier: try values.exactText(1, .identifier),
                                                   className: try values.exactText(2, .className),
                                                   payload: try values.blob(3, .payload))
                    result[ValueContent(record)] = id
                } catch {}
                return true
            }
        }
        return result
    }

    /// Runs `plan`'s writes, the records' contents taken from `contents` (the tree's, in its
    /// order).
    static func run(_ db: Database, _ plan: ValuePlan, contents: [RestorationRecord]) throws {
        var deleted: [Int64] = []
        for write in plan.writes {
            switch write {
            case .insert(let id, let index):
                let record = contents[index]
                try db.execute(insertSQL, binding: [id.databaseValue, record.identifier?.databaseValue ?? .null,
                                                    record.className?.databaseValue ?? .null, record.payload?.databaseValue ?? .null])
            case .replace(let from, let to, let index):
                let record = contents[index]
                try db.execute(replaceSQL, binding: [to.databaseValue, record.identifier?.databaseValue ?? .null,
                                                     record.className?.databaseValue ?? .null, record.payload?.databaseValue ?? .null,
                                                     from.databaseValue])
            case .delete(let id):
                deleted.append(id)
            }
        }
        try inLists(deleted) { list in
            try db.execute(deleteSQL, binding: list)
        }
    }
}
