import Foundation
import Restack
import RestackStore
import RestackTesting
import RestackTestSupport
import Testing

/// A first launch: nothing saved, the initial state, and saving from the first change.
@Suite("A first launch")
@MainActor
struct FirstLaunchTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aFirstLaunchShowsTheInitialStateAndRestoresNothing() throws {
        let store = try SnapshotStore.inMemory()
        let navigation = model(StackNavigation<Screen>(path: [.mailbox("INBOX")]), on: store)
        #expect(navigation.path == [.mailbox("INBOX")])
        #expect(navigation.restored == nil)
        #expect(navigation.error == nil)
        #expect(navigation.answer == .nothingSaved)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func theFirstChangeIsWrittenAtOnceWithoutAFlush() async throws {
        let store = try SnapshotStore.inMemory()
        let navigation = model(StackNavigation<Screen>(), on: store)   // an interval of an hour
        navigation.path.append(.mailbox("INBOX"))
        #expect(await eventually { await savesMade(store) == 1 })
        #expect(try await latestTree(store) == (try screens().tree(for: [.mailbox("INBOX")])))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func changesWithinTheIntervalWaitAndAFlushWritesOnlyTheLatest() async throws {
        let store = try SnapshotStore.inMemory()
        let navigation = model(StackNavigation<Screen>(), on: store)
        navigation.path = [.mailbox("INBOX")]
        #expect(await eventually { await savesMade(store) == 1 })
        navigation.path.append(.message(id: 1))
        navigation.path.append(.message(id: 2))
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(await savesMade(store) == 1, "a change within the interval waits")
        await navigation.flush()
        #expect(await savesMade(store) == 2, "coalesced: one write for two changes")
        #expect(try await latestTree(store) == (try screens().tree(for: [.mailbox("INBOX"), .message(id: 1), .message(id: 2)])))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aChangeAfterTheIntervalIsWrittenWithoutAFlush() async throws {
        let store = try SnapshotStore.inMemory()
        let clock = ManualClock()
        let navigation = model(StackNavigation<Screen>(), on: store, clock: clock, saveInterval: .seconds(1))
        navigation.path = [.mailbox("INBOX")]
        #expect(await eventually { await savesMade(store) == 1 })
        navigation.path = [.mailbox("Sent")]
        #expect(await eventually { clock.waitingSleeps == 1 }, "the change waits for the interval")
        clock.advance(by: .seconds(1))
        #expect(try await eventually { (try? await latestTree(store)) == (try screens().tree(for: [.mailbox("Sent")])) })
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func anIdenticalStateIsNotWrittenAgain() async throws {
        let store = try SnapshotStore.inMemory()
        let navigation = model(StackNavigation<Screen>(), on: store)
        navigation.path = [.mailbox("INBOX")]
        await navigation.flush()
        navigation.path = [.mailbox("INBOX"), .message(id: 1)]
        navigation.path.removeLast()
        await navigation.flush()
        #expect(await savesMade(store) == 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aLaunchThatChangesNothingWritesNothing() async throws {
        let app = try RelaunchTester(StackNavigation<Screen>(), coding: screens())
        app.navigation.path = [.mailbox("INBOX")]
        await app.quitAndRelaunch()
        await app.quitAndRelaunch()
        #expect(app.navigation.path == [.mailbox("INBOX")])
        #expect(await savesMade(app.navigation.store!) == 1, "a restored state is not written back")
    }
}
