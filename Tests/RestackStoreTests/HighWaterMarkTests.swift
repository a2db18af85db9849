import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// The largest snapshot and value ids ever given (`restack_meta`'s `snapshot_high_water` and
/// `value_high_water`, migration 9) are read by one rule (``StoredIDs/next(_:_:)``): a mark
/// that is not an id is damage, a typed error naming it, never read past (the id it held may
/// have been given, and a new row could take it); nothing stored is lost or overwritten.
@Suite("High-water marks")
struct HighWaterMarkTests {
    /// A damaged mark as an SQL literal, and the problem it is.
    static func damages(_ marked: StoredIDs.Marked) -> [(literal: String, problem: String)] {
        let entry = "restack_meta.value of the entry '\(marked.key)'"
        return [
            ("'x'", "\(entry): expected an integer or NULL, found text"),
            ("1.5", "\(entry): expected an integer or NULL, found a real"),
            ("1e300", "\(entry): expected an integer or NULL, found a real"),
            ("X'00FF'", "\(entry): expected an integer or NULL, found a blob"),
            ("-1", "\(entry): expected the largest id ever given, at least 0, found -1"),
            ("-9223372036854775808", "\(entry): expected the largest id ever given, at least 0, found -9223372036854775808"),
            ("9223372036854775807", marked.problem),
        ]
    }

    static let cases: [(key: String, literal: String, problem: String)] = [StoredIDs.snapshots, StoredIDs.values].flatMap { marked in
        damages(marked).map { (marked.key, $0.literal, $0.problem) }
    }

    /// Every row of the tables a save or a deletion writes, each value quoted with its class.
    static func dump(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try ["restack_session", "restack_snapshot", "restack_value", "restack_meta"].flatMap { table in
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
                let row = columns.map { "typeof(\($0)) || ':' || quote(\($0))" }.joined(separator: " || ' ' || ")
                return try String.fetchAll(db, sql: "SELECT '\(table) ' || \(row) FROM \(table) ORDER BY 1")
            }
        }
    }

    static func tree(_ names: String...) -> RestorationTree {
        .drillDown(left: names.map { RestorationRecord(identifier: $0, className: "C", payload: Data($0.utf8)) })
    }

    /// A store whose marks are both written: session "gone" held the largest ids and was
    /// deleted; session "t" holds the largest ids now.
    static func store(at path: String) throws -> SnapshotStore {
        let store = try SnapshotStore(path: path)
        try store.save(tree("a", "b"), session: "s")
        try store.save(tree("a", "c"), session: "s")
        try store.save(tree("g"), session: "gone")
        try store.deleteSession("gone")
        try store.save(tree("t"), session: "t")
        return store
    }

    @Test(arguments: cases)
    func aDamagedMarkIsATypedErrorAndNothingIsLostOrOverwritten(_ key: String, _ literal: String, _ problem: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try Self.store(at: path)
        let marks = try store.database.read {
            try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM restack_meta WHERE key IN ('snapshot_high_water', 'value_high_water') AND typeof(value) = 'integer'")
        }
        #expect(marks == 2, "both marks were written")
        try OutcomeCountDamageTests.edit(path, "UPDATE restack_meta SET value = \(literal) WHERE key = '\(key)'")
        let before = try Self.dump(path)
        let trees = try store.snapshots(session: "s").map { try store.snapshot(id: $0.id).tree }

        // A save that needs a new id of the damaged kind (a new record and a new snapshot), in
        // a session that exists and in a new one: a typed error naming the mark, nothing written.
        for session in ["s", "new"] {
            #expect(throws: StoreError.corrupt(path: path, detail: problem)) {
                try store.save(Self.tree("a", "z"), session: session)
            }
        }
        #expect(try Self.dump(path) == before, "nothing written")
        #expect(try store.snapshots(session: "s").map { try store.snapshot(id: $0.id).tree } == trees)
        #expect(try store.check().problems == [problem])

        // A deletion of the largest ids keeps the damaged mark as it was (it would otherwise
        // write the mark; the other mark is written), and the store still refuses to give an id.
        try store.deleteSession("t")
        let damagedMark = { (rows: [String]) in rows.filter { $0.hasPrefix("restack_meta text:'\(key)'") } }
        #expect(damagedMark(before).count == 1)
        #expect(damagedMark(try Self.dump(path)) == damagedMark(before))
        #expect(throws: StoreError.corrupt(path: path, detail: problem)) {
            try store.save(Self.tree("a", "z"), session: "s")
        }
        #expect(try store.check().problems == [problem])
    }

    /// Text that SQLite's INTEGER affinity reads as a number is one: the edit stores 12.
    @Test func aMarkWrittenAsNumericTextIsANumber() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try Self.store(at: path)
        try OutcomeCountDamageTests.edit(path, "UPDATE restack_meta SET value = '\(block(12))' WHERE key = 'value_high_water'")
        try store.save(Self.tree("a", "z"), session: "s")
        let ids = try store.database.read { try Int64.fetchAll($0, sql: "SELECT id FROM restack_value ORDER BY id") }
        #expect(ids.last == block(13), "the block after the mark")
        #expect(try store.check().isHealthy)
    }

    /// NULL is no mark: the largest id present rules, and a deletion of it writes the mark.
    @Test func aNullMarkIsNone() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try Self.store(at: path)
        try OutcomeCountDamageTests.edit(path, "UPDATE restack_meta SET value = NULL")
        #expect(try store.check().isHealthy)
        let largest = try store.latestSnapshot(session: "t").info.id
        try store.deleteSession("t")
        let mark = try store.database.read { try Int64.fetchOne($0, sql: "SELECT value FROM restack_meta WHERE key = 'snapshot_high_water'") }
        #expect(mark == largest)
        #expect(try store.save(Self.tree("a"), session: "s").id == largest + 1)
    }

    /// The mark is the largest value id a deletion removed, not the largest its trees name: a
    /// damaged tree naming a missing value 9223372036854775807, once deleted, must not mark
    /// every id as given (each later save would fail).
    @Test func aDeletedTreeNamingAMissingValueDoesNotRaiseTheMark() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try Self.store(at: path)
        let mark = { try store.database.read { try Int64.fetchOne($0, sql: "SELECT value FROM restack_meta WHERE key = 'value_high_water'") } }
        let before = try mark()
        let gone = try store.save(Self.tree("x", "y"), session: "gone")
        try store.database.write { db in
            try editTree(db, snapshot: gone.id) { $0.records[1].valueID = .max }
        }
        let largest = try store.database.read { try Int64.fetchOne($0, sql: "SELECT MAX(id) FROM restack_value") } ?? 0
        try store.deleteSession("gone")
        #expect(try mark() == before, "the largest id deleted (x's) is below one still present (y's, now unreferenced)")
        let saved = try store.save(Self.tree("a", "new"), session: "s")
        let newID = try store.database.read { try Int64.fetchOne($0, sql: "SELECT MAX(id) FROM restack_value") }
        #expect(newID == ValueIDs.freshBlock(after: largest), "a new record starts the next block")
        #expect(try store.snapshot(id: saved.id).tree == Self.tree("a", "new"))
    }
}
