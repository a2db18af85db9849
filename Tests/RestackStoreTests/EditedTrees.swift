import Foundation
import GRDB
@testable import RestackStore

/// Rewrites the tree of snapshot `id` with `edit` made to its entries, in `db`'s transaction: a
/// change made behind Restack's back, as damage would make it.
func editTree(_ db: Database, snapshot id: Int64, _ edit: (inout TreeBlob) throws -> Void) throws {
    let bytes = try Data.fetchOne(db, sql: "SELECT tree FROM restack_snapshot WHERE id = ?", arguments: [id]) ?? Data()
    var tree = try TreeBlob(decoding: bytes)
    try edit(&tree)
    try db.execute(sql: "UPDATE restack_snapshot SET tree = ? WHERE id = ?", arguments: [tree.encoded, id])
}

/// The value ids the tree of snapshot `id` names, in its order.
func treeValueIDs(_ db: Database, snapshot id: Int64) throws -> [Int64] {
    try TreeBlob(decoding: Data.fetchOne(db, sql: "SELECT tree FROM restack_snapshot WHERE id = ?", arguments: [id]) ?? Data()).records.map(\.valueID)
}

/// The i-th value id a store made since migration 10 gives when every value starts a block of
/// its own (``ValueIDs``): 16, 32, 48, ...
func block(_ index: Int64) -> Int64 {
    index * ValueIDs.blockSize
}
