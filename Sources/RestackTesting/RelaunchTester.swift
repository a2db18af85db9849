import Restack
import RestackStore
import RestackTerminalText

/// Relaunches of an app's navigation, emulated in a test: a clean quit, or a crash, then a new
/// launch on the same store, and the text of what it restored.
///
/// ```swift
/// @Test func theInboxComesBackAfterAQuitButNotAfterACrashAtLaunch() async throws {
///     let app = try RelaunchTester(StackNavigation<Screen>())          // a first launch, on a store in memory
///     app.navigation.path = [.mailbox("INBOX"), .message(id: 42)]       // what the user does
///     let restored = await app.quitAndRelaunch()                        // the plan, as restore-inspect prints it
///     #expect(app.navigation.path == [.mailbox("INBOX"), .message(id: 42)])
///     #expect(restored.contains("2 restored, 0 dropped"))
///
///     app.navigation.path.removeLast()                                  // provisional: the launch is not confirmed
///     await app.crashAndRelaunch()                                      // killed before the launch was confirmed
///     #expect(app.navigation.path == [.mailbox("INBOX"), .message(id: 42)])
/// }
/// ```
///
/// Each launch is a `NavigationModel` on the tester's store, made as the app makes it:
/// ``navigation`` is the current one. The two verbs end it differently:
///
/// - ``quitAndRelaunch(coding:)``: a clean quit, as when the app goes to the background and is
///   terminated: the launch is confirmed and every change written (`NavigationModel.flush()`);
/// - ``crashAndRelaunch(coding:)``: a crash: the process is killed after the autosaver's last
///   write (the first change after a quiet interval is written at once), so the changes the
///   save interval still holds back are lost; and before the launch was confirmed (the tester's
///   clock never reaches the grace period), so a restored state that crashes is counted by the
///   crash-loop guard, and the saves of that launch are provisional: never restored.
///
/// Both return the text of what the next launch restored: the plan as `restore-inspect plan`
/// prints it (a heading, a row per record with what became of it and why, the notes), after a
/// line `fell back: N newer snapshots quarantined` when the crash-loop guard passed over some;
/// or what the launch found instead: `nothing saved`, `expired`, or the store's error.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class RelaunchTester<State: NavigationState> {
    /// The current launch's model: navigate it as the app does.
    public private(set) var navigation: NavigationModel<State>
    private let initial: State
    private let store: SnapshotStore
    private let session: String
    private var coding: RouteCoding<State.Route>
    private let clock = ManualClock()

    /// Launches the app a first time.
    ///
    /// - Parameters:
    ///   - initial: The state of a first launch, as the app gives it to its model.
    ///   - store: The store the launches share; by default a new one in memory.
    ///   - session: The session.
    ///   - coding: How routes become records, as the app gives it to its model.
    /// - Throws: The `StoreError` of making the store in memory.
    public init(_ initial: State, store: SnapshotStore? = nil, session: String = "main",
                coding: RouteCoding<State.Route> = RouteCoding()) throws(StoreError) {
        let store = if let store { store } else { try SnapshotStore.inMemory() }
        self.initial = initial
        self.store = store
        self.session = session
        self.coding = coding
        navigation = NavigationModel(initial, store: store, session: session, coding: coding, clock: clock)
    }

    /// Quits the app cleanly (confirmed, every change written, stopped), and launches it again.
    ///
    /// - Parameter coding: The next launch's coding, for an update that renames a route type
    ///   (aliases); by default this launch's.
    /// - Returns: The text of what the next launch restored.
    @discardableResult
    public func quitAndRelaunch(coding: RouteCoding<State.Route>? = nil) async -> String {
        await navigation.flush()
        await navigation.stop()
        return relaunch(coding)
    }

    /// Kills the app before its launch was confirmed, after the autosaver's last write (what the
    /// save interval holds back is lost), and launches it again.
    ///
    /// - Parameter coding: The next launch's coding, for an update that renames a route type
    ///   (aliases); by default this launch's.
    /// - Returns: The text of what the next launch restored.
    @discardableResult
    public func crashAndRelaunch(coding: RouteCoding<State.Route>? = nil) async -> String {
        await navigation.stop()
        return relaunch(coding)
    }

    private func relaunch(_ next: RouteCoding<State.Route>?) -> String {
        if let next { coding = next }
        navigation = NavigationModel(initial, store: store, session: session, coding: coding, clock: clock)
        return Self.text(of: navigation)
    }

    /// What a launch restored, in words.
    static func text(of navigation: NavigationModel<State>) -> String {
        switch navigation.answer {
        case .restore(let restoration)?:
            let skipped = restoration.skippedQuarantined.count
            let heading = skipped == 0 ? "" : "fell back: \(skipped) newer snapshot\(skipped == 1 ? "" : "s") quarantined\n"
            return heading + PlanText.plan(restoration.plan, of: restoration.snapshot.tree)
        case .expired?:
            return "expired"
        case .nothingSaved?:
            return "nothing saved"
        case nil:
            return "not restored: \(navigation.error.map { "\($0)" } ?? "no store")"
        }
    }
}
