import Foundation
import Restack
import RestackStore
import RestackTesting
import RestackTestSupport
import Testing

/// What a launch restores after an update: the routes that still decode, and why the others
/// were dropped.
@Suite("Restoring after an update")
@MainActor
struct RestoreTests {
    /// Version 1 saves a mailbox, a search on it, then a message.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    func savedByVersion1() async throws -> SnapshotStore {
        let store = try SnapshotStore.inMemory()
        let version1 = model(StackNavigation<Screen>(), on: store)
        version1.path = [.mailbox("INBOX"), .search("invoices"), .message(id: 42)]
        await version1.flush()
        await version1.stop()
        return store
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aRouteCaseRemovedInAnUpdateIsDroppedAndTheStackEndsBelowIt() async throws {
        let store = try await savedByVersion1()
        let version2 = model(StackNavigation<ScreenWithoutSearch>(), on: store, coding: screens(ScreenWithoutSearch.self))
        #expect(version2.path == [.mailbox("INBOX")])
        let plan = try #require(version2.restored)
        #expect(plan.dropped.map(\.reason) == [.stalePayload, .truncated])
        #expect(plan.dropped.map(\.path.description) == ["records[1]", "records[2]"])
        #expect(version2.error == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aRouteWhosePayloadChangedShapeIsDroppedStale() async throws {
        let store = try await savedByVersion1()
        let version2 = model(StackNavigation<ScreenWithStringIDs>(), on: store, coding: screens(ScreenWithStringIDs.self))
        #expect(version2.path == [.mailbox("INBOX"), .search("invoices")])
        #expect(version2.restored?.dropped.map(\.reason) == [.stalePayload])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aRouteTypeRenamedInAnUpdateRestoresThroughItsAlias() async throws {
        let store = try await savedByVersion1()
        let renamed = RouteCoding<Screen>(named: "App.Route", aliases: try ClassAliases(["App.Screen": "App.Route"]))
        let version2 = model(StackNavigation<Screen>(), on: store, coding: renamed)
        #expect(version2.path == [.mailbox("INBOX"), .search("invoices"), .message(id: 42)])
        #expect(version2.restored?.restoredRecords.allSatisfy { $0.renamedFrom == "App.Screen" } == true)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aStateSavedLongerAgoThanTheExpiryRestoresTheInitialState() async throws {
        let time = SettableTime()
        var options = SnapshotStore.Options(clock: time.clock)
        options.expiry = try .init(after: 14 * day)
        let app = try RelaunchTester(StackNavigation<Screen>(), store: try SnapshotStore.inMemory(options: options), coding: screens())
        app.navigation.path = [.mailbox("INBOX")]
        await app.quitAndRelaunch()
        #expect(app.navigation.path == [.mailbox("INBOX")], "within the expiry")
        time.advance(15 * day)
        let text = await app.quitAndRelaunch()
        #expect(app.navigation.path == [])
        #expect(app.navigation.restored == nil)
        #expect(text == "expired")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aStoreThatCannotBeOpenedLeavesTheInitialStateAndSaysWhy() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/navigation.sqlite")
        let navigation = NavigationModel(StackNavigation<Screen>(path: [.mailbox("INBOX")]), storeURL: missing, coding: screens())
        #expect(navigation.path == [.mailbox("INBOX")])
        #expect(navigation.error as? StoreError == .directoryNotFound(path: missing.path))
        navigation.path.append(.message(id: 1))                    // goes nowhere, throws nothing
        await navigation.flush()
        #expect(navigation.path.count == 2)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aStoreWhoseEverySnapshotIsQuarantinedStartsAfreshAndSaysWhy() async throws {
        let store = try SnapshotStore.inMemory()
        let info = try await store.save(try screens().tree(for: [Screen.mailbox("INBOX")]), session: "main")
        for _ in 0..<2 {
            _ = try await store.beginRestore(session: "main")       // two launches that crashed
        }
        let navigation = model(StackNavigation<Screen>(), on: store)
        #expect(navigation.path == [])
        #expect(navigation.error as? StoreError == .noRestorableSnapshot(session: "main", quarantined: [info.id]))
        navigation.path = [.mailbox("Sent")]
        await navigation.flush()
        #expect(try await latestTree(store) == (try screens().tree(for: [.mailbox("Sent")])), "saving goes on")
    }

    /// A store opened for reading only (a read-only medium, a disk full at opening) still gives the
    /// user's screens back, without the crash-loop guard, whose bookkeeping is a write: nothing is
    /// counted, and there is nothing to confirm.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aStoreOpenedForReadingOnlyStillRestoresWithoutCountingTheLaunch() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("navigation.sqlite")
        let writable = try SnapshotStore(path: path)
        let first = model(StackNavigation<Screen>(), on: writable)
        first.path = [.mailbox("INBOX")]
        await first.flush()
        await first.stop()
        let clock = ManualClock()
        let launch = model(StackNavigation<Screen>(), on: try SnapshotStore(readingAt: path), clock: clock)
        #expect(launch.path == [.mailbox("INBOX")])
        #expect(launch.error == nil)
        #expect(launch.answer?.restoration?.snapshot.info.id == 1)
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(clock.waitingSleeps == 0, "no confirmation waits for the grace period")
        await launch.flush()
        #expect(launch.error == nil, "no confirmation attempted")
        #expect(try writable.snapshots(session: "main").map(\.unconfirmedRestores) == [0], "nothing counted")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func aFailedSaveIsAnObservableErrorNeverThrown() async throws {
        let folder = try TemporaryFolder()
        let (store, path) = try readOnlyStore(in: folder)
        let navigation = model(StackNavigation<Screen>(), on: store)
        navigation.path = [.mailbox("INBOX")]
        await navigation.flush()
        #expect(navigation.error as? StoreError == .readOnly(path: path))
    }
}
