import Foundation
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Snapshots saved by a newer app version than the running one: restored by default, passed over
/// for the newest one an app version no newer saved with `restoresNewerAppVersions` false; the
/// outcome records which.
@Suite("Snapshots from a newer app version")
struct NewerAppVersionTests {
    static func screen(_ name: String) -> RestorationTree {
        RestorationTree(root: .stack(StackContainer(records: [record("mailboxes"), record(name)])))
    }

    @Test(arguments: [
        ("2.10.1", "2.9", true), ("2.9", "2.10.1", false), ("2.10", "2.9.9", true),
        ("2.9", "2.9.0", false), ("2.9.0", "2.9", false), ("3", "2.99", true), ("2.9.1", "2.9", true),
        ("3.0 (46)", "3.0 (45)", true), ("3.0 (45)", "3.0 (46)", false), ("3.1 (1)", "3.0 (99)", true),
        ("3.0 (10)", "3.0 (9)", true), ("3.0 (45.2)", "3.0 (45.1)", true),
        // No build on one side: the builds are not compared, the versions are equal.
        ("3.0 (45)", "3.0", false), ("3.0", "3.0 (45)", false),
        // Versions that do not parse are never newer, nor older.
        ("2.0-beta", "1.0", false), ("1.0", "2.0-beta", false), ("", "1.0", false), ("1.0", "", false),
        ("1..2", "1.0", false), ("v2", "1", false), ("2.", "1", false), (".2", "1", false), ("2 (x)", "1", false),
        ("2 (45", "1", false), ("2  (45)", "1", false), ("99999999999999999999", "1", false), ("١", "0", false),
        ("3.0 ()", "2.0", false), ("+3", "2", false), ("-3", "-4", false),
    ])
    func versionsCompareNumericallyByComponents(_ saved: String, _ running: String, _ newer: Bool) {
        #expect(AppVersionOrder.isNewer(saved, than: running) == newer)
    }

    @Test func aMissingVersionIsNeverNewerNorOlder() {
        #expect(!AppVersionOrder.isNewer(nil, than: "1.0"))
        #expect(!AppVersionOrder.isNewer("2.0", than: nil))
        #expect(!AppVersionOrder.isNewer(nil, than: nil))
    }

    /// A store whose session holds: the running version's snapshot, then (newest) one a newer
    /// version saved; and `options` for the running app, 2.9.
    static func store(_ folder: TemporaryFolder, restoresNewer: Bool, versions: [String?] = ["2.9", "2.10"]) throws -> (SnapshotStore, [SnapshotInfo]) {
        let path = folder.path("versions.sqlite")
        let writer = try SnapshotStore(path: path)
        var saved: [SnapshotInfo] = []
        for (index, version) in versions.enumerated() {
            saved.append(try writer.save(screen("screen-\(index)"), session: "main", appVersion: version))
        }
        let store = try SnapshotStore(path: path, options: .init(appVersion: "2.9", restoresNewerAppVersions: restoresNewer))
        return (store, saved)
    }

    @Test func theDefaultRestoresTheNewestSnapshotOfANewerVersion() {
        #expect(SnapshotStore.Options().restoresNewerAppVersions)
    }

    @Test(arguments: RestoreForm.allCases)
    func restoringRestoresTheNewestAndTheOutcomeSaysItWasNewer(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let (store, saved) = try Self.store(folder, restoresNewer: true)
        #expect(try await form.peek(store, session: "main").restored.snapshot.info.id == saved[1].id)
        let restoration = try await form.begin(store, session: "main").restored
        #expect(restoration.snapshot.tree == Self.screen("screen-1"))
        try await form.confirm(store, restoration)
        let outcome = try #require(try store.restoreOutcomes(session: "main").last)
        #expect(outcome.result == .restored && outcome.snapshotID == saved[1].id)
        #expect(outcome.snapshotAppVersion == "2.10" && outcome.appVersion == "2.9" && outcome.snapshotIsNewer)
    }

    @Test(arguments: RestoreForm.allCases)
    func skippingRestoresTheNewestOfAVersionNoNewerAndTheOutcomeSaysSo(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let (store, saved) = try Self.store(folder, restoresNewer: false, versions: ["2.8", "2.9", "2.10", "3.0 (1)"])
        #expect(try await form.peek(store, session: "main").restored.snapshot.info.id == saved[1].id)
        let restoration = try await form.begin(store, session: "main").restored
        #expect(restoration.snapshot.tree == Self.screen("screen-1"))
        #expect(restoration.skippedQuarantined.isEmpty && !restoration.fellBack, "nothing quarantined")
        try await form.confirm(store, restoration)
        let outcome = try #require(try store.restoreOutcomes(session: "main").last)
        #expect(outcome.result == .restoredOlder && outcome.snapshotID == saved[1].id && !outcome.snapshotIsNewer)
        #expect(outcome.skippedQuarantined == 0)
        // Kept, not quarantined: the newer snapshots stay for the newer app.
        #expect(try store.snapshots(session: "main").map(\.isQuarantined) == [false, false, false, false])
        #expect(try store.check().isHealthy, "the stored result reads back as valid")
        #expect(try RestoreOutcomeReport(store.restoreOutcomes()).versions.map(\.restores) == [1])
    }

    /// Only newer snapshots: the newest is restored all the same (the restorer drops what does
    /// not decode), as a `restored` outcome of a newer snapshot.
    @Test func skippingWithNothingOlderRestoresTheNewest() throws {
        let folder = try TemporaryFolder()
        let (store, saved) = try Self.store(folder, restoresNewer: false, versions: ["3.0", "3.1"])
        let restoration = try store.beginRestore(session: "main").restored
        #expect(restoration.snapshot.info.id == saved[1].id)
        try store.confirmRestore(restoration)
        #expect(try store.restoreOutcomes(session: "main").map(\.result) == [.restored])
    }

    /// Versions that do not parse are never passed over; the running app's own unparseable
    /// version passes nothing over.
    @Test func unparseableVersionsAreRestoredAsAnyOther() throws {
        let folder = try TemporaryFolder()
        let (store, saved) = try Self.store(folder, restoresNewer: false, versions: ["2.9", "nightly-2026-11-28", nil])
        #expect(try store.restore(session: "main").restored.snapshot.info.id == saved[2].id)
        let path = folder.path("versions.sqlite")
        let unversioned = try SnapshotStore(path: path, options: .init(appVersion: "dev", restoresNewerAppVersions: false))
        try unversioned.save(Self.screen("newest"), session: "main", appVersion: "99.0")
        #expect(try unversioned.restore(session: "main").restored.snapshot.tree == Self.screen("newest"))
    }

    /// The crash-loop guard still decides among the snapshots it may restore: the older
    /// version's snapshot quarantined, it falls back to an older one still, and the newer one is
    /// not restored in its place.
    @Test func theGuardFallsBackAmongTheOlderVersionsSnapshots() throws {
        let folder = try TemporaryFolder()
        let (store, saved) = try Self.store(folder, restoresNewer: false, versions: ["2.8", "2.9", "2.10"])
        for _ in 0..<2 {
            #expect(try store.beginRestore(session: "main").restored.snapshot.info.id == saved[1].id)   // crashed
        }
        let restoration = try store.beginRestore(session: "main").restored
        #expect(restoration.snapshot.info.id == saved[0].id)
        #expect(restoration.skippedQuarantined == [saved[1].id])
    }
}
