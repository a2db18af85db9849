import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// The store's own binding (`Statement.execute(binding:)`, beneath GRDB's arguments): every value
/// stored in its class, byte for byte, and no binding of an earlier execution ever reused.
@Suite("Bound execution")
struct BoundExecutionTests {
    @Test func textAndPayloadsAreStoredInTheirClassesByteForByte() throws {
        let store = try SnapshotStore.inMemory(options: .init(appVersion: ""))
        let records = [
            RestorationRecord(identifier: "a\u{0}b", className: "", payload: Data()),
            RestorationRecord(identifier: nil, className: "é\u{0}", payload: nil),
            RestorationRecord(identifier: "x", className: "X", payload: Data([0, 255])),
        ]
        try store.save(.drillDown(left: records), session: "s\u{0}")
        let (rows, session, appVersion) = try store.database.read { db in
            (try Row.fetchAll(db, sql: """
                SELECT typeof(identifier), hex(identifier), typeof(class_name), hex(class_name), typeof(payload), hex(payload)
                FROM restack_value ORDER BY id
                """),
             try Row.fetchOne(db, sql: "SELECT typeof(name), hex(name) FROM restack_session"),
             try Row.fetchOne(db, sql: "SELECT typeof(app_version), hex(app_version) FROM restack_snapshot"))
        }
        let found = rows.map { row in (0..<6).map { String(describing: row[$0] as DatabaseValue) } }
        #expect(found == [
            ["\"text\"", "\"610062\"", "\"text\"", "\"\"", "\"blob\"", "\"\""],
            ["\"null\"", "\"\"", "\"text\"", "\"C3A900\"", "\"null\"", "\"\""],
            ["\"text\"", "\"78\"", "\"text\"", "\"58\"", "\"blob\"", "\"00FF\""],
        ])
        let sessionRow = try #require(session)
        #expect(sessionRow[0] as String == "text")
        #expect(sessionRow[1] as String == "7300")
        let versionRow = try #require(appVersion)
        #expect(versionRow[0] as String == "text")
        #expect(versionRow[1] as String == "")
    }

    /// Every parameter is bound at every execution: too few values would leave an earlier
    /// execution's binding in place, so they are refused before anything runs.
    @Test func tooFewOrTooManyValuesAreRefusedAndWriteNothing() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a, b)")
            let insert = try db.cachedStatement(sql: "INSERT INTO t VALUES (?, ?)")
            try insert.execute(binding: [1.databaseValue, 2.databaseValue])
            #expect(throws: DatabaseError.self) { try insert.execute(binding: [3.databaseValue]) }
            #expect(throws: DatabaseError.self) { try insert.execute(binding: [3.databaseValue, 4.databaseValue, 5.databaseValue]) }
            try insert.execute(binding: [6.databaseValue, DatabaseValue.null])
            let rows = try Row.fetchAll(db, sql: "SELECT a, b FROM t ORDER BY rowid").map { [$0[0] as DatabaseValue, $0[1] as DatabaseValue] }
            #expect(rows == [[1.databaseValue, 2.databaseValue], [6.databaseValue, .null]])
        }
    }

    /// A cursor left before its end resets its statement: the next execution starts afresh
    /// and a write after it is not refused as a statement still running.
    @Test func aCursorLeftEarlyLeavesItsStatementReusable() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1), (2), (3)")
            let select = try db.cachedStatement(sql: "SELECT a FROM t WHERE a >= ? ORDER BY a")
            for start in [1, 2] {
                let cursor = try StepCursor(select, binding: [start.databaseValue])
                let step = try #require(try cursor.next())
                #expect(DatabaseValue(sqliteStatement: step, index: 0) == start.databaseValue)
            }
            try db.execute(sql: "DROP TABLE t")
        }
    }
}
