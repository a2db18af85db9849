import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Found while testing issue 31: times past what 64 bits of milliseconds hold trapped.
@Suite("Times out of range")
struct TimeRangeTests {
    @Test func anInfiniteMaxAgePrunesNothingByAgeAndNeverTraps() throws {
        let folder = try TemporaryFolder()
        let retention = SnapshotStore.Retention(keepLast: 2, maxAge: .infinity)
        let store = try SnapshotStore(path: folder.path("t.sqlite"), options: .init(retention: retention, outcomeRetention: retention))
        for _ in 0..<3 { try store.save(.drillDown(left: [record("a")]), session: "s") }
        #expect(try store.snapshots(session: "s").count == 2, "keepLast still prunes")
        for _ in 0..<3 { try store.confirmRestore(store.beginRestore(session: "s").restored) }
        #expect(try store.restoreOutcomes().count == 2)
    }

    @Test func aSaveTimeOutOfRangeIsStoredAtTheEndOfTheRange() throws {
        #expect(SnapshotQueries.milliseconds(Date(timeIntervalSince1970: 1e300)) == .max)
        #expect(SnapshotQueries.milliseconds(Date(timeIntervalSince1970: -1e300)) == .min)
        #expect(SnapshotQueries.milliseconds(Date(timeIntervalSince1970: .nan)) == .min)
        #expect(SnapshotQueries.milliseconds(Date(timeIntervalSince1970: 1.5)) == 1500)
        #expect(SnapshotQueries.milliseconds(Date(timeIntervalSince1970: -0.0005)) == -1)
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("t.sqlite"))
        let saved = try store.save(.drillDown(left: [record("a")]), session: "s", savedAt: Date(timeIntervalSince1970: 1e300))
        #expect(try store.snapshots(session: "s").first?.savedAt == saved.savedAt)
    }
}
