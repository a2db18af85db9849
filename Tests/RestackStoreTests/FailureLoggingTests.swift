import Foundation
import Logging
import Metrics
import MetricsTestKit
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// What reaches the app's logger and metrics backend when things go wrong or are unknown: a save
/// that fails for want of space is an error (a cap hit is only a warning), an autosave's failure
/// is logged once with its session, and an outcome of an app that gave no version, dropping a
/// record without an identifier or a class, is counted under `unknown` and an empty class.
@Suite("Failures and unknowns in logs and metrics", .serialized)
struct FailureLoggingTests {
    @Test(.enabled(if: TmpfsMount.isAvailable, "mounting a tmpfs needs root"))
    func aSaveOnAFullDiskIsLoggedAsAnErrorAndAnAutosavesFailureOnce() async throws {
        let mount = try TmpfsMount(kibibytes: 2048)
        let handler = CapturingLogHandler()
        let store = try SnapshotStore(path: mount.path("f.sqlite"), options: .init(logger: Logger(label: "restack.tests") { _ in handler }))
        try await store.save(RestorationTree.drillDown(left: [record("a")]), session: "s")
        mount.fill()
        let big = RestorationTree.drillDown(left: (0..<200).map { record("r\($0)", "C", String(repeating: "x", count: 500)) })
        await #expect(throws: StoreError.self) { try await store.save(big, session: "s") }
        let failed = try #require(handler.entries.first { $0.message.hasPrefix("save failed") })
        #expect(failed.level == .error, "not a cap: an error")
        #expect(failed.metadata["session"] == "s")

        let autosaver = Autosaver(store: store, session: "auto")
        for _ in 0..<3 {
            autosaver.submit(big)
            try? await autosaver.flush()
        }
        let logged = handler.entries.filter { $0.message.hasPrefix("autosave failed") }
        #expect(logged.count == 1, "one failure repeating is logged once: \(logged.map(\.message))")
        #expect(logged.first?.level == .error && logged.first?.metadata["session"] == "auto")
    }

    @Test func anOutcomeWithoutAVersionOrClassIsCountedAsUnknown() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("m.sqlite"))
        try await store.save(RestorationTree.drillDown(left: [record("a", "A"), record(nil, nil)]), session: "s")
        let metrics = TestMetrics()
        try withMetricsFactory(metrics) {
            try store.confirmRestore(store.beginRestore(session: "s").restored)
        }
        let version = [("app_version", "unknown")]
        #expect(try metrics.expectCounter("restack_restores", version).totalValue == 1)
        #expect(try metrics.expectCounter("restack_dropped_records", version + [("reason", "missing-identifier"), ("class", "")]).totalValue == 1)
    }
}
