import Foundation
import RestackTestSupport
import Restack
@testable import RestackStore
import Testing

@Suite("History")
struct HistoryTests {
    @Test func snapshotsAreKeptAsHistoryOldestFirst() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("h.sqlite"))
        let ids = try (0..<5).map { try store.save(RestorationTree.drillDown(left: [record("v\($0)")]), session: "s").id }
        #expect(try store.snapshots(session: "s").map(\.id) == ids)
        #expect(ids == ids.sorted())
        let left = try store.snapshot(id: ids[1]).tree.left
        #expect(left.first?.identifier == "v1")
    }

    @Test func sessionsListTheirExtent() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("h.sqlite"))
        try store.save(mailState, session: "b")
        try store.save(mailState, session: "a")
        let last = try store.save(mailState, session: "b")
        let sessions = try store.sessions()
        #expect(sessions.map(\.name) == ["a", "b"])
        #expect(sessions.map(\.snapshotCount) == [1, 2])
        try #require(sessions.count == 2)
        #expect(sessions[1].latestSnapshotID == last.id)
    }

    @Test func pruningKeepsTheNewestAndNeverReusesIds() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("h.sqlite"))
        let ids = try (0..<6).map { try store.save(RestorationTree.drillDown(left: [record("v\($0)")]), session: "s").id }
        try store.save(mailState, session: "other")
        #expect(try store.pruneHistory(session: "s", keepingLast: 2) == 4)
        #expect(try store.snapshots(session: "s").map(\.id) == Array(ids.suffix(2)))
        #expect(try store.snapshots(session: "other").count == 1)
        #expect(try store.check().recordCount == 2 + 4, "records of pruned snapshots go with them")
        let next = try store.save(mailState, session: "s")
        #expect(next.id > ids.last!)
    }

    @Test func deletingASessionDeletesItsSnapshotsOnly() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("h.sqlite"))
        try store.save(mailState, session: "gone")
        try store.save(mailState, session: "kept")
        try store.deleteSession("gone")
        #expect(try store.sessions().map(\.name) == ["kept"])
        #expect(try store.check().snapshotCount == 1)
        #expect(try store.check().recordCount == mailState.recordCount)
        #expect(throws: StoreError.sessionNotFound("gone")) { try store.deleteSession("gone") }
    }
}
