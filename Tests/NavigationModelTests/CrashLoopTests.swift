import Foundation
import Restack
import RestackStore
import RestackTesting
import Testing

/// The launch's confirmation: when the model tells the crash-loop guard that the launch came up,
/// and what a launch that crashes before it gives.
@Suite("Confirming the launch")
@MainActor
struct CrashLoopTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aStateThatCrashesTwoLaunchesIsPassedOverByTheThird() async throws {
        let app = try RelaunchTester(StackNavigation<Screen>(), coding: screens())
        app.navigation.path = [.mailbox("INBOX")]
        await app.quitAndRelaunch()
        app.navigation.path.append(.message(id: 666))                 // the state that crashes the app
        await app.quitAndRelaunch()
        #expect(app.navigation.path == [.mailbox("INBOX"), .message(id: 666)])
        await app.crashAndRelaunch()                                     // the first crashed launch
        #expect(app.navigation.path == [.mailbox("INBOX"), .message(id: 666)])
        let third = await app.crashAndRelaunch()                        // the second one
        #expect(app.navigation.path == [.mailbox("INBOX")], "the state before")
        #expect(third.hasPrefix("fell back: 1 newer snapshot quarantined\n"), "\(third)")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func theSavesOfALaunchThatCrashedBeforeItWasConfirmedAreNeverRestored() async throws {
        let app = try RelaunchTester(StackNavigation<Screen>(), coding: screens())
        app.navigation.path = [.mailbox("INBOX")]
        await app.quitAndRelaunch()
        app.navigation.path.append(.message(id: 1))                     // written at once, provisional
        #expect(await eventually { await savesMade(app.navigation.store!) == 2 })
        await app.crashAndRelaunch()
        #expect(app.navigation.path == [.mailbox("INBOX")])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aCrashLosesWhatTheIntervalHeldBackAndKeepsWhatWasWritten() async throws {
        let app = try RelaunchTester(StackNavigation<Screen>(), coding: screens())   // a first launch: nothing to confirm
        app.navigation.path = [.mailbox("INBOX")]                        // written at once
        #expect(await eventually { await savesMade(app.navigation.store!) == 1 })
        app.navigation.path.append(.message(id: 1))                     // held back by the interval
        let text = await app.crashAndRelaunch()
        #expect(app.navigation.path == [.mailbox("INBOX")])
        #expect(text.hasPrefix("format 2 · layout regular · 1 restored, 0 dropped\n"), "\(text)")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func theGracePeriodConfirmsALaunchThatDidNotCrash() async throws {
        let store = try SnapshotStore.inMemory()
        let first = model(StackNavigation<Screen>(), on: store)
        first.path = [.mailbox("INBOX")]
        await first.flush()
        await first.stop()
        let clock = ManualClock()
        let launch = model(StackNavigation<Screen>(), on: store, clock: clock)
        #expect(await eventually { clock.waitingSleeps == 1 })
        #expect(try store.snapshots(session: "main").map(\.unconfirmedRestores) == [1])
        clock.advance(by: .seconds(1))
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(try store.snapshots(session: "main").map(\.unconfirmedRestores) == [1], "not before the grace period")
        clock.advance(by: .seconds(1))
        #expect(try await eventually { try store.snapshots(session: "main").map(\.unconfirmedRestores) == [0] })
        #expect(try store.restoreOutcomes(session: "main").count == 1)
        _ = launch
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aFlushConfirmsTheLaunchBeforeTheGracePeriod() async throws {
        let store = try SnapshotStore.inMemory()
        let first = model(StackNavigation<Screen>(), on: store)
        first.path = [.mailbox("INBOX")]
        await first.flush()
        await first.stop()
        let launch = model(StackNavigation<Screen>(), on: store)
        launch.path.append(.message(id: 1))                              // provisional until confirmed
        await launch.flush()
        let history = try store.snapshots(session: "main")
        #expect(history.map(\.unconfirmedRestores) == [0, 0])
        #expect(history.allSatisfy { !$0.isProvisional })
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aChangeDoesNotConfirmTheLaunch() async throws {
        let store = try SnapshotStore.inMemory()
        let first = model(StackNavigation<Screen>(), on: store)
        first.path = [.mailbox("INBOX")]
        await first.flush()
        await first.stop()
        let launch = model(StackNavigation<Screen>(), on: store)
        launch.path.append(.message(id: 1))                              // SwiftUI writing back a path
        #expect(await eventually { await savesMade(store) == 2 })
        #expect(try store.snapshots(session: "main").map(\.isProvisional) == [false, true], "oldest first")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aModelMadeAgainWhileOneIsAliveDoesNotRestoreAgain() async throws {
        let store = try SnapshotStore.inMemory()
        let first = model(StackNavigation<Screen>(), on: store)
        first.path = [.mailbox("INBOX")]
        await first.flush()
        await first.stop()
        let launch = model(StackNavigation<Screen>(), on: store)        // the instance SwiftUI keeps
        launch.path.append(.message(id: 1))
        let again = model(StackNavigation<Screen>(), on: store)         // a view's @State made again
        #expect(again.path == [.mailbox("INBOX"), .message(id: 1)], "the live model's state")
        #expect(again.restored == launch.restored)
        #expect(try store.snapshots(session: "main").first?.unconfirmedRestores == 1, "one launch counted")
        await launch.stop()
        let next = model(StackNavigation<Screen>(), on: store)          // the next launch
        #expect(try store.snapshots(session: "main").first?.unconfirmedRestores == 2)
        _ = (again, next)
    }
}
