import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Issue 38, defect 1: a tree changed behind Restack's back to name another session's value.
/// `check` reports it; no save, prune or deletion deletes a value that any tree still names; a
/// save never shares a value that a tree of another session names.
@Suite("A value named by trees of two sessions")
struct CrossSessionValueTests {
    static let a = RestorationTree.drillDown(left: [RestorationRecord(identifier: "a", className: "A")])
    static let b = RestorationTree.drillDown(left: [RestorationRecord(identifier: "b", className: "B", payload: Data("hello".utf8))])

    /// A store at a file, with sessions A (snapshots 1 and 3, value `block(1)`) and B (snapshot 2,
    /// value `block(2)`).
    static func twoSessions(_ folder: TemporaryFolder, options: SnapshotStore.Options = .init()) throws -> (SnapshotStore, String) {
        let path = folder.path("r.sqlite")
        let store = try SnapshotStore(path: path, options: options)
        try store.save(a, session: "A")
        try store.save(b, session: "B")
        try store.save(a, session: "A")
        return (store, path)
    }

    /// Runs `sql` through a connection of its own, as an editor would.
    static func edit(_ path: String, _ sql: String, _ arguments: StatementArguments = []) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql, arguments: arguments) }
        try queue.close()
    }

    /// A tree of one record naming value `id`, as an SQL literal: a tree changed behind
    /// Restack's back.
    static func naming(_ id: Int64) -> String {
        "X'" + TreeBlob(records: [TreeBlob.Record(owner: 0, slot: "left", position: 0, valueID: id)], containers: [])
            .encoded.map { String(format: "%02X", $0) }.joined() + "'"
    }

    static func valueIDs(_ store: SnapshotStore) throws -> [Int64] {
        try store.database.read { try Int64.fetchAll($0, sql: "SELECT id FROM restack_value ORDER BY id") }
    }

    static func restoredIdentifiers(_ store: SnapshotStore, _ session: String) throws -> [String?] {
        try store.snapshot(id: #require(store.snapshots(session: session).last).id).tree.allRecords.map(\.record.identifier)
    }

    /// The commands through the library: snapshot 1 of A names B's value; ten saves of A
    /// prune snapshot 1, and B keeps its record.
    @Test func pruningADamagedSessionKeepsTheValueAnotherSessionNames() throws {
        let folder = try TemporaryFolder()
        let (store, path) = try Self.twoSessions(folder)
        try Self.edit(path, "UPDATE restack_snapshot SET tree = \(Self.naming(block(2))) WHERE id = 1")
        #expect(try store.check().problems == [
            "restack_value: value named by trees of more than one session, which a value never is: \(block(2)) (snapshots 1, 2)",
        ])
        for _ in 1...10 {
            try store.save(Self.a, session: "A")
        }
        #expect(try !store.snapshots(session: "A").contains { $0.id == 1 }, "snapshot 1 was pruned")
        #expect(try Self.restoredIdentifiers(store, "B") == ["b"])
        #expect(try Self.valueIDs(store) == [block(1), block(2)])
        #expect(try store.check().isHealthy)
    }

    /// Deleting a session, or pruning it by hand, keeps a value that a tree of another session
    /// names, either way round: the damaged tree is the deleted session's or the other's.
    @Test(arguments: [true, false], [true, false])
    func deletingOrPruningKeepsTheValueAnotherSessionNames(damagedIsDeleted: Bool, deleting: Bool) throws {
        let folder = try TemporaryFolder()
        let (store, path) = try Self.twoSessions(folder)
        try store.save(Self.b, session: "A")  // snapshot 4: A's newest, a value of its own (`block(3)`)
        // Damaged: A's oldest names B's value, or B's names A's oldest value.
        try Self.edit(path, damagedIsDeleted
            ? "UPDATE restack_snapshot SET tree = \(Self.naming(block(2))) WHERE id = 1"
            : "UPDATE restack_snapshot SET tree = \(Self.naming(block(1))) WHERE id = 2")
        // A's values: block(1) (snapshots 1 and 3), block(3) (snapshot 4); B's: block(2), which
        // B's damaged tree no longer names (nothing deletes it: `check` reports it).
        if deleting {
            try store.deleteSession("A")
            #expect(try Self.valueIDs(store) == (damagedIsDeleted ? [2] : [1, 2]).map(block), "A's values go, but for the one B's tree names")
        } else {
            try store.pruneHistory(session: "A", keepingLast: 1)
            #expect(try Self.valueIDs(store) == (damagedIsDeleted ? [2, 3] : [1, 2, 3]).map(block))
        }
        #expect(try store.snapshot(id: 2).tree.allRecords.map(\.record.identifier) == [damagedIsDeleted ? "b" : "a"])
    }

    /// A save compares with the session's newest tree; when that tree names another session's
    /// value, the record is written anew, not shared: the reference does not spread. Through
    /// another store (which never wrote the tree) and through the same store, whose last written
    /// tree was changed since.
    @Test(arguments: [true, false])
    func aSaveSharesNoValueAnotherSessionNames(reopening: Bool) throws {
        let folder = try TemporaryFolder()
        var (store, path) = try Self.twoSessions(folder)
        try Self.edit(path, "UPDATE restack_snapshot SET tree = \(Self.naming(block(2))) WHERE id = 3")
        if reopening {
            store = try SnapshotStore(path: path)
        }
        let saved = try store.save(Self.b, session: "A")
        let tree = try TreeBlob(decoding: #require(try store.database.read {
            try Data.fetchOne($0, sql: "SELECT tree FROM restack_snapshot WHERE id = ?", arguments: [saved.id])
        }))
        #expect(tree.records.map(\.valueID) == [block(3)], "a new value, not B's value")
        #expect(try Self.valueIDs(store) == [1, 2, 3].map(block))
        #expect(try store.check().problems == [
            "restack_value: value named by trees of more than one session, which a value never is: \(block(2)) (snapshots 2, 3)",
        ])
    }

    /// A store opened afresh still shares the session's own values with its newest snapshot
    /// (it asks, once, whether another session's tree names them): a push inserts one value.
    @Test(arguments: [1, 3, 6])
    func aSaveAfterReopeningSharesTheSessionsOwnValues(depth: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("r.sqlite")
        try SnapshotStore(path: path).save(SharedRecordTests.stack(depth), session: "s")
        try SnapshotStore(path: path).save(SharedRecordTests.stack(1), session: "other")
        let store = try SnapshotStore(path: path)
        let before = try SharedRecordTests.values(store)
        try store.save(SharedRecordTests.stack(depth + 1), session: "s")
        #expect(try SharedRecordTests.values(store) == before + 1)
        #expect(try store.check().isHealthy)
    }

    /// What the save path costs: a save of a session whose newest tree this store wrote, and a
    /// prune that deletes no value, read no other session's tree; the first save through a
    /// store opened afresh reads them once, and a prune that deletes values once.
    @Test func onlyASaveOfATreeThisStoreDidNotWriteAndAPruneThatDeletesReadOtherTrees() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("r.sqlite")
        try SnapshotStore(path: path).save(SharedRecordTests.stack(2), session: "s")
        let store = try SnapshotStore(path: path, options: .init(retention: .init(keepLast: 2)))
        let statements = StatementLog()
        try store.database.writeWithoutTransaction { db in
            db.trace { event in
                if case .statement(let statement) = event, statement.sql.contains("session_id IS NOT") { statements.add() }
            }
        }
        try store.save(SharedRecordTests.stack(3), session: "s")
        #expect(statements.count == 1, "the first save through this store asks once")
        try store.save(SharedRecordTests.stack(3), session: "s")
        try store.save(SharedRecordTests.stack(3), session: "s")
        try store.save(SharedRecordTests.stack(1), session: "s")
        #expect(statements.count == 1, "saves of its own trees, prunes that delete nothing: no other tree read")
        try store.save(SharedRecordTests.stack(1), session: "s")
        #expect(statements.count == 2, "a prune deleting two screens' values asks once")
        #expect(try store.check().isHealthy)
    }

    /// A tree of another session that does not decode still keeps what it may name: a tree of
    /// this format, the values whose ids' bytes it holds; one of another format (a newer
    /// version's), every value; the rows of an older store kept as they were, none.
    @Test(arguments: [
        ("X'0101000100200000'", [block(1), block(2)]),       // holds A's value's byte (0x20), a byte left over
        ("X'0101000100300000'", [block(1)]),                 // does not hold it
        ("X'02'", [block(1), block(2)]),                     // another format
        ("'text'", [block(1), block(2)]),                    // not a blob
        ("CAST(X'00' || 'a reason' AS BLOB)", [block(1)]),    // an older store's rows, kept apart
    ])
    func aTreeThatDoesNotDecodeKeepsWhatItMayName(_ tree: String, _ kept: [Int64]) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("r.sqlite")
        let store = try SnapshotStore(path: path)
        try store.save(Self.b, session: "B")  // snapshot 1, value block(1)
        try store.save(Self.a, session: "A")  // snapshot 2, value block(2)
        try Self.edit(path, "UPDATE restack_snapshot SET tree = \(tree) WHERE id = 1")
        try store.deleteSession("A")
        #expect(try Self.valueIDs(store) == kept)
    }

    /// More values at stake than are looked for by their bytes: every other tree is read.
    @Test func aDeepSessionDeletedKeepsEveryValueAnotherTreeNames() throws {
        let store = try SnapshotStore.inMemory()
        try store.save(SharedRecordTests.stack(8), session: "deep")
        let other = try store.save(Self.b, session: "other")
        let deepValues = try Self.valueIDs(store).filter { $0 != block(11) }
        #expect(deepValues.count == 10)
        let named = Array(deepValues.suffix(ValueRelease.idsSoughtByBytes + 2))
        try store.database.write { db in
            try editTree(db, snapshot: other.id) { tree in
                tree.records = named.enumerated().map { TreeBlob.Record(owner: 0, slot: "left", position: $0.offset, valueID: $0.element) }
            }
            try db.execute(sql: "UPDATE restack_snapshot SET record_count = ? WHERE id = ?", arguments: [named.count, other.id])
        }
        try store.deleteSession("deep")
        #expect(try Self.valueIDs(store) == named + [block(11)])
        #expect(try store.snapshot(id: other.id).tree.allRecords.count == named.count)
    }
}

/// Counts statements a trace saw (from GRDB's connection, whatever thread it runs on).
final class StatementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var seen = 0

    func add() {
        lock.lock()
        seen += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return seen
    }
}
