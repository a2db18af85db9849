import Foundation
import Restack

/// What a save writes to `restack_value`, planned by the format's rules and nothing else: each
/// record's value id, and the rows that give them. Pure: Restack runs it on its connection
/// (``RecordValues/run(_:_:contents:)``), the bench's raw baseline with its own SQL.
///
/// A record equal, byte for byte, to a value the session's previous tree holds (`shared`) names
/// that value; two equal records of one tree name one value. Every other record is a new value:
/// it takes the place of a value the save releases when one may be succeeded, else a new block
/// (``ValueIDs``). Released values no new record takes are deleted.
package struct ValuePlan: Equatable, Sendable {
    /// One write to `restack_value`.
    package enum Write: Equatable, Sendable {
        /// A new row: the content of record `record` (an index in the tree's order).
        case insert(id: Int64, record: Int)
        /// The released row `from` becomes the new row `to`, the content of record `record`.
        case replace(from: Int64, to: Int64, record: Int)
        /// A released row no new record takes.
        case delete(Int64)
    }

    /// Each record's value id, in the tree's order.
    package var ids: [Int64]
    /// The writes, in the order they run: replacements (and the deletion of each released value
    /// passed over on the way), insertions, then the deletion of the released values left.
    package var writes: [Write]

    /// Plans the values of `contents` (a tree's records, in its order).
    ///
    /// - Parameters:
    ///   - shared: The values of the session's previous tree, by content.
    ///   - released: The values the save releases (no tree names them any more), in id order.
    ///   - blocksFrom: The first id of the first block (`value_blocks_from`), if any.
    ///   - occupied: Ids after released ones that have a row already (only a store changed
    ///     behind Restack's back has one): no new value takes them.
    ///   - largestGiven: The largest value id ever given; asked at most once, when a value
    ///     starts a block.
    /// - Throws: What `largestGiven` throws, and ``Exhausted`` when no block is left.
    package init(contents: [RestorationRecord], shared: [ValueContent: Int64], released: [Int64], blocksFrom: Int64?,
                 occupied: Set<Int64> = [], largestGiven: () throws -> Int64) throws {
        var known = shared
        var ids: [Int64] = []
        ids.reserveCapacity(contents.count)
        var replacements: [Write] = [], insertions: [Write] = []
        var spare = released[...]
        // The largest id ever given, asked once; the largest this plan gives.
        var givenBefore: Int64?
        var largest: Int64 = .min
        for (index, record) in contents.enumerated() {
            let content = ValueContent(record)
            if let id = known[content] {
                ids.append(id)
                continue
            }
            let id: Int64
            if let (from, to) = Self.successor(taking: &spare, blocksFrom: blocksFrom, occupied: occupied, deleting: &replacements) {
                id = to
                replacements.append(.replace(from: from, to: to, record: index))
                largest = max(largest, to)
            } else {
                let before = try givenBefore ?? largestGiven()
                givenBefore = before
                guard let fresh = ValueIDs.freshBlock(after: max(before, largest)) else { throw Exhausted() }
                id = fresh
                insertions.append(.insert(id: fresh, record: index))
                largest = fresh
            }
            known[content] = id
            ids.append(id)
        }
        self.ids = ids
        // Released values kept by no record are deleted last; those passed over (the last of a
        // block, or given before blocks) were queued as deletions on the way.
        writes = replacements + insertions + spare.map { .delete($0) }
    }

    /// The first of `spare` that may be succeeded (by an id that has no row), taken from it,
    /// with its successor; each one passed over on the way becomes a deletion.
    private static func successor(taking spare: inout ArraySlice<Int64>, blocksFrom: Int64?, occupied: Set<Int64>,
                                  deleting writes: inout [Write]) -> (from: Int64, to: Int64)? {
        while let released = spare.popFirst() {
            if let next = ValueIDs.successor(of: released, blocksFrom: blocksFrom), !occupied.contains(next) {
                return (released, next)
            }
            writes.append(.delete(released))
        }
        return nil
    }

    /// No value id is left: the largest ever given is within a block of the largest integer.
    package struct Exhausted: Error, Equatable {}
}

/// A record's content as values are compared for sharing: its bytes, text and blob told apart
/// from none (byte for byte, not by Unicode equivalence).
package struct ValueContent: Hashable, Sendable {
    var identifier: [UInt8]?
    var className: [UInt8]?
    var payload: Data?

    package init(_ record: RestorationRecord) {
        identifier = record.identifier.map { Array($0.utf8) }
        className = record.className.map { Array($0.utf8) }
        payload = record.payload
    }
}
