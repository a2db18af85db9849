import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Consecutive snapshots share unchanged records (migration 9): a push inserts one value, a pop
/// none; values are compared byte for byte; pruning and session deletion delete exactly the
/// values no remaining snapshot references; and snapshot ids are never given twice.
@Suite("Shared records")
struct SharedRecordTests {
    static func stack(_ depth: Int) -> RestorationTree {
        RestorationTree(root: .tabs(TabsContainer(tabs: [
            RestorationRecord(identifier: "mail", className: "Nav", container: .stack(StackContainer(records: (0..<depth).map {
                RestorationRecord(identifier: "screen-\($0)", className: "Screen", payload: Data(repeating: UInt8($0), count: 256))
            }))),
            RestorationRecord(identifier: "settings", className: "Settings"),
        ], selected: 0)))
    }

    static func values(_ store: SnapshotStore) throws -> Int {
        try store.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM restack_value") ?? 0 }
    }

    @Test func aPushInsertsOneValueAndAPopNone() throws {
        let store = try SnapshotStore.inMemory()
        try store.save(Self.stack(6), session: "s")
        #expect(try Self.values(store) == 8)
        try store.save(Self.stack(7), session: "s")
        #expect(try Self.values(store) == 9, "one push, one value")
        try store.save(Self.stack(6), session: "s")
        #expect(try Self.values(store) == 9, "a pop writes no value")
        try store.save(Self.stack(6), session: "other")
        #expect(try Self.values(store) == 17, "values are shared within a session only")
        for id in try store.snapshots(session: "s").map(\.id) {
            #expect(try store.snapshot(id: id).tree.allRecords.count == (id == 2 ? 9 : 8))
        }
        #expect(try store.check().isHealthy)
    }

    /// Text equal as a Swift `String` compares it (canonically) but not byte for byte, and an
    /// empty payload against none, are different values.
    @Test func valuesAreComparedByteForByte() throws {
        let store = try SnapshotStore.inMemory()
        let composed = RestorationTree.drillDown(left: [RestorationRecord(identifier: "caf\u{E9}", className: "C")])
        let decomposed = RestorationTree.drillDown(left: [RestorationRecord(identifier: "cafe\u{301}", className: "C")])
        let emptyPayload = RestorationTree.drillDown(left: [RestorationRecord(identifier: "cafe\u{301}", className: "C", payload: Data())])
        let first = try store.save(composed, session: "s")
        let second = try store.save(decomposed, session: "s")
        let third = try store.save(emptyPayload, session: "s")
        #expect(try Self.values(store) == 3)
        #expect(Array(try store.snapshot(id: first.id).tree.allRecords[0].record.identifier!.utf8) == Array("caf\u{E9}".utf8))
        #expect(Array(try store.snapshot(id: second.id).tree.allRecords[0].record.identifier!.utf8) == Array("cafe\u{301}".utf8))
        #expect(try store.snapshot(id: second.id).tree.allRecords[0].record.payload == nil)
        #expect(try store.snapshot(id: third.id).tree.allRecords[0].record.payload == Data())
    }

    /// Retention deletes the values only pruned snapshots held, in the save's transaction; a
    /// value a kept snapshot still references stays.
    @Test func pruningDeletesTheValuesOnlyPrunedSnapshotsHeld() throws {
        let store = try SnapshotStore.inMemory(options: .init(retention: .init(keepLast: 2)))
        for depth in 1...6 {
            try store.save(Self.stack(depth), session: "s")
        }
        // Snapshots of depth 5 and 6 are kept: mail, settings, screens 0 to 5.
        #expect(try store.snapshots(session: "s").count == 2)
        #expect(try Self.values(store) == 8)
        #expect(try store.check().isHealthy)
        try store.pruneHistory(session: "s", keepingLast: 1)
        #expect(try Self.values(store) == 8, "the newest holds every value")
        try store.save(Self.stack(1), session: "s")
        try store.pruneHistory(session: "s", keepingLast: 1)
        #expect(try Self.values(store) == 3)
        #expect(try store.check().isHealthy)
    }

    @Test func deletingASessionDeletesItsValuesAndKeepsItsIdsUsed() throws {
        let store = try SnapshotStore.inMemory()
        try store.save(Self.stack(2), session: "kept")
        try store.save(Self.stack(3), session: "gone")
        let last = try store.save(Self.stack(4), session: "gone")
        try store.deleteSession("gone")
        #expect(try Self.values(store) == 4)
        #expect(try store.check().isHealthy)
        #expect(try store.database.read { try Int64.fetchOne($0, sql: "SELECT value FROM restack_meta WHERE key = 'snapshot_high_water'") } == last.id)
        #expect(try store.save(Self.stack(2), session: "kept").id == last.id + 1, "an id once given is not given again")
    }

    /// A value no tree references, and a tree naming a value with no row, are reported.
    @Test func checkReportsValuesAndTreesThatDoNotMatch() throws {
        let store = try SnapshotStore.inMemory()
        let info = try store.save(Self.stack(2), session: "s")
        let orphan = try store.database.read { try treeValueIDs($0, snapshot: info.id)[1] }
        try store.database.write { db in
            try db.execute(sql: "INSERT INTO restack_value (id, identifier) VALUES (100, 'stray')")
            try editTree(db, snapshot: info.id) { $0.records[1].valueID = 99 }
        }
        let problems = try store.check().problems
        #expect(problems.contains("restack_value: values that no snapshot's tree references: \(orphan), 100"), "\(problems)")
        #expect(problems.contains {
            $0 == "restack_snapshot.tree of snapshot 1: the record at \"tabs[0]/records[0]\" names value 99, which has no row in restack_value"
        }, "\(problems)")
    }

    /// A kept tree that does not decode (damage, or a newer version's format) may reference any
    /// value: pruning then deletes none, and the tree reads again once it is whole.
    @Test func pruningKeepsEveryValueWhileAKeptTreeDoesNotDecode() throws {
        let store = try SnapshotStore.inMemory()
        try store.save(Self.stack(3), session: "s")
        let kept = try store.save(Self.stack(1), session: "s")
        let bytes = try store.database.read { try Data.fetchOne($0, sql: "SELECT tree FROM restack_snapshot WHERE id = ?", arguments: [kept.id]) } ?? Data()
        var newer = bytes
        newer[newer.startIndex] = TreeBlob.format + 1
        try store.database.write { try $0.execute(sql: "UPDATE restack_snapshot SET tree = ? WHERE id = ?", arguments: [newer, kept.id]) }
        try store.pruneHistory(session: "s", keepingLast: 1)
        #expect(try store.snapshots(session: "s").map(\.id) == [kept.id])
        #expect(try Self.values(store) == 5, "no value deleted")
        try store.database.write { try $0.execute(sql: "UPDATE restack_snapshot SET tree = ? WHERE id = ?", arguments: [bytes, kept.id]) }
        #expect(try store.snapshot(id: kept.id).tree.allRecords.map(\.record.identifier) == ["mail", "screen-0", "settings"])
        // Screens 1 and 2, the third and fourth values written.
        #expect(try store.check().problems == ["restack_value: values that no snapshot's tree references: \(block(3)), \(block(4))"])
    }

    /// A value id is never given twice, even after the value with the largest id is deleted: a
    /// tree that still names a deleted value reports it missing, never another record.
    @Test func aValueIdIsNeverGivenTwice() throws {
        let store = try SnapshotStore.inMemory()
        try store.save(Self.stack(2), session: "kept")
        try store.save(Self.stack(3), session: "gone")
        try store.deleteSession("gone")
        let largest = try store.database.read { try Int64.fetchOne($0, sql: "SELECT value FROM restack_meta WHERE key = 'value_high_water'") }
        #expect(largest == block(9))
        try store.save(Self.stack(4), session: "kept")
        let ids = try store.database.read { try Int64.fetchAll($0, sql: "SELECT id FROM restack_value ORDER BY id") }
        #expect(ids == [1, 2, 3, 4, 10, 11].map(block), "the new screens get ids past the deleted ones")
        #expect(try store.check().isHealthy)
        try store.deleteSession("kept")
        #expect(try Self.values(store) == 0)
        try store.save(Self.stack(0), session: "new")
        #expect(try store.database.read { try Int64.fetchAll($0, sql: "SELECT id FROM restack_value ORDER BY id") } == [12, 13].map(block))
    }

    /// `check` collects every tree's references, however many problems come before it and
    /// whatever else is wrong with its row: no value a tree uses is called unreferenced.
    @Test func checkSeesTheValuesOfEveryTree() throws {
        let store = try SnapshotStore.inMemory(options: .init(retention: .init(keepLast: 100)))
        var ids: [Int64] = []
        for index in 0..<22 {
            ids.append(try store.save(.drillDown(left: [record("r\(index)")]), session: "s").id)
        }
        try store.database.write { db in
            for id in ids.prefix(20) {
                try editTree(db, snapshot: id) { $0.records[0].slot = "middle" }
            }
            try db.execute(sql: "UPDATE restack_snapshot SET format_version = 'two' WHERE id = ?", arguments: [ids[21]])
        }
        let problems = try store.check().problems
        #expect(problems.filter { $0.contains("which no kind has") }.count == 20, "\(problems)")
        #expect(!problems.contains { $0.hasPrefix("restack_value") }, "\(problems)")
    }
}
