import Foundation
import Restack
import RestackStore
import RestackTesting
import RestackTestSupport
import Testing

/// The mail app's screens, as version 1 saves them under the name `App.Screen`.
enum Screen: Codable, Hashable, Sendable {
    case mailbox(String)
    case message(id: Int)
    case search(String)
}

/// The same screens in version 2: `search` was removed.
enum ScreenWithoutSearch: Codable, Hashable, Sendable {
    case mailbox(String)
    case message(id: Int)
}

/// The same screens in another version 2: a message is now named by a string identifier.
enum ScreenWithStringIDs: Codable, Hashable, Sendable {
    case mailbox(String)
    case message(id: String)
    case search(String)
}

/// The app's tabs.
enum Tab: String, Codable, Hashable, Sendable {
    case mail, settings, search
}

/// The tabs of version 2: `search` was removed.
enum TabWithoutSearch: String, Codable, Hashable, Sendable {
    case mail, settings
}

/// A mailbox of the sidebar.
enum Mailbox: String, Codable, Hashable, Sendable {
    case inbox, sent, archive
}

/// The coding every test uses: the screens under one fixed name, so that versions share it.
func screens<Route: Codable & Sendable>(_ type: Route.Type = Screen.self) -> RouteCoding<Route> {
    RouteCoding<Route>(named: "App.Screen")
}

/// A model as the app makes it, on `store`, with a clock only the test moves and a save interval
/// long enough that nothing waiting for it is written during a test unless flushed.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
func model<State: NavigationState>(_ initial: State, on store: SnapshotStore, coding: RouteCoding<State.Route> = RouteCoding(named: "App.Screen"),
                                   clock: ManualClock = ManualClock(), saveInterval: Duration = .seconds(3600)) -> NavigationModel<State> {
    NavigationModel(initial, store: store, coding: coding, saveInterval: saveInterval, clock: clock)
}

/// Waits until `condition` holds, for at most 20 seconds, and says whether it did.
func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool) async rethrows -> Bool {
    for _ in 0..<2_000 {
        if try await condition() { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return try await condition()
}

/// How many snapshots the store has written for any session: its newest snapshot's id (ids are
/// never given twice), 0 when it has none.
func savesMade(_ store: SnapshotStore, session: String = "main") async -> Int64 {
    (try? store.latestSnapshot(session: session).info.id) ?? 0
}

/// The newest snapshot's tree of a session.
func latestTree(_ store: SnapshotStore, session: String = "main") async throws -> RestorationTree {
    try store.latestSnapshot(session: session).tree
}

/// A store opened for reading only, in `folder`: every save fails with `StoreError.readOnly`.
func readOnlyStore(in folder: TemporaryFolder) throws -> (store: SnapshotStore, path: String) {
    let path = folder.path("navigation.sqlite")
    _ = try SnapshotStore(path: path)
    return (try SnapshotStore(readingAt: path), path)
}
