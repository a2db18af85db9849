import Foundation
import GRDB
import PropertyBased
import Restack
@testable import RestackStore
import RestackPropertyTesting
import RestackTestSupport
import Testing

/// Migration 10: a new record's value takes the place of a value its save releases (the id after
/// it, in its block of ``ValueIDs/blockSize``), so that SQLite writes it on the released value's
/// page; an id is still never given twice, and a store changed behind Restack's back costs no
/// record and fails no save.
@Suite("A new value in the place of one its save releases")
struct ValueBlockTests {
    static func stack(_ screens: [String]) -> RestorationTree {
        RestorationTree(root: .stack(StackContainer(records: screens.map {
            RestorationRecord(identifier: $0, className: "Screen", payload: Data(repeating: UInt8($0.utf8.count), count: 256))
        })))
    }

    static func valueIDs(_ store: SnapshotStore) throws -> [Int64] {
        try store.database.read { try Int64.fetchAll($0, sql: "SELECT id FROM restack_value ORDER BY id") }
    }

    static func valueIDs(_ store: SnapshotStore, of snapshot: Int64) throws -> [Int64] {
        try store.database.read { try treeValueIDs($0, snapshot: snapshot) }
    }

    /// A push whose save prunes the snapshot that last held a popped screen: the new screen's
    /// value is the popped one's row, under the id after it; the popped value is gone, and the
    /// count of values stays.
    @Test func aPushTakesThePlaceOfThePoppedScreenRetentionReleases() throws {
        let store = try SnapshotStore.inMemory(options: .init(retention: .init(keepLast: 2)))
        try store.save(Self.stack(["a", "b"]), session: "s")
        let popped = try Self.valueIDs(store, of: store.save(Self.stack(["a", "b", "c"]), session: "s").id)[2]
        try store.save(Self.stack(["a", "b"]), session: "s")          // the pop
        let before = try Self.valueIDs(store)
        let push = try store.save(Self.stack(["a", "b", "d"]), session: "s")   // prunes the last snapshot holding c
        #expect(try Self.valueIDs(store, of: push.id)[2] == popped + 1, "d takes the id after c's")
        #expect(try Self.valueIDs(store) == before.map { $0 == popped ? popped + 1 : $0 })
        #expect(try store.latestSnapshot(session: "s").tree == Self.stack(["a", "b", "d"]))
        #expect(try store.check().isHealthy)
    }

    /// A block's ids are given one after another, each in the place of the one before; after its
    /// last id the next new value starts a block above every id ever given (not the next id,
    /// which started a block another session held, deleted since).
    @Test func aBlocksLastIdIsFollowedByANewBlock() throws {
        let store = try SnapshotStore.inMemory(options: .init(retention: .init(keepLast: 1)))
        try store.save(Self.stack(["x0"]), session: "A")
        try store.save(Self.stack(["b"]), session: "B")   // the next block, given
        try store.deleteSession("B")
        var ids: [Int64] = []
        for index in 1...ValueIDs.blockSize + 1 {
            ids.append(try Self.valueIDs(store, of: store.save(Self.stack(["x\(index)"]), session: "A").id)[0])
        }
        let first = ValueIDs.blockSize
        #expect(Array(ids.prefix(Int(ValueIDs.blockSize) - 1)) == Array(first + 1..<2 * first), "each in the place of the one before")
        #expect(ids[Int(ValueIDs.blockSize) - 1] == 3 * first, "past the block's last id: a new block, above B's")
        #expect(ids.last == 3 * first + 1)
        #expect(try Self.valueIDs(store) == [3 * first + 1])
        #expect(try store.check().isHealthy)
    }

    /// `value_blocks_from` that is no first block (none, NULL, of another class, below 0): no
    /// value takes another's place, every save still works, and `check` reports a damaged one.
    @Test(arguments: [
        ("DELETE FROM restack_meta WHERE key = 'value_blocks_from'", [String]()),
        ("UPDATE restack_meta SET value = NULL WHERE key = 'value_blocks_from'", []),
        ("UPDATE restack_meta SET value = 'x' WHERE key = 'value_blocks_from'",
         ["restack_meta.value of the entry 'value_blocks_from': expected an integer or NULL, found text"]),
        ("UPDATE restack_meta SET value = -16 WHERE key = 'value_blocks_from'",
         ["restack_meta.value of the entry 'value_blocks_from': expected the first id of the first block of value ids, at least 0, found -16"]),
    ])
    func noFirstBlockMeansNoSuccessor(_ edit: String, _ problems: [String]) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SnapshotStore(path: path, options: .init(retention: .init(keepLast: 1)))
        try store.save(Self.stack(["a"]), session: "s")
        try OutcomeCountDamageTests.edit(path, edit)
        let released = try Self.valueIDs(store)[0]
        let saved = try store.save(Self.stack(["b"]), session: "s")
        #expect(try Self.valueIDs(store, of: saved.id) == [ValueIDs.freshBlock(after: released)], "a new block, not \(released + 1)")
        #expect(try Self.valueIDs(store).count == 1, "the released value is deleted")
        #expect(try store.latestSnapshot(session: "s").tree == Self.stack(["b"]))
        #expect(try store.check().problems == problems)
    }

    /// A row at the id after a released value (written behind Restack's back) is left as it is:
    /// the new record starts a block, and the save does not fail on the id being taken.
    @Test func aRowAtTheSuccessorIsNeitherOverwrittenNorAFailure() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SnapshotStore(path: path, options: .init(retention: .init(keepLast: 1)))
        try store.save(Self.stack(["a"]), session: "s")
        let released = try Self.valueIDs(store)[0]
        try OutcomeCountDamageTests.edit(path, "INSERT INTO restack_value (id, identifier) VALUES (\(released + 1), 'stray')")
        let saved = try store.save(Self.stack(["b"]), session: "s")
        #expect(try Self.valueIDs(store, of: saved.id) == [ValueIDs.freshBlock(after: released + 1)])
        #expect(try store.database.read { try String.fetchOne($0, sql: "SELECT identifier FROM restack_value WHERE id = ?", arguments: [released + 1]) } == "stray")
        #expect(try store.latestSnapshot(session: "s").tree == Self.stack(["b"]))
    }

    /// Random histories of pushes (new screens and screens pushed again), pops, other sessions,
    /// explicit prunes and deletions, at random retentions: every snapshot reads back as saved, an
    /// id never names two contents and never comes back once deleted, and the store is healthy.
    @Test func anIdIsNeverGivenTwice() async throws {
        let operations = zip(Gen.int(in: 0...9).array(of: 10...60), Gen.int(in: 1...4))
        await checkProperty(count: 40, input: operations) { codes, keepLast in
            let store = try SnapshotStore.inMemory(options: .init(retention: .init(keepLast: keepLast)))
            var stacks: [String: [String]] = [:]
            var saved: [Int64: RestorationTree] = [:]
            var contents: [Int64: [String?]] = [:]
            var deleted = Set<Int64>()
            var fresh = 0
            for code in codes {
                let session = code == 9 ? "other" : "main"
                var stack = stacks[session] ?? []
                switch code {
                case 0...3:
                    fresh += 1
                    stack.append("new-\(fresh)")
                case 4...5:
                    stack.append("again-\(stack.count)")
                case 6:
                    _ = stack.popLast()
                case 7:
                    if !stack.isEmpty { _ = try store.pruneHistory(session: session, keepingLast: 1) }
                    saved = saved.filter { id, _ in (try? store.snapshot(id: id)) != nil }
                    continue
                case 8:
                    if stacks[session] != nil { try store.deleteSession(session) }
                    stacks[session] = nil
                    saved = saved.filter { id, _ in (try? store.snapshot(id: id)) != nil }
                    continue
                default:
                    stack.append("other-\(stack.count)")
                }
                stacks[session] = stack
                let tree = Self.stack(stack)
                saved[try store.save(tree, session: session).id] = tree
                let rows = try store.database.read { db in
                    try Row.fetchAll(db, sql: "SELECT id, identifier FROM restack_value").map { ($0[0] as Int64, $0[1] as String?) }
                }
                let present = Set(rows.map(\.0))
                #expect(present.isDisjoint(with: deleted), "an id deleted is never given again")
                deleted.formUnion(Set(contents.keys).subtracting(present))
                for (id, identifier) in rows {
                    contents[id, default: []].append(identifier)
                    #expect(Set(contents[id]!.map { $0 ?? "" }).count == 1, "value \(id) names one content")
                }
            }
            for (id, tree) in saved {
                if let snapshot = try? store.snapshot(id: id) {
                    #expect(snapshot.tree == tree)
                }
            }
            #expect(try store.check().isHealthy)
        }
    }
}
