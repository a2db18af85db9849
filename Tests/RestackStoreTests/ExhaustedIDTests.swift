import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Issue 31, defect 3: an `AUTOINCREMENT` table whose ids have run out is damage, not a full disk.
@Suite("Ids that have run out")
struct ExhaustedIDTests {
    @Test(arguments: ["restack_snapshot", "restack_session"])
    func aSequenceAtTheLargestIdIsDamageNotAFullDisk(_ table: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SnapshotStore(path: path)
        try store.save(.drillDown(left: [record("a")]), session: "s")
        let before = try store.snapshots(session: "s")
        try OutcomeCountDamageTests.edit(path, "UPDATE sqlite_sequence SET seq = 9223372036854775807 WHERE name = '\(table)'")
        let detail = "\(table).id: the ids have reached 9223372036854775807, the largest (sqlite_sequence), so no row can be added; ids grow by one a save and never get there"
        // A new session needs a session row; an existing one only a snapshot row.
        let session = table == "restack_session" ? "new" : "s"
        #expect(throws: StoreError.corrupt(path: path, detail: detail)) {
            try store.save(.drillDown(left: [record("b")]), session: session)
        }
        #expect(try store.snapshots(session: "s") == before, "nothing was written")
        #expect(try store.check().problems == [detail])
    }

    @Test func aFullSequenceOfAnotherTableIsNotBlamed() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SnapshotStore(path: path)
        try store.save(.drillDown(left: [record("a")]), session: "s")
        try OutcomeCountDamageTests.edit(path, "UPDATE sqlite_sequence SET seq = 9223372036854775806 WHERE name = 'restack_snapshot'")
        #expect(try store.check().isHealthy, "one id is left")
        let last = try store.save(.drillDown(left: [record("b")]), session: "s")
        #expect(last.id == .max)
        #expect(try store.check().problems.count == 1, "now none is left")
    }
}
