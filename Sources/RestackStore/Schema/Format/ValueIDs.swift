/// How a new record's value gets its id (migration 10), a pure rule.
///
/// Ids are given in blocks of ``blockSize``: a value that takes no other value's place starts a
/// new block, above every id ever given (``freshBlock(after:)``); a value written by a save that
/// releases another value (one no tree names any more) takes the id after the released one,
/// in its block (``successor(of:blocksFrom:)``), and the released row becomes the new one's.
/// SQLite keeps a table's rows in id order, so the new value is written on the page where the
/// released one was: a push onto a stack whose popped screen retention just let go rewrites one
/// page instead of splitting the table's last page and merging the emptied one (the figures:
/// <doc:Performance>).
///
/// An id is still never given twice: a block's ids are given one after another, each only when
/// the one before it is released in the same save, so the one after a released id was never
/// given; ids below `value_blocks_from` (the first block, written by migration 10) were given one
/// after another by earlier versions, and are never succeeded.
package enum ValueIDs {
    /// How many ids a block holds.
    package static let blockSize: Int64 = 16

    /// `restack_meta`'s key for the first id of the first block.
    static let blocksFromKey = "value_blocks_from"

    /// The first id of the block after `largestGiven`, or `nil` when the ids have run out.
    package static func freshBlock(after largestGiven: Int64) -> Int64? {
        let block = largestGiven < 0 ? 0 : largestGiven / blockSize + 1
        return block <= Int64.max / blockSize ? block * blockSize : nil
    }

    /// The id a new value takes in place of `released`, a value the same save deletes: the next
    /// id of its block; `nil` when `released` is the last id of its block, or was given before
    /// blocks (below `blocksFrom`, or with no `blocksFrom`).
    package static func successor(of released: Int64, blocksFrom: Int64?) -> Int64? {
        guard let blocksFrom, released >= blocksFrom, released < .max, (released + 1) % blockSize != 0 else { return nil }
        return released + 1
    }
}
