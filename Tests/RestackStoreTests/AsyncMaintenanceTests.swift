import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// The store's maintenance (pruning a history, lifting a quarantine) between asynchronous saves
/// and restores (maintenance has one, synchronous, door), and a store opened for reading refuses
/// an asynchronous save and every maintenance write, writing nothing.
@Suite("the store's maintenance from async code")
struct AsyncMaintenanceTests {
    static let tree = RestorationTree.drillDown(left: [RestorationRecord(identifier: "inbox", className: "InboxController")])

    @Test func pruningAndLiftingAQuarantineAsynchronously() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("a.sqlite"), options: .init(crashLoopThreshold: 1))
        var ids: [Int64] = []
        for _ in 0..<3 { ids.append(try await store.save(Self.tree, session: "s").id) }
        #expect(try store.pruneHistory(session: "s", keepingLast: 1) == 2)
        #expect(try store.snapshots(session: "s").map(\.id) == [ids[2]])
        #expect(try store.pruneHistory(session: "s", keepingLast: 1) == 0, "nothing left to prune")

        // Begun and not confirmed: at threshold 1 the only snapshot is quarantined.
        _ = try await store.beginRestore(session: "s")
        #expect(throws: StoreError.noRestorableSnapshot(session: "s", quarantined: [ids[2]])) { try store.beginRestore(session: "s").restored }
        try store.liftQuarantine(snapshotID: ids[2])
        #expect(try await store.beginRestore(session: "s").restored.snapshot.info.id == ids[2])
        #expect(throws: StoreError.snapshotNotFound(999, session: nil)) { try store.liftQuarantine(snapshotID: 999) }
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
                case "prune": _ = try store.pruneHistory(session: "s", keepingLast: 1)
                default: try store.liftQuarantine(snapshotID: 1)
                }
            } catch {
                refusal = error
            }
            if case .readOnly? = refusal {} else { Issue.record("\(write): not refused as read-only: \(String(describing: refusal))") }
        }
        #expect(FileManager.default.contents(atPath: path) == bytes)
        #expect(try store.snapshots(session: "s").count == 1)
    }
}
