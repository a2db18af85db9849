import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// The launch article's locked-device snippet, compiled and run: locked, the restore waits for
/// the unlock and shows no initial UI; unlocked, it restores.
extension StoreSnippets {
    @Test func lockedLaunch() async throws {
        LockedDevice.install()
        let folder = try TemporaryFolder()
        let path = (folder.path("s.sqlite") as NSString).resolvingSymlinksInPath
        let store = try SnapshotStore(path: path)
        try await store.save(RestorationTree.drillDown(left: [RestorationRecord(identifier: "boxes", className: "MailboxesController")]), session: "scene")
        var waiting: [String] = []
        func restoreWhenUnlocked(_ scene: Scene) { waiting.append(scene.id) }
        // snippet: locked-launch
        @MainActor
        func restore(_ scene: Scene) async {
            do throws(StoreError) {
                guard case .restore(let loaded) = try await store.beginRestore(session: scene.id) else {
                    return showInitialUI()                       // nothing saved yet, or expired
                }
                let restoration = loaded.plan(layout: scene.isCompact ? .compact : .regular, resolver: .acceptAll)
                rebuild(restoration.plan)
                try await store.confirmRestore(restoration)
            } catch {
                switch error {
                case .unavailable:                               // the device is locked: nothing was counted
                    restoreWhenUnlocked(scene)                   // restore(scene) again once it is unlocked
                default:
                    log.error("restore failed: \(error)")
                    showInitialUI()
                }
            }
        }
        // end snippet
        let scene = Scene(id: "scene", isCompact: false)
        LockedDevice.lock(path)
        await restore(scene)
        LockedDevice.unlock(path)
        #expect(waiting == ["scene"] && app.initialUI == 0 && app.rebuilt.isEmpty)
        #expect(try store.snapshots(session: "scene").map(\.unconfirmedRestores) == [0], "nothing counted")
        await restore(scene)
        #expect(app.rebuilt == ["boxes"] && waiting == ["scene"])
    }
}

extension StoreSnippets {
    @Test func docCommentClose() throws {
        let folder = try TemporaryFolder(), elsewhere = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("navigation.sqlite"))
        try store.save(RestorationTree(root: .stack(StackContainer(records: [Self.mailboxes, Self.inbox]))), session: "s")
        let copyPath = elsewhere.path("copy.sqlite")
        // snippet: doc-comment-close
        try store.close()
        try FileManager.default.copyItem(atPath: store.path, toPath: copyPath)   // every snapshot
        // end snippet
        #expect(try SnapshotStore(readingAt: copyPath).snapshots(session: "s").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["navigation.sqlite"])
    }
}
