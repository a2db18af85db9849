import Foundation
import Restack
import RestackStore
import RestackTesting
import Testing

/// A scene discarded for good: its session deleted, nothing saved after.
@Suite("A discarded scene")
@MainActor
struct DiscardTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aDiscardedSessionIsDeletedAndNothingIsSavedAfter() async throws {
        let store = try SnapshotStore.inMemory()
        _ = try await store.save(try screens().tree(for: [Screen.mailbox("Other")]), session: "other")
        let navigation = model(StackNavigation<Screen>(), on: store)
        navigation.path = [.mailbox("INBOX")]
        await navigation.flush()
        await navigation.discard()
        navigation.path.append(.message(id: 1))
        await navigation.flush()
        #expect(try store.sessions().map(\.name) == ["other"])
        let next = model(StackNavigation<Screen>(), on: store)
        #expect(next.answer == .nothingSaved)
        #expect(next.path == [])
    }
}
