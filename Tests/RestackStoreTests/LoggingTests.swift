import Foundation
import Logging
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// A log handler that keeps every message, for the logging tests.
final class CapturingLogHandler: LogHandler, @unchecked Sendable {
    struct Entry {
        var level: Logger.Level
        var message: String
        var metadata: Logger.Metadata
    }

    private let lock = NSLock()
    private var stored: [Entry] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var entries: [Entry] {
        lock.lock(); defer { lock.unlock() }
        return stored
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.lock(); defer { lock.unlock() }
        stored.append(Entry(level: event.level, message: "\(event.message)", metadata: event.metadata ?? [:]))
    }
}

/// The store reports drops, quarantines, fallbacks, caps hit and failed saves to the logger in
/// its options, with metadata; with none configured it logs nothing.
@Suite("Logging")
struct LoggingTests {
    @Test(arguments: RestoreForm.allCases)
    func dropsQuarantinesFallbacksAndCapsAreLoggedWithMetadata(_ form: RestoreForm) async throws {
        let handler = CapturingLogHandler()
        let logger = Logger(label: "restack.tests") { _ in handler }
        let folder = try TemporaryFolder()
        let options = SnapshotStore.Options(limits: .init(maxRecordCount: 3), crashLoopThreshold: 1, logger: logger)
        let store = try SnapshotStore(path: folder.path("l.sqlite"), options: options)
        let good = try await store.save(RestorationTree.drillDown(left: [record("a"), record(nil, "Gone")]), session: "s")
        let bad = try await store.save(RestorationTree.drillDown(left: [record("crash")]), session: "s")
        _ = try await form.begin(store, session: "s")
        let fallback = try await form.begin(store, session: "s").restored
        #expect(fallback.snapshot.info.id == good.id)
        #expect(throws: StoreError.self) { try store.save(RestorationTree.drillDown(left: (0..<4).map { record("r\($0)") }), session: "s") }

        let entries = handler.entries
        let quarantine = try #require(entries.first { $0.message.contains("quarantined") })
        #expect(quarantine.level == .error && quarantine.metadata["snapshots"] == .array([.string("\(bad.id)")]))
        let fellBack = try #require(entries.first { $0.message.contains("older snapshot") })
        #expect(fellBack.metadata["session"] == "s" && fellBack.metadata["snapshot"] == .string("\(good.id)"))
        let dropped = try #require(entries.first { $0.message.contains("not restored") })
        #expect(dropped.metadata["path"] == "left[1]" && dropped.metadata["reason"] == "missing-identifier")
        let cap = try #require(entries.first { $0.message.contains("save failed") })
        #expect(cap.level == .warning && cap.message.contains("records per snapshot"))
    }

    @Test func noLoggerNoMessages() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("l.sqlite"))
        #expect(store.options.logger == nil)
        try store.save(RestorationTree.drillDown(left: [record(nil)]), session: "s")
        _ = try store.restore(session: "s")
    }
}
