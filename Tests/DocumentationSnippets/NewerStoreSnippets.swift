import Foundation
import GRDB
import Restack
import RestackStore
import RestackTestSupport
import Testing

// "A store from a newer Restack" in the launch article, compiled and run: an app tells
// `newerSchema` apart from its model's error.

@Suite("A store from a newer Restack, in the launch article")
@MainActor
struct NewerStoreSnippets {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anAppTellsANewerStoreApart() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("navigation.sqlite")
        try SnapshotStore(path: path).save(RestorationTree(root: .stack(StackContainer(records: []))), session: "main")
        let newer = try DatabaseQueue(path: path)
        try newer.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('restack.m999_from_a_newer_library')") }
        try newer.close()
        let navigation = NavigationModel(StackNavigation<Screen>(), storeURL: URL(fileURLWithPath: path))
        var bannerShown = false
        func showUpdateBanner() { bannerShown = true }
        // snippet: newer-store-banner
        if case .newerSchema? = navigation.error as? StoreError {
            showUpdateBanner()   // "Update the app to pick up where you left off"
        }
        // end snippet
        #expect(bannerShown)
        #expect(navigation.path.isEmpty)
    }
}
