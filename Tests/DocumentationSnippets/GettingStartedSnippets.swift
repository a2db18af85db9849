// snippet: getting-started-screens
import Foundation
import RestackStore

/// The mail app's screens, as its navigation stack holds them: a mailbox, then a message.
enum Screen: Codable, Hashable, Sendable {
    case mailbox(String)
    case message(id: Int)
}
// end snippet

import Restack
import RestackTestSupport
import Testing

/// The getting-started article's code, compiled and run as written: three launches of the app, on
/// the store the model keeps in the app's own folder in Application Support.
@Suite("Getting started", .serialized)
@MainActor
struct GettingStartedSnippets {
    /// What the app drew, and printed, at each launch.
    final class Drawn {
        var stacks: [[Screen]] = []
    }

    let drawn = Drawn()

    func showScreens(_ stack: [Screen]) {
        drawn.stacks.append(stack)
    }

    /// One launch of the app, as the article writes it.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    func launch() async {
        // snippet: getting-started-model
        let navigation = NavigationModel(StackNavigation<Screen>())   // restored now, before the first frame
        showScreens(navigation.path)                                    // the app draws its screens
        for dropped in navigation.restored?.dropped ?? [] {
            print("not restored: \(dropped.path): \(dropped.reason)")   // stale-payload, truncated, ...
        }
        navigation.path.append(.mailbox("INBOX"))                       // the user navigates: saved
        await navigation.flush()                                        // the app goes to the background
        // end snippet
        #expect(navigation.error == nil)
        await navigation.stop()
        // The model, still alive, closed the store it opened: its folder holds the .sqlite alone.
        let url = try? AppStoreLocation.url()
        #expect(url.map { !FileManager.default.fileExists(atPath: $0.path + "-wal") } == true)
        #expect(navigation.error == nil)
    }

    /// The store's file in the app's folder, and its side files, removed.
    static func removeStore() throws {
        let url = try AppStoreLocation.url()
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())   // only when empty
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func theFirstLaunchStartsAfreshAndEachNextComesBack() async throws {
        try Self.removeStore()
        defer { try? Self.removeStore() }
        for _ in 0..<3 {
            await launch()
        }
        #expect(drawn.stacks == [[], [.mailbox("INBOX")], [.mailbox("INBOX"), .mailbox("INBOX")]])
        let url = try AppStoreLocation.url()
        #expect(url.lastPathComponent == "navigation.sqlite")
        #expect(url.deletingLastPathComponent().lastPathComponent == AppStoreLocation.folderName, "a folder of the app's own")
        // Each launch's model closed the store it opened: the .sqlite file alone holds every snapshot.
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        let copy = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: url.path, toPath: copy.path("navigation.sqlite"))
        let store = try SnapshotStore(readingAt: copy.path("navigation.sqlite"))
        #expect(try store.snapshots(session: "main").count == 3)
        #expect(try store.restoreOutcomes(session: "main").map(\.restoredRecords) == [1, 2], "each restore confirmed")
        #expect(try store.snapshots(session: "main").allSatisfy { $0.unconfirmedRestores == 0 })
    }
}

extension GettingStartedSnippets {
    /// Where to keep the store, as the article writes it: the model's own default place, so that
    /// an app that opens its store itself (to share it between scenes) finds the same file. In
    /// this suite, serialized, as the launches above use the same file.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func whereToKeepTheStore() async throws {
        try Self.removeStore()
        defer { try? Self.removeStore() }
        // snippet: application-support
        let folder = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask,
                                                 appropriateFor: nil, create: true)
            .appendingPathComponent(Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)   // the app's own folder
        let store = try SnapshotStore(path: folder.appendingPathComponent("navigation.sqlite").path)
        // end snippet
        #expect(URL(fileURLWithPath: store.path).resolvingSymlinksInPath() == (try AppStoreLocation.url()).resolvingSymlinksInPath(),
                "the navigation model's default")
        try await store.save(RestorationTree.drillDown(left: [RestorationRecord(identifier: "a")]), session: "discarded")
        let discardedSessions = [SceneSession(persistentIdentifier: "discarded")]
        // snippet: discarded-scenes
        for session in discardedSessions {
            try? await store.deleteSession(session.persistentIdentifier)
        }
        // end snippet
        #expect(try await store.beginRestore(session: "discarded") == .nothingSaved)
    }
}
