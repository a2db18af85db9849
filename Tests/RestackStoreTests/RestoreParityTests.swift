import Foundation
import Logging
import Metrics
import MetricsTestKit
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Where a restore reads: a store reopened at its path (the launch connection serves the restore,
/// GRDB's connection is not open) or a store in memory (GRDB's connection only).
enum RestoreConnection: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case launch
    case grdb

    var testDescription: String { rawValue }
}

/// A store to restore from, its log and its metrics: each restore goes to a store as an app's
/// launch finds it (reopened at its path for ``RestoreConnection/launch``).
final class ParityStore: Sendable {
    let connection: RestoreConnection
    let folder: TemporaryFolder
    let options: SnapshotStore.Options
    let log: CapturingLogHandler
    let memory: SnapshotStore?
    let clock: SettableTime

    init(_ connection: RestoreConnection, threshold: Int = 2, expiry: SnapshotStore.Expiry? = nil, clock: SettableTime = SettableTime()) throws {
        self.connection = connection
        self.clock = clock
        folder = try TemporaryFolder()
        let handler = CapturingLogHandler()
        log = handler
        var options = SnapshotStore.Options(crashLoopThreshold: threshold, logger: Logger(label: "parity") { _ in handler }, appVersion: "1.0")
        options.expiry = expiry
        options.clock = clock.clock
        self.options = options
        memory = try connection == .grdb ? SnapshotStore.inMemory(options: options) : nil
        // The file exists, current, before the first restore: a launch finds it so.
        if connection == .launch { _ = try SnapshotStore(path: folder.path("p.sqlite"), options: options) }
    }

    /// The store as a launch opens it.
    func launch() throws -> SnapshotStore {
        if let memory { return memory }
        let store = try SnapshotStore(path: folder.path("p.sqlite"), options: options)
        #expect(store.connections.launch != nil && !store.connections.isWriterOpen, "the launch connection serves this restore")
        return store
    }

    @discardableResult
    func save(_ tree: RestorationTree, session: String = "s") throws -> SnapshotInfo {
        try (memory ?? SnapshotStore(path: folder.path("p.sqlite"), options: options)).save(tree, session: session, savedAt: clock.now)
    }

    /// The log records, each as one comparable line: level, message, metadata sorted by key.
    var logLines: [String] {
        log.entries.map { entry in
            "\(entry.level) \(entry.message) " + entry.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }
}

/// The metrics a test's task bound, as comparable lines.
func metricLines(_ metrics: TestMetrics) -> [String] {
    let counters = metrics.counters.map { "\($0.label) \($0.dimensions.map { "\($0.0)=\($0.1)" }.sorted()) \($0.totalValue)" }
    let timers = metrics.timers.map { "\($0.label) \($0.dimensions.map { "\($0.0)=\($0.1)" }.sorted()) \($0.values.count)" }
    return (counters + timers).sorted()
}

/// Issue 27: the synchronous and asynchronous forms of every restore entry give the same answers,
/// the same errors, the same log records and the same metrics, through either connection. Every
/// test runs once per form (and per connection); the last one runs a whole history through both
/// forms and compares what each reported, line by line.
@Suite("Restore parity: sync and async")
struct RestoreParityTests {
    static let withDrops = RestorationTree.drillDown(left: [record("a"), record(nil, "Compose"), record("gone", "GoneController")])
    static var withoutGone: RecordResolver { RecordResolver { $0.className != "GoneController" } }

    @Test(arguments: RestoreForm.allCases, RestoreConnection.allCases)
    func aSessionNeverSavedIsNothingSavedAndWritesNothing(_ form: RestoreForm, _ connection: RestoreConnection) async throws {
        let store = try ParityStore(connection)
        let metrics = TestMetrics()
        try await withMetricsFactory(metrics) {
            let begun = try await form.begin(store.launch(), session: "never")
            let peeked = try await form.peek(store.launch(), session: "never")
            #expect(begun == .nothingSaved && peeked == .nothingSaved)
        }
        let inspected = try store.launch()
        #expect(try inspected.sessions().isEmpty, "a first launch creates no session")
        #expect(try inspected.restoreOutcomes().isEmpty, "and records no outcome")
        #expect(store.logLines.isEmpty && metricLines(metrics).isEmpty)
    }

    @Test(arguments: RestoreForm.allCases, RestoreConnection.allCases)
    func theUsualRestoreCountsPlansAndLogsEachDropWithItsIdentifier(_ form: RestoreForm, _ connection: RestoreConnection) async throws {
        let store = try ParityStore(connection)
        let saved = try store.save(Self.withDrops)
        let begun = try await form.begin(store.launch(), session: "s", resolver: Self.withoutGone).restored
        #expect(begun.snapshot.info.id == saved.id && begun.snapshot.info.unconfirmedRestores == 1)
        #expect(begun.snapshot.info.session == "s" && begun.snapshot.info.recordCount == 3)
        #expect(begun.plan.dropped.map(\.reason) == [.missingIdentifier, .unresolvedClass])
        let drops = store.log.entries.filter { $0.message == "record not restored" }
        #expect(drops.map(\.metadata["identifier"]) == ["nil", "\"gone\""])
        #expect(drops.map(\.metadata["path"]) == ["left[1]", "left[2]"])
        #expect(drops.allSatisfy { $0.level == .notice && $0.metadata["snapshot"] == "\(saved.id)" && $0.metadata["session"] == "s" })
        let peeked = try await form.peek(store.launch(), session: "s", resolver: Self.withoutGone).restored
        #expect(peeked.plan == begun.plan && peeked.snapshot.info.unconfirmedRestores == 1, "a peek counts nothing")
    }

    @Test(arguments: RestoreForm.allCases, RestoreConnection.allCases)
    func aFallbackLogsTheQuarantineAndTheFellBackWarningAndCountsInMetrics(_ form: RestoreForm, _ connection: RestoreConnection) async throws {
        let store = try ParityStore(connection, threshold: 1)
        let good = try store.save(RestorationTree.drillDown(left: [record("good")]))
        let bad = try store.save(RestorationTree.drillDown(left: [record("bad")]))
        let metrics = TestMetrics()
        try await withMetricsFactory(metrics) {
            _ = try await form.begin(store.launch(), session: "s").restored                 // crashes
            let fallback = try await form.begin(store.launch(), session: "s").restored
            #expect(fallback.snapshot.info.id == good.id && fallback.skippedQuarantined == [bad.id])
            try await form.confirm(store.launch(), fallback)
        }
        let quarantine = try #require(store.log.entries.first { $0.message.contains("quarantined") })
        #expect(quarantine.level == .error && quarantine.metadata["snapshots"] == .array([.string("\(bad.id)")]))
        let fellBack = try #require(store.log.entries.first { $0.message.contains("older snapshot") })
        #expect(fellBack.level == .warning && fellBack.metadata["snapshot"] == "\(good.id)")
        #expect(fellBack.metadata["skipped"] == .array([.string("\(bad.id)")]))
        #expect(try metrics.expectCounter("restack_restore_fallbacks", [("app_version", "1.0")]).totalValue == 1)
        #expect(try metrics.expectCounter("restack_restores", [("app_version", "1.0")]).totalValue == 1)
        #expect(try metrics.expectTimer("restack_restore_duration", [("app_version", "1.0")]).values.count == 1)
        let peeked = try await form.peek(store.launch(), session: "s").restored
        #expect(peeked.skippedQuarantined == [bad.id] && peeked.snapshot.info.id == good.id)
    }

    @Test(arguments: RestoreForm.allCases, RestoreConnection.allCases)
    func anExpiredSnapshotIsAnsweredWholeLoggedAndCountedInMetrics(_ form: RestoreForm, _ connection: RestoreConnection) async throws {
        let clock = SettableTime()
        let store = try ParityStore(connection, expiry: try .init(after: 14 * day), clock: clock)
        let saved = try store.save(mailState)
        clock.advance(15 * day)
        let metrics = TestMetrics()
        try await withMetricsFactory(metrics) {
            let answer = try await form.begin(store.launch(), session: "s")
            #expect(answer == .expired(saved), "the whole snapshot information: session, record count")
            #expect(try await form.peek(store.launch(), session: "s") == .expired(saved))
        }
        #expect(try metrics.expectCounter("restack_restores_expired", [("app_version", "1.0")]).totalValue == 1, "the peek records nothing")
        #expect(store.log.entries.filter { $0.message.contains("expired") }.count == 2)
        let inspected = try store.launch()
        #expect(try inspected.restoreOutcomes(session: "s").map(\.result) == [.expired])
        #expect(try inspected.snapshots(session: "s").map(\.unconfirmedRestores) == [0])
    }

    @Test(arguments: RestoreForm.allCases, RestoreConnection.allCases)
    func everySnapshotQuarantinedIsTheSameError(_ form: RestoreForm, _ connection: RestoreConnection) async throws {
        let store = try ParityStore(connection, threshold: 1)
        let only = try store.save(mailState)
        _ = try await form.begin(store.launch(), session: "s").restored                      // crashes
        await #expect(throws: StoreError.noRestorableSnapshot(session: "s", quarantined: [only.id])) {
            _ = try await form.begin(store.launch(), session: "s")
        }
        await #expect(throws: StoreError.noRestorableSnapshot(session: "s", quarantined: [only.id])) {
            _ = try await form.peek(store.launch(), session: "s")
        }
    }

    /// One history through both forms: each answer, error, log record and metric, compared line
    /// by line.
    @Test(arguments: RestoreConnection.allCases)
    func bothFormsReportTheSameHistoryLineByLine(_ connection: RestoreConnection) async throws {
        func transcript(_ form: RestoreForm) async throws -> [String] {
            let clock = SettableTime()
            let store = try ParityStore(connection, threshold: 1, expiry: try .init(after: 14 * day), clock: clock)
            let metrics = TestMetrics()
            /// The answer as a line, and the restoration it holds, to confirm.
            func run(_ label: String, _ body: () async throws -> RestoreAnswer<StoreRestoration>) async -> (String, StoreRestoration?) {
                do {
                    let answer = try await body()
                    return ("\(label): \(answer.restoration.map { "\($0.snapshot.info) \($0.plan.dropped.map(\.reason)) \($0.skippedQuarantined)" } ?? "\(answer)")", answer.restoration)
                } catch {
                    return ("\(label): \(error)", nil)
                }
            }
            let lines = try await withMetricsFactory(metrics) {
                var lines: [String] = []
                lines.append(await run("first launch") { try await form.begin(store.launch(), session: "s") }.0)
                try store.save(Self.withDrops)
                let (begun, first) = await run("begin") { try await form.begin(store.launch(), session: "s", resolver: Self.withoutGone) }
                lines.append(begun)
                try await form.confirm(store.launch(), try #require(first))
                try store.save(RestorationTree.drillDown(left: [record("crash")]))
                lines.append(await run("peek") { try await form.peek(store.launch(), session: "s") }.0)
                lines.append(await run("begin, crashes") { try await form.begin(store.launch(), session: "s") }.0)
                let (fellBack, fallback) = await run("begin, falls back") { try await form.begin(store.launch(), session: "s", resolver: Self.withoutGone) }
                lines.append(fellBack)
                try await form.confirm(store.launch(), try #require(fallback))
                clock.advance(15 * day)
                lines.append(await run("expired") { try await form.begin(store.launch(), session: "s") }.0)
                try store.save(RestorationTree.drillDown(left: [record("only")]), session: "t")
                _ = try? await form.begin(store.launch(), session: "t")
                lines.append(await run("all quarantined") { try await form.begin(store.launch(), session: "t") }.0)
                return lines
            }
            return lines + store.logLines + metricLines(metrics)
        }
        let sync = try await transcript(.sync)
        let async = try await transcript(.async)
        #expect(sync.count > 12, "the history reports something: \(sync)")
        for (index, line) in sync.enumerated() where index >= async.count || async[index] != line {
            Issue.record("line \(index): sync says \(line), async says \(index < async.count ? async[index] : "nothing")")
        }
        #expect(sync == async)
    }
}
