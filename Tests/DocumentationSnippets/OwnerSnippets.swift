import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// An account, as the owners snippet takes it from an app.
struct Account {
    var id: String
}

/// The owners snippet of StorageAndUpgrades (an account's store, a logout), compiled and run.
@Suite("Owner documentation snippets")
@MainActor
struct OwnerSnippets {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aLogoutDeletesTheAccountsStateAndNoOtherAccounts() async throws {
        let folder = try TemporaryFolder()
        let storeURL = URL(fileURLWithPath: folder.path("navigation.sqlite"))
        let sceneID = "main"
        let other = try SnapshotStore(path: storeURL.path, options: .init(owner: "account-7"))
        try await other.save(RestorationTree.drillDown(left: [RestorationRecord(identifier: "seven", className: "Screen")]), session: sceneID)
        let account = Account(id: "account-42")
        do {
            let earlier = NavigationModel(StackNavigation<Screen>(), store: try SnapshotStore(path: storeURL.path, options: .init(owner: account.id)))
            earlier.path = [.mailbox("INBOX")]
            await earlier.flush()
        }

        // snippet: owners-logout
        // Signed in: a store value for the account. Everything it saves, restores, lists and
        // deletes is the account's; other accounts' sessions of the same names stay apart.
        let store = try SnapshotStore(path: storeURL.path, options: .init(owner: account.id))
        let model = NavigationModel(StackNavigation<Screen>(), store: store, session: sceneID)

        // Logging out: stop saving, then delete everything of the account in one call.
        await model.discard()
        try await store.deleteOwner()
        try await store.close()
        // end snippet

        #expect(model.path == [.mailbox("INBOX")], "the account's own state came back before the logout")
        let again = try SnapshotStore(path: storeURL.path, options: .init(owner: account.id))
        #expect(try again.sessions().isEmpty && again.restoreOutcomes().isEmpty)
        let kept = try await other.restore(session: sceneID).restored.snapshot.tree
        #expect(kept.allRecords.map(\.record.identifier) == ["seven"])
    }
}
