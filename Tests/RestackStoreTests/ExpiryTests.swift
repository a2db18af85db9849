import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Expiry (issue 18): a snapshot saved longer ago than the store's expiry is not restored; the
/// answer is "expired" with the snapshot, which is kept; a clock set back is handled both ways.
@Suite("Expiry")
struct ExpiryTests {
    /// A store with a 14-day expiry and a clock the test moves, holding one snapshot saved at the
    /// clock's time now + `offset` days.
    static func store(savedDaysFromNow offset: Double, clock: SettableTime = SettableTime(), in folder: TemporaryFolder) throws -> (SnapshotStore, SnapshotInfo) {
        let store = try SnapshotStore(path: folder.path("e.sqlite"), options: .init(appVersion: "3.0", expiry: try .init(after: 14 * day), clock: clock.clock))
        let info = try store.save(mailState, session: "s", savedAt: clock.now.addingTimeInterval(offset * day))
        return (store, info)
    }

    @Test(arguments: RestoreForm.allCases)
    func aSnapshotOlderThanTheExpiryIsAnsweredExpiredAndKept(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let (store, info) = try Self.store(savedDaysFromNow: -15, in: folder)
        let answer = try await form.begin(store, session: "s")
        #expect(answer.expiredSnapshot?.id == info.id && answer.restoration == nil)
        #expect(try await form.peek(store, session: "s").expiredSnapshot?.id == info.id, "the read-only restore says the same")
        let kept = try store.snapshots(session: "s")
        #expect(kept.map(\.id) == [info.id], "the expired snapshot is kept")
        #expect(kept.first?.unconfirmedRestores == 0, "an expired restore is not counted")
        let next = try await store.save(mailState, session: "s")
        #expect(!next.isProvisional, "nothing is pending: the next save is ordinary")
        #expect(try await form.begin(store, session: "s").restored.snapshot.info.id == next.id)
    }

    @Test(arguments: RestoreForm.allCases)
    func theBoundaryIsTheExpiryItself(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let clock = SettableTime()
        let (store, info) = try Self.store(savedDaysFromNow: -14, clock: clock, in: folder)
        #expect(try await form.peek(store, session: "s").restored.snapshot.info.id == info.id, "exactly the expiry old: restored")
        clock.advance(0.001)
        #expect(try await form.peek(store, session: "s").expiredSnapshot?.id == info.id, "a millisecond more: expired")
    }

    /// The clock set back (or a store from a device whose clock ran ahead): a snapshot dated in
    /// the future is restored while it is less than the expiry ahead, and expired beyond; it is
    /// neither restored nor expired for ever.
    @Test(arguments: RestoreForm.allCases)
    func aFutureDatedSnapshotIsNeitherExpiredNorRestoredForEver(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let clock = SettableTime()
        let (store, info) = try Self.store(savedDaysFromNow: 20, clock: clock, in: folder)
        #expect(try await form.peek(store, session: "s").expiredSnapshot?.id == info.id, "20 days ahead, expiry 14: expired")
        clock.advance(6 * day)
        #expect(try await form.peek(store, session: "s").restoration?.snapshot.info.id == info.id, "14 days ahead: restored")
        clock.advance(20 * day)
        #expect(try await form.peek(store, session: "s").restoration?.snapshot.info.id == info.id, "6 days old: restored")
        clock.advance(8.5 * day)
        #expect(try await form.peek(store, session: "s").expiredSnapshot?.id == info.id, "14.5 days old: expired, not restored for ever")

        let near = try TemporaryFolder()
        let (nearStore, nearInfo) = try Self.store(savedDaysFromNow: 3, in: near)
        #expect(try await form.begin(nearStore, session: "s").restored.snapshot.info.id == nearInfo.id, "a clock set back 3 days restores")
    }

    @Test(arguments: [0, -1, -14 * day, .nan, .infinity, -.infinity])
    func anExpiryOfZeroOrLessIsATypedError(_ age: Double) throws {
        #expect {
            _ = try SnapshotStore.Expiry(after: age)
        } throws: { error in
            guard let error = error as? StoreError, case .invalidExpiry = error else { return false }
            return "\(error)".contains("greater than 0")
        }
    }

    @Test(arguments: RestoreForm.allCases)
    func withoutAnExpiryNothingExpires(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("e.sqlite"))
        let info = try await store.save(mailState, session: "s", savedAt: Date(timeIntervalSince1970: 0))
        #expect(try await form.begin(store, session: "s").restored.snapshot.info.id == info.id)
    }

    /// The guard chooses first: a fallback snapshot that expired is answered expired, and the
    /// quarantine the guard learned is kept.
    @Test(arguments: RestoreForm.allCases)
    func theGuardsChoiceIsWhatExpires(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let clock = SettableTime()
        let store = try SnapshotStore(path: folder.path("e.sqlite"),
                                      options: .init(crashLoopThreshold: 1, expiry: try .init(after: 14 * day), clock: clock.clock))
        let old = try await store.save(mailState, session: "s", savedAt: clock.now.addingTimeInterval(-20 * day))
        let crashing = try await store.save(mailState, session: "s", savedAt: clock.now.addingTimeInterval(-1 * day))
        _ = try await form.begin(store, session: "s").restored            // crashing, never confirmed
        let answer = try await form.begin(store, session: "s")
        #expect(answer.expiredSnapshot == (try store.snapshots(session: "s").first), "the fallback is too old")
        #expect(try await form.peek(store, session: "s").expiredSnapshot?.session == "s")
        let history = try store.snapshots(session: "s")
        #expect(history.first { $0.id == crashing.id }?.isQuarantined == true)
        #expect(history.map(\.id) == [old.id, crashing.id])
        let outcome = try #require(try store.restoreOutcomes(session: "s").last)
        #expect(outcome.result == .expired && outcome.snapshotID == old.id && outcome.skippedQuarantined == 1)
    }

    @Test func theAsyncFormsAnswerExpiredToo() async throws {
        let folder = try TemporaryFolder()
        let (store, info) = try Self.store(savedDaysFromNow: -30, in: folder)
        let answer = try await store.beginRestore(session: "s")
        #expect(answer.expiredSnapshot?.id == info.id)
        #expect(try await store.restore(session: "s").expiredSnapshot?.id == info.id)
        #expect(try await store.beginRestore(session: "never") == .nothingSaved, "a session never saved is still nil")
        let outcomes = try store.restoreOutcomes()
        #expect(outcomes.map(\.result) == [.expired] && outcomes.first?.appVersion == "3.0")
    }

    @Test(arguments: RestoreForm.allCases)
    func aPendingRestoreWhoseSnapshotExpiredIsEnded(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let clock = SettableTime()
        let (store, info) = try Self.store(savedDaysFromNow: -1, clock: clock, in: folder)
        _ = try await form.begin(store, session: "s").restored             // a launch that never confirmed
        clock.advance(20 * day)                                       // the user comes back weeks later
        #expect(try await form.begin(store, session: "s").expiredSnapshot?.id == info.id)
        let pending = try await store.database.read { try Int64?.fetchOne($0, sql: "SELECT restoring_snapshot_id FROM restack_session") }
        #expect(pending == .some(nil), "no restore is left pending")
        #expect(try await !store.save(mailState, session: "s").isProvisional)
    }
}
