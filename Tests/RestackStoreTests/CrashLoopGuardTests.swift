import Foundation
import RestackTestSupport
import Restack
@testable import RestackStore
import Testing

/// Begin a restore, crash before confirming, and again: the snapshot is quarantined and the
/// next restore falls back to the newest earlier good snapshot.
@Suite("Crash-loop guard")
struct CrashLoopGuardTests {
    static let good = RestorationTree.drillDown(left: [record("good")])
    static let bad = RestorationTree.drillDown(left: [record("crashes-the-app")])

    @Test func aSnapshotThatNeverConfirmsIsQuarantinedAfterTwoAttempts() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"))
        let good = try store.save(Self.good, session: "s")
        let bad = try store.save(Self.bad, session: "s")

        // Launch 1 and 2: the bad snapshot is restored, and the app crashes before confirming.
        for attempt in 1...2 {
            let restoration = try store.beginRestore(session: "s").restored
            #expect(restoration.snapshot.info.id == bad.id)
            #expect(restoration.snapshot.info.unconfirmedRestores == attempt)
            #expect(!restoration.fellBack)
        }
        // Launch 3: the guard quarantines it and falls back; the plan says so.
        let fallback = try store.beginRestore(session: "s").restored
        #expect(fallback.snapshot.info.id == good.id)
        #expect(fallback.skippedQuarantined == [bad.id])
        #expect(fallback.plan.left.map(\.record.identifier) == ["good"])
        try store.confirmRestore(fallback)

        // Kept, visible, and still passed over.
        let history = try store.snapshots(session: "s")
        #expect(history.map(\.isQuarantined) == [false, true])
        #expect(try #require(history.first).unconfirmedRestores == 0, "confirmed")
        #expect(try store.beginRestore(session: "s").restored.snapshot.info.id == good.id)
        #expect(try store.restore(session: "s").restored.skippedQuarantined == [bad.id], "the read-only plan says the same")
        #expect(try store.snapshot(id: bad.id).tree == Self.bad, "quarantine never changes the records")
    }

    @Test func confirmingResetsTheCount() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"))
        let only = try store.save(Self.good, session: "s")
        for _ in 0..<5 {
            let restoration = try store.beginRestore(session: "s").restored
            #expect(restoration.snapshot.info.id == only.id)
            try store.confirmRestore(restoration)
        }
        #expect(try store.snapshots(session: "s").allSatisfy { !$0.isQuarantined && $0.unconfirmedRestores == 0 })
    }

    @Test func theThresholdIsConfigurable() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"), options: .init(crashLoopThreshold: 4))
        try store.save(Self.good, session: "s")
        let bad = try store.save(Self.bad, session: "s")
        for _ in 0..<4 {
            #expect(try store.beginRestore(session: "s").restored.snapshot.info.id == bad.id)
        }
        #expect(try store.beginRestore(session: "s").restored.skippedQuarantined == [bad.id])
    }

    @Test func whenEverySnapshotIsQuarantinedTheErrorSaysSoAndLiftingRestoresIt() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"), options: .init(crashLoopThreshold: 1))
        let only = try store.save(Self.bad, session: "s")
        _ = try store.beginRestore(session: "s")
        #expect(throws: StoreError.noRestorableSnapshot(session: "s", quarantined: [only.id])) {
            try store.beginRestore(session: "s").restored
        }
        #expect(try store.snapshot(id: only.id).info.isQuarantined, "the quarantine is kept though the restore failed")
        try store.liftQuarantine(snapshotID: only.id)
        #expect(try store.beginRestore(session: "s").restored.snapshot.info.id == only.id)
        #expect(throws: StoreError.snapshotNotFound(999, session: nil)) { try store.liftQuarantine(snapshotID: 999) }
    }

    @Test func aNewSaveIsRestoredFirst() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"), options: .init(crashLoopThreshold: 1))
        let bad = try store.save(Self.bad, session: "s")
        let restoration = try store.beginRestore(session: "s").restored
        #expect(restoration.snapshot.info.id == bad.id)
        try store.confirmRestore(restoration)
        let fresh = try store.save(Self.good, session: "s")
        #expect(!fresh.isProvisional)
        #expect(try store.beginRestore(session: "s").restored.snapshot.info.id == fresh.id)
    }

    @Test func choiceIsAPureFunctionOfHistory() {
        func info(_ id: Int64, unconfirmed: Int = 0, quarantined: Bool = false) -> SnapshotInfo {
            SnapshotInfo(id: id, session: "s", formatVersion: 1, appVersion: nil, savedAt: Date(timeIntervalSince1970: 0),
                         recordCount: 1, unconfirmedRestores: unconfirmed, quarantinedAt: quarantined ? Date() : nil)
        }
        let choice = CrashLoopGuard.choose(from: [info(5, unconfirmed: 2), info(4, quarantined: true), info(3, unconfirmed: 1), info(2)], threshold: 2)
        #expect(choice.chosen?.id == 3)
        #expect(choice.toQuarantine == [5])
        #expect(choice.skipped == [5, 4])
        #expect(CrashLoopGuard.choose(from: [], threshold: 2).chosen == nil)
    }
}
