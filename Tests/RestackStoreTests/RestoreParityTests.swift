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
        #expect(try await inspected.sessions().isEmpty, "a first launch creates no session")
        #expect(try await inspected.restoreOutcomes().isEmpty, "and records no outcome")
        #expect(store.logLines.isEmpty && metricLines(metrics).isEmpty)
    }
}
