import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// The store's asynchronous maintenance (pruning a history, lifting a quarantine) does what the
/// synchronous forms do, and a store opened for reading refuses an asynchronous write, writing
/// nothing.
@Suite("the store's async maintenance")
struct AsyncMaintenanceTests {
    static let tree = RestorationTree.drillDown(left: [RestorationRecord(identifier: "inbox", className: "InboxController")])

    @Test func pruningAndLiftingAQuarantineAsynchronously() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("a.sqlite"), options: .init(crashLoopThreshold: 1))
        var ids: [Int64] = []
        for _ in 0..<3 { ids.append(try await store.save(Self.tree, session: "s").id) }
        #expect(try await store.pruneHistory(session: "s", keepingLast: 1) == 2)
        #expect(try await store.snapshots(session: "s").map(\.id) == [ids[2]])
        #expect(try await store.pruneHistory(session: "s", keepingLast: 1) == 0, "nothing left to prune")

        // Begun and not confirmed: at threshold 1 the only snapshot is quarantined.
        _ = try await store.beginRestore(session: "s")
        #expect(throws: StoreError.noRestorableSnapshot(session: "s", quarantined: [ids[2]])) { try store.beginRestore(session: "s").restored }
        try await store.liftQuarantine(snapshotID: ids[2])
        #expect(try await store.beginRestore(session: "s").restored.snapshot.info.id == ids[2])
        await #expect(throws: StoreError.snapshotNotFound(999, session: nil)) { try await store.liftQuarantine(snapshotID: 999) }
    }

    @Test func aStoreOpenedForReadingRefusesAsyncWritesAndWritesNothing() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("r.sqlite")
        _ = try await SnapshotStore(path: path).save(Self.tree, session: "s")
        let bytes = FileManager.default.contents(atPath: path)
        let store = try SnapshotStore(readingAt: path)
        for write in ["save", "prune", "lift"] {
            var refusal: StoreError?
            do {
                switch write {
                case "save": _ = try await store.save(Self.tree, session: "s")
                case "prune": _ = try await store.pruneHistory(session: "s", keepingLast: 1)
                default: try await store.liftQuarantine(snapshotID: 1)
                }
            } catch {
                refusal = error
            }
            if case .readOnly? = refusal {} else { Issue.record("\(write): not refused as read-only: \(String(describing: refusal))") }
        }
        #expect(FileManager.default.contents(atPath: path) == bytes)
        #expect(try await store.snapshots(session: "s").count == 1)
    }
}
