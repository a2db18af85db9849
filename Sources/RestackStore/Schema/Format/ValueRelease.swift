import Foundation
import GRDB

/// Which values a deletion of snapshots releases: those the deleted trees named and no
/// remaining tree names.
///
/// Reference counting lives here, in the format, and not in SQLite: a reference table with
/// foreign keys and an index by value wrote two more pages a save (<doc:Performance>).
///
/// First the session's own trees are asked (a value belongs to the session whose save wrote
/// it), then, for the few values left, every other tree (``namedByOtherTrees(_:_:outside:)``).
/// When a remaining tree of the session does not decode, nothing is released: it may name any
/// value, and a value kept too long (`check` reports it) is better than one lost. A deleted tree
/// that does not decode releases nothing (what it named cannot be told).
enum ValueRelease {
    /// What a deletion releases: the values that the deleted trees named and no remaining tree
    /// names, in id order, only those that have a row; and, among the ids after them, those that
    /// have a row too (``ValuePlan``'s `occupied`).
    struct Released {
        var ids: [Int64] = []
        var occupiedSuccessors: Set<Int64> = []
    }

    /// The values the deleted trees `deleted` (of session `sessionID`, or of any) named that no
    /// remaining tree names. `excluded` is a snapshot of the session whose tree is being written
    /// (it names `kept`), left out of the trees asked.
    static func released(_ db: Database, deleted: [Data?], sessionID: Int64?, excluding excluded: Int64? = nil,
                         kept: Set<Int64> = []) throws -> Released {
        var doomed = Set(deleted.flatMap { referenced(by: [$0]) ?? [] })
        doomed.subtract(kept)
        guard !doomed.isEmpty else { return Released() }
        if let sessionID {
            var remaining: [Data?] = []
            try db.forEachRow("SELECT tree FROM restack_snapshot WHERE session_id = ? AND id IS NOT ?",
                              binding: [sessionID.databaseValue, excluded?.databaseValue ?? .null]) { step in
                remaining.append((try? StoredValues(statement: step, name: .unidentified).blob(0, .tree)) ?? nil)
                return true
            }
            guard let named = referenced(by: remaining) else { return Released() }
            doomed.subtract(named)
        }
        guard !doomed.isEmpty else { return Released() }
        doomed.subtract(try namedByOtherTrees(db, doomed, outside: sessionID))
        guard !doomed.isEmpty else { return Released() }
        // Only the ids that have a row (a damaged tree may name a value that is missing:
        // 9223372036854775807 would mark every id as given), and the ids after them that have
        // one, in one statement.
        let successors = Set(doomed.compactMap { $0 < .max ? $0 + 1 : nil }).subtracting(doomed)
        var released = Released()
        try RecordValues.inLists((doomed.union(successors)).sorted()) { list in
            try db.forEachRow(RecordValues.presentSQL, binding: list) { step in
                let id = try StoredValues(statement: step, name: .unidentified).integer(0, .valueID)
                if doomed.contains(id) {
                    released.ids.append(id)
                } else {
                    released.occupiedSuccessors.insert(id)
                }
                return true
            }
        }
        return released
    }

    /// Deletes `ids` (released values, in id order) and keeps the largest as `value_high_water`
    /// when it was the largest present, so that it is never given again.
    static func delete(_ db: Database, _ ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try RecordValues.inLists(ids) { list in
            try db.execute(RecordValues.deleteSQL, binding: list)
        }
        try StoredIDs.keep(db, StoredIDs.values, removed: ids.last)
    }

    /// The value ids the trees `trees` name, or `nil` when one of them does not decode (damage,
    /// or a newer version's tree): what it names cannot be told. The rows of an older store
    /// kept as they were (``MigratedTree/legacyFormat``) name none.
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
