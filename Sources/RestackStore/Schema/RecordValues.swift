import Foundation
import GRDB
import GRDBSQLite
import Restack

/// Records' contents as rows of `restack_value` (migration 9): an identifier, a class name and a
/// payload, inserted once and referenced by every consecutive snapshot of a session that holds
/// the record unchanged, by the value id in its tree (``TreeBlob``).
///
/// A save compares each record with the values of the session's previous snapshot, byte for
/// byte and class for class, and inserts only those that differ: a navigation change (one push
/// or pop) inserts at most one value. Values are deleted with the last snapshot that holds
/// them (``SnapshotQueries/prune(_:sessionID:keeping:keepLast:savedBefore:)``, session
/// deletion).
enum RecordValues {
    /// Ids per `SELECT` or `DELETE` at most: the statements take a fixed list of parameters,
    /// the unused ones NULL, so that one cached statement serves every count.
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
    /// The largest id present among a list of ``deleteSQL``, before it runs.
    static let largestDeletedSQL = "SELECT MAX(id) FROM restack_value WHERE id IN (\(idList))"

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
    /// value id with no row is damage, named by the record's path (`paths`, from
    /// ``DocumentRows/paths(_:)``).
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
                // Named by the first record that holds it, for a message.
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
                throw DocumentRows.damaged(snapshotID, "the record at \"\(path(index + 1))\" names value \(record.valueID), which has no row in restack_value")
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

    /// A record's content as compared: its bytes, text and blob told apart from none.
    struct Content: Hashable {
        var identifier: [UInt8]?
        var className: [UInt8]?
        var payload: Data?

        init(_ record: RestorationRecord) {
            identifier = record.identifier.map { Array($0.utf8) }
            className = record.className.map { Array($0.utf8) }
            payload = record.payload
        }
    }

    /// The values of the session's newest snapshot, by content: those a save may reference
    /// again. A tree or value that does not read (damage) is simply not shared.
    static func previous(_ db: Database, sessionID: Int64) throws -> [Content: Int64] {
        var tree: Data?
        try db.forEachRow("SELECT tree FROM restack_snapshot WHERE session_id = ? ORDER BY id DESC LIMIT 1",
                          binding: [sessionID.databaseValue]) { step in
            tree = try? StoredValues(statement: step, name: .unidentified).blob(0, .tree)
            return false
        }
        guard let tree, let blob = try? TreeBlob(decoding: tree) else { return [:] }
        var result: [Content: Int64] = [:]
        try inLists(Set(blob.records.map(\.valueID)), padded: false) { list in
            try db.forEachRow(selectSQL(list.count), binding: list) { step in
                let values = StoredValues(statement: step, name: .unidentified)
                // A value of a wrong class is not shared: the save writes the record anew.
                do {
                    let id = try values.integer(0, .valueID)
                    let record = RestorationRecord(identifier: try values.exactText(1, .identifier),
                                                   className: try values.exactText(2, .className),
                                                   payload: try values.blob(3, .payload))
                    result[Content(record)] = id
                } catch {}
                return true
            }
        }
        return result
    }

    /// Fills in the value ids of `blob`'s records (`contents`, in its order): the previous
    /// snapshot's value for a record it holds unchanged, a new row for any other.
    static func store(_ db: Database, _ blob: inout TreeBlob, contents: [RestorationRecord], sessionID: Int64) throws {
        var known = try previous(db, sessionID: sessionID)
        var nextID: Int64?
        for (index, record) in contents.enumerated() {
            let content = Content(record)
            if let id = known[content] {
                blob.records[index].valueID = id
                continue
            }
            let id = try nextID ?? ExhaustedIDs.next(db, ExhaustedIDs.values)
            // After the largest id, the next new record asks again, and gets the typed damage.
            nextID = id < .max ? id + 1 : nil
            try db.cachedStatement(sql: "INSERT INTO restack_value (id, identifier, class_name, payload) VALUES (?, ?, ?, ?)")
                .execute(binding: [id.databaseValue, record.identifier?.databaseValue ?? .null,
                                   record.className?.databaseValue ?? .null, record.payload?.databaseValue ?? .null])
            known[content] = id
            blob.records[index].valueID = id
        }
    }

    // MARK: Deleting

    /// The value ids the trees `trees` reference, or `nil` when one of them does not decode
    /// (damage, or a newer version's tree): what it references cannot be told. The rows of an
    /// older store kept as they were (``MigratedTree/legacyFormat``) reference none.
    static func referenced(by trees: [Data?]) -> Set<Int64>? {
        var ids = Set<Int64>()
        for tree in trees {
            guard let tree else { return nil }
            if tree.first == MigratedTree.legacyFormat { continue }
            guard let blob = try? TreeBlob(decoding: tree) else { return nil }
            ids.formUnion(blob.records.map(\.valueID))
        }
        return ids
    }

    /// Deletes the values of `deleted` (trees of deleted snapshots of session `sessionID`) that
    /// no remaining snapshot of the session references: values are only shared within a session.
    ///
    /// When a remaining tree does not decode, nothing is deleted: it may reference any value,
    /// and a value kept too long (`check` reports it) is better than one lost. A deleted tree
    /// that does not decode leaves its values (which they are cannot be told). The largest id of the rows deleted is kept as
    /// `value_high_water` when it was the largest present, so that it is never given again.
    static func deleteUnreferenced(_ db: Database, deleted: [Data], sessionID: Int64?) throws {
        var doomed = Set(deleted.flatMap { referenced(by: [$0]) ?? [] })
        guard !doomed.isEmpty else { return }
        if let sessionID {
            var remaining: [Data?] = []
            try db.forEachRow("SELECT tree FROM restack_snapshot WHERE session_id = ?", binding: [sessionID.databaseValue]) { step in
                remaining.append((try? StoredValues(statement: step, name: .unidentified).blob(0, .tree)) ?? nil)
                return true
            }
            guard let kept = referenced(by: remaining) else { return }
            doomed.subtract(kept)
        }
        guard !doomed.isEmpty else { return }
        // The largest id of the rows deleted, not of those the trees name: a damaged tree may
        // name a value that is missing (9223372036854775807 would mark every id as given).
        var largestDeleted: Int64?
        try inLists(doomed.sorted()) { list in
            try db.forEachRow(largestDeletedSQL, binding: list) { step in
                if let id = try StoredValues(statement: step, name: .unidentified).optionalInteger(0, ExhaustedIDs.values.largestPresent) {
                    largestDeleted = max(largestDeleted ?? id, id)
                }
                return false
            }
            try db.cachedStatement(sql: deleteSQL).execute(binding: list)
        }
        try ExhaustedIDs.keep(db, ExhaustedIDs.values, removed: largestDeleted)
    }
}
