import Foundation
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Stores written by the released Restack (schema m001 + m002, and m001 alone), made by the
/// released code itself (Tests/UpgradeFixtures/maker), with what that code read from them. A
/// copy of each is read unmigrated, then opened and migrated: every snapshot exports, plans and
/// is chosen exactly as the released code recorded, counters and quarantines included.
@Suite("Upgrading released stores")
struct UpgradeTests {
    struct Expected: Decodable {
        struct Snapshot: Decodable {
            var id: Int64
            var formatVersion: Int
            var appVersion: String?
            var savedAtMilliseconds: Int64
            var recordCount: Int
            var unconfirmedRestores: Int
            var quarantinedAtMilliseconds: Int64?
            var export: String
            var plan: String
        }
        struct Session: Decodable {
            var name: String
            var snapshots: [Snapshot]
            var restoredSnapshot: Int64?
            var skippedQuarantined: [Int64]
        }
        var schema: [String]
        var sessions: [Session]
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("UpgradeFixtures")

    static func text(_ base64: String?) -> String? {
        base64.map { String(decoding: Data(base64Encoded: $0)!, as: UTF8.self) }
    }

    /// Checks everything `store` reads against what the released code read.
    static func expectSame(_ store: SnapshotStore, _ expected: Expected, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let sessions = try store.sessions()
        #expect(sessions.map { Array($0.name.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
                == expected.sessions.map { Array(text($0.name)!.utf8) }.sorted { $0.lexicographicallyPrecedes($1) },
                sourceLocation: sourceLocation)
        var snapshots = 0
        for session in expected.sessions {
            let name = text(session.name)!
            let history = try store.snapshots(session: name)
            #expect(history.map(\.id) == session.snapshots.map(\.id), "\(name)", sourceLocation: sourceLocation)
            for (info, recorded) in zip(history, session.snapshots) {
                snapshots += 1
                #expect(info.formatVersion == recorded.formatVersion, sourceLocation: sourceLocation)
                #expect(info.appVersion.map { Array($0.utf8) } == text(recorded.appVersion).map { Array($0.utf8) }, sourceLocation: sourceLocation)
                #expect(SnapshotQueries.milliseconds(info.savedAt) == recorded.savedAtMilliseconds, sourceLocation: sourceLocation)
                #expect(info.recordCount == recorded.recordCount, sourceLocation: sourceLocation)
                #expect(info.unconfirmedRestores == recorded.unconfirmedRestores, "\(name) \(info.id)", sourceLocation: sourceLocation)
                #expect(info.quarantinedAt.map(SnapshotQueries.milliseconds) == recorded.quarantinedAtMilliseconds, sourceLocation: sourceLocation)
                #expect(info.form == .drillDown && !info.isProvisional, sourceLocation: sourceLocation)
                let stored = try store.snapshot(id: info.id, session: name)
                let state = stored.tree
                #expect(state.form == .drillDown, "a released snapshot reads back as a format-1 drill-down", sourceLocation: sourceLocation)
                #expect(StateFile.encode(state) == Data(base64Encoded: recorded.export), "export of \(info.id) byte for byte", sourceLocation: sourceLocation)
                #expect(Restorer.plan(state).jsonData() == Data(base64Encoded: recorded.plan), "plan of \(info.id)", sourceLocation: sourceLocation)
            }
            if let restored = session.restoredSnapshot {
                let restoration = try store.restore(session: name).restored
                #expect(restoration.snapshot.info.id == restored, "\(name)", sourceLocation: sourceLocation)
                #expect(restoration.skippedQuarantined == session.skippedQuarantined, "\(name)", sourceLocation: sourceLocation)
                let recorded = try #require(session.snapshots.first { $0.id == restored }, sourceLocation: sourceLocation)
                #expect(restoration.plan.jsonData() == Data(base64Encoded: recorded.plan), sourceLocation: sourceLocation)
            }
        }
        #expect(snapshots > 0, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["released-m002", "released-m001"])
    func aReleasedStoreReadsAndUpgradesWithNothingLost(_ name: String) throws {
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: Self.fixtures.appendingPathComponent("\(name).expected.json")))
        let folder = try TemporaryFolder()
        let path = folder.path("\(name).sqlite")
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("\(name).sqlite").path, toPath: path)

        // Read as it is, with the new code: nothing migrated, nothing written.
        let before = FileFingerprint(path)
        do {
            let old = try SnapshotStore(readingAt: path)
            #expect(try old.check().appliedMigrations == expected.schema)
            #expect(try old.check().isHealthy, "an old store lacks the outcome tables, and is not unhealthy for it")
            #expect(try old.restoreOutcomes().isEmpty, "an old store recorded no outcome")
            try Self.expectSame(old, expected)
        }
        #expect(FileFingerprint(path) == before, "read-only inspection of an old store leaves it byte for byte")

        // Opened for writing: migrated, and everything reads the same.
        let store = try SnapshotStore(path: path)
        let report = try store.check()
        #expect(report.appliedMigrations == SnapshotStore.knownMigrations)
        #expect(report.isHealthy, "\(report.problems) \(report.integrity)")
        try Self.expectSame(store, expected)
        // And the upgraded store takes trees, of a kind newer than its tables (no CHECK lists it).
        let tree = RestorationTree(root: .presentation(PresentationContainer(
            base: RestorationRecord(identifier: "new", className: "NewController"),
            presented: [RestorationRecord(identifier: "sheet", className: "SheetController")])))
        let saved = try store.save(tree, session: "after-upgrade")
        #expect(try store.snapshot(id: saved.id).tree == tree)
        // And it records restore outcomes (migration 7).
        try SnapshotStore(path: path, options: .init(appVersion: "next")).confirmRestore(store.beginRestore(session: "after-upgrade").restored)
        #expect(try store.restoreOutcomes().map(\.appVersion) == ["next"])
    }

    @Test func releasedSnapshotsOfUnsupportedVersionsStillRestoreNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("released-m002.sqlite").path, toPath: path)
        let store = try SnapshotStore(path: path)
        let history = try store.snapshots(session: "newer-format")
        #expect(history.map(\.formatVersion) == [2, 7])
        for info in history {
            let restoration = StoreRestoration(snapshot: try store.snapshot(id: info.id), layout: .compact, resolver: RecordResolver { _, _ in true })
            #expect(restoration.plan.root == nil, "version \(info.formatVersion) was never a tree: it restores nothing")
            #expect(!restoration.plan.dropped.isEmpty && restoration.plan.dropped.allSatisfy { $0.reason == .unsupportedFormat })
        }
    }
}
