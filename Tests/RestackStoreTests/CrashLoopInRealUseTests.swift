import Foundation
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// The crash-loop guard as an app following the README uses it: it saves on every navigation
/// change, including while it rebuilds the restored stack, and confirms once its UI is up.
@Suite("Crash-loop guard in real use")
struct CrashLoopInRealUseTests {
    static let good1 = RestorationTree.drillDown(left: [record("mailboxes")])
    static let good2 = RestorationTree.drillDown(left: [record("mailboxes"), record("inbox")])
    static let bad = RestorationTree.drillDown(left: [record("mailboxes"), record("inbox")], right: record("crashes-the-app"))

    /// One launch of an app that saves on every change: begins the restore, pushes each
    /// restored record (saving the stack so far after each push), then confirms, unless the
    /// restored state contains the record that crashes it.
    static func launch(_ store: SnapshotStore, _ form: RestoreForm, session: String = "s") async throws -> (restoration: StoreRestoration, crashed: Bool) {
        let restoration = try await form.begin(store, session: session).restored
        var rebuilt = DrillDownContainer<RestorationRecord>(left: [])
        for entry in restoration.plan.left {
            rebuilt.left.append(entry.record)
            let saved = try await store.save(.drillDown(left: rebuilt.left), session: session)
            #expect(saved.isProvisional, "a save before the confirmation is provisional")
        }
        if let right = restoration.plan.right {
            if right.record.identifier == "crashes-the-app" {
                return (restoration, true)   // the app dies before confirmRestore
            }
            rebuilt.right = right.record
            try await store.save(.drillDown(left: rebuilt.left, right: rebuilt.right), session: session)
        }
        try await form.confirm(store, restoration)
        return (restoration, false)
    }

    @Test(arguments: RestoreForm.allCases, [2, 3, 10])
    func theGuardTripsWhenTheAppSavesWhileRebuilding(_ form: RestoreForm, keepLast: Int) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"), options: .init(retention: .init(keepLast: keepLast)))
        // First run: no restore; the user navigates, and ends on a state that will crash at launch.
        try await store.save(Self.good1, session: "s")
        let good = try await store.save(Self.good2, session: "s")
        let bad = try await store.save(Self.bad, session: "s")

        // Launches 1 and 2 restore the bad snapshot, save what they rebuilt, and crash.
        for attempt in 1...2 {
            let (restoration, crashed) = try await Self.launch(store, form)
            #expect(crashed)
            #expect(restoration.snapshot.info.id == bad.id, "launch \(attempt)")
            #expect(restoration.snapshot.info.unconfirmedRestores == attempt, "provisional saves did not reset the count")
            #expect(!restoration.fellBack, "launch \(attempt) restores the same snapshot: not a fallback")
            #expect(try store.snapshot(id: good.id).tree == Self.good2, "launch \(attempt): the good snapshot was not pruned")
        }
        // Launch 3 falls back to the last good snapshot, says so, and comes up.
        let (fallback, crashed) = try await Self.launch(store, form)
        #expect(!crashed)
        #expect(fallback.snapshot.info.id == good.id)
        #expect(fallback.fellBack)
        #expect(fallback.skippedQuarantined.contains(bad.id))
        #expect(fallback.plan.left.map(\.record.identifier) == ["mailboxes", "inbox"])

        // The crashing snapshot and the crashed launches' saves are kept, quarantined.
        let history = try store.snapshots(session: "s")
        #expect(history.first { $0.id == bad.id }?.isQuarantined == true)
        #expect(history.filter(\.isQuarantined).count == 3, "the bad snapshot and one provisional save per crashed launch")
        #expect(history.filter { !$0.isQuarantined }.allSatisfy { !$0.isProvisional }, "the confirmation made launch 3's saves ordinary")

        // Launches after that restore what launch 3 saved, never the quarantined snapshots.
        for _ in 0..<3 {
            let (restoration, crashed) = try await Self.launch(store, form)
            #expect(!crashed && !restoration.fellBack)
            #expect(restoration.snapshot.tree == Self.good2)
        }
    }

    @Test(arguments: RestoreForm.allCases)
    func provisionalSavesAreNotRestoredUntilConfirmed(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"))
        let first = try await store.save(Self.good1, session: "s")
        let restoration = try await form.begin(store, session: "s").restored
        let provisional = try await store.save(Self.good2, session: "s")
        #expect(provisional.isProvisional)
        #expect(try store.snapshots(session: "s").last?.isProvisional == true)
        #expect(try await form.peek(store, session: "s").restored.snapshot.info.id == first.id, "a provisional save is not what a launch restores")
        try await form.confirm(store, restoration)
        #expect(try store.snapshots(session: "s").allSatisfy { !$0.isProvisional })
        #expect(try await form.peek(store, session: "s").restored.snapshot.info.id == provisional.id)
        #expect(!(try await store.save(Self.good1, session: "s").isProvisional), "saves after the confirmation are ordinary")
    }

    @Test(arguments: RestoreForm.allCases)
    func retentionKeepsOnlyTheNewestProvisionalSaveAndNoOrdinaryOneIsPrunedWhileARestoreIsPending(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"), options: .init(retention: .init(keepLast: 1, maxAge: 1)))
        let old = Date(timeIntervalSinceNow: -3600)
        let earlier = try await store.save(Self.good1, session: "s", savedAt: old)
        let restored = try await store.save(Self.good2, session: "s", savedAt: old)
        #expect(try store.snapshots(session: "s").map(\.id) == [restored.id], "keepLast 1 when no restore is pending")
        _ = earlier
        let first = try await store.save(Self.good1, session: "s")
        _ = try await form.begin(store, session: "s")   // restores `first`
        var last: SnapshotInfo?
        for _ in 0..<10 {
            last = try await store.save(Self.good2, session: "s")
        }
        let ids = try store.snapshots(session: "s").map(\.id)
        #expect(ids == [first.id, last!.id], "the restored snapshot, and the newest provisional save")
        #expect(try store.pruneHistory(session: "s", keepingLast: 1) == 0, "the explicit prune follows the same rule")
    }

    @Test(arguments: RestoreForm.allCases)
    func pruneHistoryKeepsQuarantinedSnapshotsAndDoesNotCountThem(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"), options: .init(crashLoopThreshold: 1))
        let a = try await store.save(Self.good1, session: "s")
        let b = try await store.save(Self.good2, session: "s")
        let bad = try await store.save(Self.bad, session: "s")
        _ = try await form.begin(store, session: "s")                   // bad, never confirmed
        let fallback = try await form.begin(store, session: "s").restored        // quarantines bad, restores b
        #expect(fallback.snapshot.info.id == b.id)
        try await form.confirm(store, fallback)
        #expect(try store.pruneHistory(session: "s", keepingLast: 1) == 1)
        let history = try store.snapshots(session: "s")
        #expect(history.map(\.id) == [b.id, bad.id], "a is pruned; b is the one kept; bad is kept and not counted")
        #expect(history.map(\.isQuarantined) == [false, true])
        #expect(!history.contains { $0.id == a.id })
    }
}

/// Snapshots the guard must pass over besides crashing ones, and what the autosaver compares with.
@Suite("Crash-loop guard and unreadable snapshots")
struct UnreadableSnapshotTests {
    @Test(arguments: RestoreForm.allCases)
    func aSnapshotThatCannotBeReadIsQuarantinedAndTheRestoreFallsBack(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("g.sqlite")
        let store = try SnapshotStore(path: path)
        let good = try await store.save(CrashLoopInRealUseTests.good2, session: "s")
        let damaged = try await store.save(CrashLoopInRealUseTests.bad, session: "s")
        try await store.database.write { db in
            try editTree(db, snapshot: damaged.id) { $0.records[1].position = 7 }
        }
        await #expect(throws: StoreError.self) { try await form.peek(store, session: "s").restored }   // inspection says it is damaged
        let restoration = try await form.begin(store, session: "s").restored
        #expect(restoration.snapshot.info.id == good.id, "a launch is not failed by one damaged snapshot")
        #expect(restoration.skippedQuarantined == [damaged.id])
        #expect(try store.snapshot(id: good.id).info.unconfirmedRestores == 1)
        #expect(try store.snapshots(session: "s").first { $0.id == damaged.id }?.isQuarantined == true)
    }

    @Test func theAutosaverComparesWithWhatARestoreWouldGiveNotAQuarantinedSnapshot() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("g.sqlite"), options: .init(crashLoopThreshold: 1))
        let good = try await store.save(CrashLoopInRealUseTests.good2, session: "s")
        try await store.save(CrashLoopInRealUseTests.bad, session: "s")
        _ = try await store.beginRestore(session: "s")             // the bad one, never confirmed
        let fallback = try await store.beginRestore(session: "s").restored
        #expect(fallback.snapshot.info.id == good.id)
        try await store.confirmRestore(fallback.plan())
        let autosaver = Autosaver(store: store, session: "s")
        autosaver.submit(CrashLoopInRealUseTests.bad)              // the user goes back there
        try await autosaver.flush()
        #expect(await autosaver.snapshotsWritten == 1, "the quarantined snapshot is not what the session restores")
        #expect(try await store.restore(session: "s").restored.snapshot.tree == CrashLoopInRealUseTests.bad)
    }
}
