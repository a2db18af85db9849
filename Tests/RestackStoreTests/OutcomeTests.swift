import Foundation
import GRDB
import Logging
import Metrics
import MetricsTestKit
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Restore outcomes (issue 18): recorded at confirmation with the app's version, kept within
/// their retention, summed per version, sent to swift-metrics; a full disk never fails the
/// confirmation.
@Suite("Restore outcomes")
struct OutcomeTests {
    /// A state whose `Legacy` records an app that lost the class drops.
    static let state = RestorationTree.drillDown(
        left: [record("mailboxes"), record("legacy", "LegacyMessageController", "secret-payload"), record(nil, "ComposeController")],
        right: record("m", "LegacyMessageController")
    )
    static var withoutLegacy: RecordResolver { RecordResolver { record, _ in record.className != "LegacyMessageController" } }

    static func options(_ version: String?, clock: SettableTime = SettableTime()) -> SnapshotStore.Options {
        SnapshotStore.Options(appVersion: version, clock: clock.clock)
    }

    @Test(arguments: RestoreForm.allCases)
    func aConfirmationRecordsItsPlansOutcome(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let clock = SettableTime()
        // Saved by version 2.9, restored by 3.0 (45): each version is its store's.
        let saved = try await SnapshotStore(path: folder.path("o.sqlite"), options: Self.options("2.9", clock: clock)).save(Self.state, session: "s")
        let store = try SnapshotStore(path: folder.path("o.sqlite"), options: Self.options("3.0 (45)", clock: clock))
        let restoration = try await form.begin(store, session: "s", layout: .compact, resolver: Self.withoutLegacy).restored
        #expect(try store.restoreOutcomes().isEmpty, "nothing is recorded before the confirmation")
        try await form.confirm(store, restoration)
        let outcome = try #require(try store.restoreOutcomes(session: "s").first)
        #expect(outcome.session == "s" && outcome.snapshotID == saved.id && outcome.appVersion == "3.0 (45)" && outcome.snapshotAppVersion == "2.9")
        #expect(outcome.recordedAt == clock.now && outcome.result == .restored && outcome.layout == .compact && !outcome.fellBack)
        #expect(outcome.restoredRecords == restoration.plan.restoredRecords.count)
        #expect(outcome.drops.first == .init(reason: .unresolvedClass, className: "LegacyMessageController", count: 2))
        #expect(outcome.drops == RestoreOutcome.count(restoration.plan.dropped))
        #expect(outcome.droppedRecords == restoration.plan.dropped.count)
        #expect(try #require(outcome.duration) >= 0)
        // Classes and reasons only: no payload and no identifier is stored.
        let stored = try await store.database.read { db in
            try String.fetchAll(db, sql: "SELECT quote(session) || quote(app_version) || quote(snapshot_app_version) FROM restack_outcome")
                + String.fetchAll(db, sql: "SELECT quote(reason) || quote(class_name) FROM restack_outcome_drop")
        }.joined()
        #expect(!stored.contains("secret") && !stored.contains("legacy'") && !stored.contains("mailboxes"))
    }

    @Test func theDropsAreCountedByReasonAndClass() {
        let dropped = [
            RestorationPlan.Dropped(record: record("a", "A"), path: RecordPath([.left(0)]), reason: .unresolvedClass),
            RestorationPlan.Dropped(record: record("b", "A"), path: RecordPath([.left(1)]), reason: .unresolvedClass),
            RestorationPlan.Dropped(record: record("c", "B"), path: RecordPath([.left(2)]), reason: .stalePayload),
            RestorationPlan.Dropped(record: record(nil, nil), path: RecordPath([.left(3)]), reason: .missingIdentifier),
            RestorationPlan.Dropped(record: record("d", "A"), path: RecordPath([.left(4)]), reason: .ancestorDropped),
        ]
        #expect(RestoreOutcome.count(dropped) == [
            .init(reason: .unresolvedClass, className: "A", count: 2),
            .init(reason: .ancestorDropped, className: "A", count: 1),
            .init(reason: .missingIdentifier, className: nil, count: 1),
            .init(reason: .stalePayload, className: "B", count: 1),
        ])
    }

    /// Three launches across two app versions, the second version losing a class, one launch
    /// falling back: the report sums each version, worst first.
    @Test(arguments: RestoreForm.allCases)
    func outcomesAcrossAppVersionsAreReportedPerVersionWorstFirst(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("o.sqlite")
        let clock = SettableTime()
        do {
            let v1 = try SnapshotStore(path: path, options: Self.options("2.9", clock: clock))
            try await v1.save(Self.state, session: "a")
            try await form.confirm(v1, form.begin(v1, session: "a").restored)
        }
        clock.advance(day)
        var options = Self.options("3.0 (45)", clock: clock)
        options.crashLoopThreshold = 1
        let v2 = try SnapshotStore(path: path, options: options)
        try await form.confirm(v2, form.begin(v2, session: "a", resolver: Self.withoutLegacy).restored)
        try await v2.save(Self.state, session: "b")
        try await v2.save(RestorationTree.drillDown(left: [record("crash")]), session: "b")
        _ = try await form.begin(v2, session: "b").restored                   // crashes
        let fallback = try await form.begin(v2, session: "b", resolver: Self.withoutLegacy).restored
        #expect(fallback.fellBack)
        try await form.confirm(v2, fallback)

        let outcomes = try v2.restoreOutcomes()
        #expect(outcomes.map(\.appVersion) == ["2.9", "3.0 (45)", "3.0 (45)"])
        #expect(outcomes.map(\.id) == outcomes.map(\.id).sorted(), "oldest first")
        #expect(try v2.restoreOutcomes(session: "b").count == 1)
        let report = RestoreOutcomeReport(outcomes)
        #expect(report.versions.map(\.appVersion) == ["3.0 (45)", "2.9"], "worst first")
        let worst = try #require(report.versions.first)
        #expect(worst.restores == 2 && worst.fellBack == 1 && worst.expired == 0)
        #expect(worst.drops.first == .init(reason: .unresolvedClass, className: "LegacyMessageController", count: 4))
        #expect(report.versions.last?.droppedRecords == 1, "2.9 dropped only the record without an identifier")
        #expect(try #require(report.versions.last).lastRecordedAt < worst.firstRecordedAt)
    }

    @Test func theAsyncConfirmationRecordsTheOutcomeToo() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("o.sqlite"), options: Self.options("3.0"))
        try await store.save(Self.state, session: "s")
        let loaded = try await store.beginRestore(session: "s").restored
        try await store.confirmRestore(loaded.plan(layout: .regular, resolver: Self.withoutLegacy))
        let outcome = try #require(try store.restoreOutcomes().first)
        #expect(outcome.drops.first?.className == "LegacyMessageController" && outcome.appVersion == "3.0" && outcome.duration != nil)
    }

    @Test(arguments: RestoreForm.allCases)
    func theOutcomeRetentionBoundsTheTable(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let clock = SettableTime()
        var options = Self.options("1", clock: clock)
        options.outcomeRetention = .init(keepLast: 3, maxAge: 10 * day)
        let store = try SnapshotStore(path: folder.path("o.sqlite"), options: options)
        try await store.save(Self.state, session: "s")
        for _ in 0..<5 {
            try await form.confirm(store, form.begin(store, session: "s", resolver: Self.withoutLegacy).restored)
            clock.advance(day)
        }
        let kept = try store.restoreOutcomes()
        #expect(kept.count == 3, "keepLast")
        let drops = try await store.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM restack_outcome_drop") }
        #expect(drops == kept.reduce(0) { $0 + $1.drops.count } && drops ?? 0 > 0, "the drop counts go with their outcome")
        clock.advance(20 * day)
        try await form.confirm(store, form.begin(store, session: "s").restored)
        #expect(try store.restoreOutcomes().count == 1, "maxAge: only the new outcome is young enough")
    }

    @Test(arguments: RestoreForm.allCases)
    func outcomesOutliveTheirSession(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("o.sqlite"), options: Self.options("1"))
        try await store.save(Self.state, session: "closed-window")
        try await form.confirm(store, form.begin(store, session: "closed-window").restored)
        try await store.deleteSession("closed-window")
        #expect(try store.restoreOutcomes(session: "closed-window").count == 1)
        #expect(try store.check().isHealthy)
    }

    /// A disk that fills: the database may not grow past its pages. Confirmations keep
    /// succeeding; the outcomes that no longer fit are logged, never thrown.
    @Test(arguments: RestoreForm.allCases)
    func aFullDiskWhileRecordingNeverFailsTheConfirmation(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("full.sqlite")
        let handler = CapturingLogHandler()
        var options = Self.options("3.0")
        options.logger = Logger(label: "restack.tests") { _ in handler }
        options.outcomeRetention = .init(keepLast: 100_000)
        do {
            let store = try SnapshotStore(path: path, options: options)
            try await store.save(Self.state, session: "s")
        }
        let pages = try await DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA page_count") ?? 0 }
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA max_page_count = \(pages + 1)") }
        let store = try SnapshotStore(database: DatabasePool(path: path, configuration: configuration), options: options)
        var confirmed = 0
        for _ in 0..<300 {
            let restoration = try await form.begin(store, session: "s", resolver: Self.withoutLegacy).restored
            try await form.confirm(store, restoration)             // never throws for the outcome
            confirmed += 1
            #expect(try store.snapshots(session: "s").allSatisfy { $0.unconfirmedRestores == 0 }, "the confirmation was committed")
            if handler.entries.contains(where: { $0.message.contains("restore outcome not recorded") }) { break }
        }
        let failure = try #require(handler.entries.first { $0.message.contains("restore outcome not recorded") }, "the disk never filled")
        #expect(failure.level == .warning && failure.message.contains("no space left"))
        let recorded = try store.restoreOutcomes().count
        #expect(recorded > 0 && recorded < confirmed, "\(recorded) outcomes of \(confirmed) confirmations fit")
        #expect(try store.check().isHealthy)
    }

    /// Another writer restores and confirms (its own connection pool and store value, as another
    /// process would) while this one does: every outcome of both is recorded whole.
    @Test(arguments: RestoreForm.allCases)
    func outcomesWrittenWhileAnotherWriterRestores(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("o.sqlite")
        try await SnapshotStore(path: path).save(Self.state, session: "s")
        try await SnapshotStore(path: path).save(Self.state, session: "t")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (session, version) in [("s", "1"), ("t", "2")] {
                group.addTask {
                    let store = try SnapshotStore(path: path, options: Self.options(version))
                    for _ in 0..<25 {
                        try await form.confirm(store, form.begin(store, session: session, resolver: Self.withoutLegacy).restored)
                    }
                }
            }
            try await group.waitForAll()
        }
        let outcomes = try SnapshotStore(readingAt: path).restoreOutcomes()
        #expect(outcomes.count == 50)
        #expect(outcomes.allSatisfy { $0.drops.reduce(0) { $0 + $1.count } == 3 && $0.appVersion == ($0.session == "s" ? "1" : "2") })
    }

    @Test(arguments: RestoreForm.allCases)
    func theMetricsGoToTheBoundBackendWithTheAppVersion(_ form: RestoreForm) async throws {
        let metrics = TestMetrics()
        let folder = try TemporaryFolder()
        let clock = SettableTime()
        var options = Self.options("3.0 (45)", clock: clock)
        options.crashLoopThreshold = 1
        options.expiry = try .init(after: 14 * day)
        let store = try SnapshotStore(path: folder.path("o.sqlite"), options: options)
        try await withMetricsFactory(metrics) {
            try await store.save(Self.state, session: "s", savedAt: clock.now)
            try await form.confirm(store, form.begin(store, session: "s", resolver: Self.withoutLegacy).restored)
            try await store.save(RestorationTree.drillDown(left: [record("crash")]), session: "s", savedAt: clock.now)
            _ = try await form.begin(store, session: "s").restored
            try await form.confirm(store, form.begin(store, session: "s", resolver: Self.withoutLegacy).restored)   // fell back
            clock.advance(30 * day)
            _ = try await form.begin(store, session: "s")                                                           // expired
        }
        let version = [("app_version", "3.0 (45)")]
        #expect(try metrics.expectCounter("restack_restores", version).totalValue == 2)
        #expect(try metrics.expectCounter("restack_restore_fallbacks", version).totalValue == 1)
        #expect(try metrics.expectCounter("restack_restores_expired", version).totalValue == 1)
        #expect(try metrics.expectCounter("restack_dropped_records",
                                          version + [("reason", "unresolved-class"), ("class", "LegacyMessageController")]).totalValue == 4)
        #expect(try metrics.expectTimer("restack_restore_duration", version).values.count == 2)
    }

    /// With no backend (this process never bootstraps one; the other tests bind theirs to their
    /// task), an outcome makes no metric at all; bound, the same outcome updates them.
    @Test(arguments: RestoreForm.allCases)
    func withoutABackendNoMetricIsMade(_ form: RestoreForm) async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("o.sqlite"), options: Self.options("3.0"))
        try await store.save(Self.state, session: "s")
        try await form.confirm(store, form.begin(store, session: "s", resolver: Self.withoutLegacy).restored)
        let outcome = try #require(try store.restoreOutcomes(session: "s").last)
        #expect(MetricsSystem.factory is NOOPMetricsHandler)
        #expect(RestoreMetrics.record(outcome) == 0)
        #expect(withMetricsFactory(TestMetrics()) { RestoreMetrics.record(outcome) } >= 2)
    }

    /// A plan the app made another way (typed routes, a deep link) is confirmed through the
    /// loaded restoration, and its outcome is that plan's.
    @Test func aPlanMadeElsewhereIsTheOutcomeRecorded() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("o.sqlite"), options: Self.options("3.0"))
        try await store.save(Self.state, session: "s")
        let loaded = try await store.beginRestore(session: "s").restored
        let plan = Restorer.plan(loaded.snapshot.tree, layout: .compact, resolver: Self.withoutLegacy)
        try await store.confirmRestore(loaded.restoration(with: plan))
        let outcome = try #require(try store.restoreOutcomes().first)
        #expect(outcome.drops == RestoreOutcome.count(plan.dropped) && outcome.layout == .compact && outcome.duration != nil)
        #expect(try store.snapshots(session: "s").first?.unconfirmedRestores == 0)
    }
}
