import Foundation
import RestackTestSupport
import Restack
@testable import RestackStore
import Testing

@Suite("Retention")
struct RetentionTests {
    @Test func eachSaveKeepsTheLastNOfItsSession() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("r.sqlite"), options: .init(retention: .init(keepLast: 3)))
        let ids = try (0..<7).map { try store.save(RestorationTree.drillDown(left: [record("v\($0)")]), session: "s").id }
        try store.save(mailState, session: "other")
        #expect(try store.snapshots(session: "s").map(\.id) == Array(ids.suffix(3)))
        #expect(try store.snapshots(session: "other").count == 1)
        #expect(try store.check().recordCount == 3 + mailState.recordCount)
    }

    @Test func theDefaultKeepsTen() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("r.sqlite"))
        for index in 0..<15 {
            try store.save(RestorationTree.drillDown(left: [record("v\(index)")]), session: "s")
        }
        #expect(try store.snapshots(session: "s").count == 10)
    }

    @Test func maxAgeDropsOldSnapshotsButNeverTheOneJustSaved() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("r.sqlite"), options: .init(retention: .init(keepLast: 10, maxAge: 3600)))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try store.save(mailState, session: "s", savedAt: start)
        try store.save(mailState, session: "s", savedAt: start.addingTimeInterval(1800))
        let late = try store.save(mailState, session: "s", savedAt: start.addingTimeInterval(5000))
        #expect(try store.snapshots(session: "s").map(\.id).count == 2, "only the first is over an hour older than the save")
        let muchLater = try store.save(mailState, session: "s", savedAt: start.addingTimeInterval(100_000))
        #expect(try store.snapshots(session: "s").map(\.id) == [muchLater.id])
        #expect(late.id < muchLater.id)
    }

    @Test func quarantinedSnapshotsAreNeverPruned() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("r.sqlite"), options: .init(retention: .init(keepLast: 2), crashLoopThreshold: 1))
        let good = try store.save(mailState, session: "s")
        let bad = try store.save(mailState, session: "s")
        _ = try store.beginRestore(session: "s")                 // bad: 1 unconfirmed restore
        let fallback = try store.beginRestore(session: "s").restored      // quarantines bad, falls back to good
        #expect(fallback.snapshot.info.id == good.id && fallback.skippedQuarantined == [bad.id])
        try store.confirmRestore(fallback)
        for _ in 0..<5 {
            try store.save(mailState, session: "s")
        }
        let history = try store.snapshots(session: "s")
        #expect(history.first?.id == bad.id, "the quarantined snapshot is kept")
        #expect(!history.contains { $0.id == good.id }, "the old good one is pruned")
        #expect(history.filter(\.isQuarantined).count == 1)
        #expect(history.filter { !$0.isQuarantined }.count == 2)
    }
}
