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

    @Test(arguments: RestoreForm.allCases)
    func aSnapshotThatNeverConfirmsIsQuarantinedAfterTwoAttempts(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"))
        let good = try await store.save(Self.good, session: "s")
        let bad = try await store.save(Self.bad, session: "s")

        // Launch 1 and 2: the bad snapshot is restored, and the app crashes before confirming.
        for attempt in 1...2 {
            let restoration = try await form.begin(store, session: "s").restored
            #expect(restoration.snapshot.info.id == bad.id)
            #expect(restoration.snapshot.info.unconfirmedRestores == attempt)
            #expect(!restoration.fellBack)
        }
        // Launch 3: the guard quarantines it and falls back; the plan says so.
        let fallback = try await form.begin(store, session: "s").restored
        #expect(fallback.snapshot.info.id == good.id)
        #expect(fallback.skippedQuarantined == [bad.id])
        #expect(fallback.plan.left.map(\.record.identifier) == ["good"])
        try await form.confirm(store, fallback)

        // Kept, visible, and still passed over.
        let history = try store.snapshots(session: "s")
        #expect(history.map(\.isQuarantined) == [false, true])
        #expect(try #require(history.first).unconfirmedRestores == 0, "confirmed")
        #expect(try await form.begin(store, session: "s").restored.snapshot.info.id == good.id)
        #expect(try await form.peek(store, session: "s").restored.skippedQuarantined == [bad.id], "the read-only plan says the same")
        #expect(try store.snapshot(id: bad.id).tree == Self.bad, "quarantine never changes the records")
    }

    @Test(arguments: RestoreForm.allCases)
    func confirmingResetsTheCount(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"))
        let only = try await store.save(Self.good, session: "s")
        for _ in 0..<5 {
            let restoration = try await form.begin(store, session: "s").restored
            #expect(restoration.snapshot.info.id == only.id)
            try await form.confirm(store, restoration)
        }
        #expect(try store.snapshots(session: "s").allSatisfy { !$0.isQuarantined && $0.unconfirmedRestores == 0 })
    }

    @Test(arguments: RestoreForm.allCases)
    func theThresholdIsConfigurable(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"), options: .init(crashLoopThreshold: 4))
        try await store.save(Self.good, session: "s")
        let bad = try await store.save(Self.bad, session: "s")
        for _ in 0..<4 {
            #expect(try await form.begin(store, session: "s").restored.snapshot.info.id == bad.id)
        }
        #expect(try await form.begin(store, session: "s").restored.skippedQuarantined == [bad.id])
    }

    @Test(arguments: RestoreForm.allCases)
    func whenEverySnapshotIsQuarantinedTheErrorSaysSoAndLiftingRestoresIt(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"), options: .init(crashLoopThreshold: 1))
        let only = try await store.save(Self.bad, session: "s")
        _ = try await form.begin(store, session: "s")
        await #expect(throws: StoreError.noRestorableSnapshot(session: "s", quarantined: [only.id])) {
            try await form.begin(store, session: "s").restored
        }
        #expect(try store.snapshot(id: only.id).info.isQuarantined, "the quarantine is kept though the restore failed")
        try store.liftQuarantine(snapshotID: only.id)
        #expect(try await form.begin(store, session: "s").restored.snapshot.info.id == only.id)
        #expect(throws: StoreError.snapshotNotFound(999, session: nil)) { try store.liftQuarantine(snapshotID: 999) }
    }

    @Test(arguments: RestoreForm.allCases)
    func aNewSaveIsRestoredFirst(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"), options: .init(crashLoopThreshold: 1))
        let bad = try await store.save(Self.bad, session: "s")
        let restoration = try await form.begin(store, session: "s").restored
        #expect(restoration.snapshot.info.id == bad.id)
        try await form.confirm(store, restoration)
        let fresh = try await store.save(Self.good, session: "s")
        #expect(!fresh.isProvisional)
        #expect(try await form.begin(store, session: "s").restored.snapshot.info.id == fresh.id)
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
