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
///
/// A value belongs to the session whose save inserted it. Only a tree changed behind Restack's
/// back names another session's value; such a reference never spreads and never costs the other
/// session its record: a save shares no value that a tree of another session names, and no value
/// that any remaining tree names is deleted (``namedByOtherTrees(_:_:outside:)``); `check`
/// reports it.
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
    /// again. A tree or value that does not read (damage) is simply not shared, nor is a value
    /// that a tree of another session names (``namedByOtherTrees(_:_:outside:)``): unless the
    /// newest tree is `written`, the bytes this store itself last saved for the session, whose
    /// values were its own when it saved them.
    static func previous(_ db: Database, sessionID: Int64, written: [UInt8]?) throws -> [Content: Int64] {
        var tree: Data?
        try db.forEachRow("SELECT tree FROM restack_snapshot WHERE session_id = ? ORDER BY id DESC LIMIT 1",
                          binding: [sessionID.databaseValue]) { step in
            tree = try? StoredValues(statement: step, name: .unidentified).blob(0, .tree)
            return false
        }
        guard let tree, let blob = try? TreeBlob(decoding: tree) else { return [:] }
        var ids = Set(blob.records.map(\.valueID))
        if written.map(tree.elementsEqual) != true {
            ids.subtract(try namedByOtherTrees(db, ids, outside: sessionID))
        }
        var result: [Content: Int64] = [:]
        try inLists(ids, padded: false) { list in
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
    /// snapshot's value for a record it holds unchanged, a new row for any other. `written` is
    /// the tree this store last saved for the session, if it saved one (``WrittenTrees``).
    static func store(_ db: Database, _ blob: inout TreeBlob, contents: [RestorationRecord], sessionID: Int64, written: [UInt8]?) throws {
        var known = try previous(db, sessionID: sessionID, written: written)
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
    /// no remaining snapshot references: first those of the session (whose values they are), then,
    /// for the few values left, any other (``namedByOtherTrees(_:_:outside:)``).
    ///
    /// When a remaining tree of the session does not decode, nothing is deleted: it may reference
    /// any value, and a value kept too long (`check` reports it) is better than one lost. A
    /// deleted tree that does not decode leaves its values (which they are cannot be told). The
    /// largest id of the rows deleted is kept as `value_high_water` when it was the largest
    /// present, so that it is never given again.
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
        doomed.subtract(try namedByOtherTrees(db, doomed, outside: sessionID))
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

    // MARK: Other sessions' trees

    /// At most this many ids are looked for by their bytes, in one pass of SQLite over the
    /// snapshots that decodes only the trees holding them (a prune releases one value or two);
    /// for more, every tree is read and decoded.
    static let idsSoughtByBytes = 4

    /// The ids among `ids` that a tree of a session other than `sessionID` (of any session, for
    /// `nil`) names, or may name (``mayName(_:among:)``): one statement over the snapshots.
    static func namedByOtherTrees(_ db: Database, _ ids: Set<Int64>, outside sessionID: Int64?) throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        let sought = ids.count <= idsSoughtByBytes ? ids.sorted() : []
        var sql = "SELECT tree FROM restack_snapshot WHERE session_id IS NOT ?"
        if !sought.isEmpty {
            // Every tree that may name one of them: one that holds its bytes, or one that is not
            // a blob of this format (first byte 01: SQLite orders every other class before blobs,
            // and blobs byte by byte; an older store's kept rows, 00, come too, and name none).
            sql += " AND (tree IS NULL OR tree < X'01' OR tree >= X'02'" + String(repeating: " OR instr(tree, ?) > 0", count: sought.count) + ")"
        }
        let patterns = sought.map { Data(TreeBlob.varint(UInt64(clamping: $0))).databaseValue }
        var named = Set<Int64>()
        try db.forEachRow(sql, binding: [sessionID?.databaseValue ?? .null] + patterns) { step in
            named.formUnion(mayName(try? StoredValues(statement: step, name: .unidentified).blob(0, .tree), among: ids))
            return named.count < ids.count
        }
        return named
    }

    /// The ids among `ids` that `tree` names or may name: those of its records when it decodes;
    /// none for an older store's rows kept as they were (``MigratedTree/legacyFormat``); when a
    /// tree of this format does not decode, those whose bytes it holds (a record naming one
    /// holds them: ``TreeBlob/varint(_:)``); every one for anything else (`nil`, not a blob, or
    /// another format, a newer version's), which may name any value.
    static func mayName(_ tree: Data?, among ids: Set<Int64>) -> Set<Int64> {
        guard let tree, let format = tree.first else { return ids }
        if format == MigratedTree.legacyFormat { return [] }
        if let blob = try? TreeBlob(decoding: tree) {
            return ids.intersection(blob.records.map(\.valueID))
        }
        guard format == TreeBlob.format else { return ids }
        return ids.filter { id in id >= 0 && tree.range(of: Data(TreeBlob.varint(UInt64(id)))) != nil }
    }
}
