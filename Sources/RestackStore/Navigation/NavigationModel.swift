import Foundation
import Observation
import Restack

/// An app's navigation, observable, restored at launch and saved on every change: bind its paths
/// to SwiftUI's navigation views and it does the rest.
///
/// ```swift
/// let navigation = NavigationModel(StackNavigation<Screen>())   // restored now, before the first frame
/// showScreens(navigation.path)                                    // the app draws its screens
/// for dropped in navigation.restored?.dropped ?? [] {
///     print("not restored: \(dropped.path): \(dropped.reason)")   // stale-payload, truncated, ...
/// }
/// navigation.path.append(.mailbox("INBOX"))                       // the user navigates: saved
/// await navigation.flush()                                        // the app goes to the background
/// ```
///
/// In SwiftUI, `NavigationStack(path: $navigation.path)` (the model reaches its state's
/// properties by dynamic member lookup), and `await navigation.flush()` when the scene goes to the
/// background (<doc:GettingStarted>). The model:
///
/// - **restores in its initializer**, synchronously, so that the first frame shows the restored
///   screens: a first launch and a state saved longer ago than the store's expiry give the initial
///   state; otherwise the routes that still decode, and ``restored`` says what was dropped and why;
/// - **saves every change** of ``state`` off the main actor: the first change at once, then at
///   most one write per `saveInterval` (the latest state waiting), and ``flush()`` writes what is
///   pending at once; a failure is ``error``, never thrown into navigation code;
/// - **confirms the launch** to the crash-loop guard at the first ``flush()`` or once
///   `confirmAfter` has passed since the restore, whichever comes first: a state that crashes the
///   app while its first screens are drawn is not confirmed, and stops being restored after a
///   few launches (<doc:LaunchSequence>); until then its saves are provisional;
/// - **merges deep links** by the deep-link rules (``open(path:push:)``);
/// - **deletes its session** when the scene is discarded (``discard()``).
///
/// Creating it never throws: a store that cannot be opened or read leaves the model on its
/// initial state with ``error`` set, and saving goes nowhere. A store a newer Restack migrated
/// (a TestFlight build, then the App Store build again) is
/// ``StoreError/newerSchema(path:unknownMigrations:)``, said once: the file is left byte for
/// byte, and no change is tried against it (<doc:LaunchSequence#A-store-from-a-newer-Restack>).
///
/// Create one model per scene: in the `App` for an app with one window. A view's `@State` initial
/// value is evaluated each time SwiftUI makes the view value, and the first instance is kept: a
/// model made while another of the same store file and session is alive in the process starts
/// from that model's state, and neither restores nor confirms, so that the crash-loop guard sees
/// one launch.
///
/// ## Topics
///
/// ### Creating a model
/// - ``init(_:store:session:coding:saveInterval:confirmAfter:clock:)``
///
/// ### The state
/// - ``state``
/// - ``subscript(dynamicMember:)``
/// - ``restored``
/// - ``error``
///
/// ### Saving, links and discarded scenes
/// - ``flush()``
/// - ``open(path:push:)``
/// - ``discard()``
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
@dynamicMemberLookup
public final class NavigationModel<State: NavigationState> {
    /// The navigation state; every change is saved.
    public var state: State {
        didSet {
            if state != oldValue { save() }
        }
    }

    /// What the launch restored: the plan, with every route dropped and why (a route case
    /// removed, a payload whose shape changed); `nil` on a first launch, for an expired state, and
    /// when the store could not be read.
    public private(set) var restored: RestorationPlan?

    /// The latest failure: the store could not be opened or read (a ``StoreError``), a save or the
    /// launch's confirmation failed (a ``StoreError``), or a route could not be encoded (a
    /// `RouteCodingError`). A flush that writes everything clears a save's failure.
    public internal(set) var error: (any Error)?

    /// The session saved: the scene's identifier.
    @ObservationIgnored package let session: String
    /// The store, or `nil` when it could not be opened.
    @ObservationIgnored package let store: SnapshotStore?
    /// What the launch's restore answered: the snapshot restored (its identifier, and the newer
    /// ones the crash-loop guard passed over), a snapshot that expired, or nothing saved; `nil`
    /// when the store could not be opened or read (``error`` says why). An app that tells its
    /// user what came back reads it (``restored`` is the plan).
    @ObservationIgnored
    public private(set) var answer: RestoreAnswer<StoreRestoration>?
    @ObservationIgnored let coding: RouteCoding<State.Route>
    @ObservationIgnored private let autosaver: Autosaver?
    /// The restore awaiting its confirmation.
    @ObservationIgnored private var pending: StoreRestoration?
    /// The confirmation once the grace period has passed.
    @ObservationIgnored private var graceTimer: Task<Void, Never>?
    /// The confirmation in flight, that a flush waits for.
    @ObservationIgnored private var confirmation: Task<Void, Never>?
    /// The autosaver's failures, read on the main actor.
    @ObservationIgnored private var failures: Task<Void, Never>?
    /// Whether the model stopped saving (discarded, or shut down).
    @ObservationIgnored private var stopped = false
    /// Whether the model opened its store itself (the app's default place), and closes it.
    @ObservationIgnored private var ownsStore = false

    /// Creates the model and restores the session now, before the first frame.
    ///
    /// - Parameters:
    ///   - initial: The state of a first launch, which what restores overwrites.
    ///   - store: The store; by default (`nil`), `navigation.sqlite` in a folder of the app's own
    ///     in Application Support, named by its bundle identifier (<doc:WhereToKeepTheStore>),
    ///     created if missing and opened now. Give a store the app opened for another place (an
    ///     app group's container), one store shared by several scenes, or
    ///     `SnapshotStore.inMemory()` in previews and tests.
    ///   - session: The session: the scene's identifier; `"main"` for an app with one window.
    ///   - coding: How routes become records; by default, one `Codable` route type saved under
    ///     its fully qualified name. Give one with aliases for a renamed route type, or several
    ///     route types (`RouteCoding`).
    ///   - saveInterval: The least time between two writes; the first change is written at once.
    ///   - confirmAfter: How long after the restore the launch is confirmed if no ``flush()``
    ///     confirmed it before.
    ///   - clock: The clock of the two durations (tests give their own).
    public convenience init(_ initial: State, store: SnapshotStore? = nil, session: String = "main", coding: RouteCoding<State.Route> = RouteCoding(),
                            saveInterval: Duration = .seconds(1), confirmAfter: Duration = .seconds(2), clock: any Clock<Duration> = ContinuousClock()) {
        if let store {
            self.init(initial, opened: .success(store), session: session, coding: coding, saveInterval: saveInterval, confirmAfter: confirmAfter, clock: clock)
        } else {
            self.init(initial, storeURL: nil, session: session, coding: coding, saveInterval: saveInterval, confirmAfter: confirmAfter, clock: clock)
        }
    }

    /// Creates the model on the store at `storeURL`, or at the app's own location for `nil`,
    /// opened now (an error opening it is ``error``), and restores the session now.
    package convenience init(_ initial: State, storeURL: URL?, session: String = "main", coding: RouteCoding<State.Route> = RouteCoding(),
                             saveInterval: Duration = .seconds(1), confirmAfter: Duration = .seconds(2), clock: any Clock<Duration> = ContinuousClock()) {
        let opened = Result { () throws(StoreError) -> SnapshotStore in
            let url = if let storeURL { storeURL } else { try AppStoreLocation.url() }
            return try SnapshotStore(path: url.path)
        }
        self.init(initial, opened: opened, session: session, coding: coding, saveInterval: saveInterval, confirmAfter: confirmAfter, clock: clock)
        ownsStore = true
    }

    private init(_ initial: State, opened: Result<SnapshotStore, StoreError>, session: String, coding: RouteCoding<State.Route>,
                 saveInterval: Duration, confirmAfter: Duration, clock: any Clock<Duration>) {
        self.session = session
        self.coding = coding
        let (failures, failed) = AsyncStream<StoreError>.makeStream()
        var state = initial
        var launch: Result<RestoreAnswer<StoreRestoration>, StoreError>?
        var twin: NavigationModel<State>?
        switch opened {
        case .success(let store):
            self.store = store
            autosaver = Autosaver(store: store, session: session, pacing: Self.pacing(saveInterval, on: clock)) { failed.yield($0) }
            if let live = LiveModels.model(for: LiveModels.Key(store, session: session)) as? NavigationModel<State> {
                // Made again while alive (a view's `@State` initial value): no second restore.
                state = live.state
                twin = live
            } else {
                launch = Result { () throws(StoreError) in try Self.restore(session, from: store, coding: coding, onto: &state) }
            }
        case .failure(let failure):
            store = nil
            autosaver = nil
            launch = .failure(failure)
        }
        self.state = state
        switch launch {
        case .success(let answer)?:
            self.answer = answer
            restored = answer.restoration?.plan
            // A store opened for reading only restores without the crash-loop guard, whose
            // bookkeeping is a write: nothing was counted, so nothing is confirmed.
            pending = store?.isReadOnly == true ? nil : answer.restoration
        case .failure(let failure)?:
            error = failure
            // A newer Restack migrated the file: no save of this process can go there, and
            // trying each change would only meet the same refusal. The model says so once.
            if case .newerSchema = failure { stopped = true }
        case nil:
            answer = twin?.answer
            restored = twin?.restored
            error = twin?.error
        }
        if let store, twin == nil {
            LiveModels.register(self, for: LiveModels.Key(store, session: session))
        }
        self.failures = Task { [weak self] in
            for await failure in failures {
                self?.error = failure
            }
        }
        if pending != nil {
            graceTimer = Task { [weak self] in
                do {
                    try await clock.sleep(for: confirmAfter)
                } catch {
                    return
                }
                self?.confirm()
            }
        }
    }

    /// The autosaver's pacing: `interval` on `clock`.
    private static func pacing<C: Clock>(_ interval: Duration, on clock: C) -> Autosaver.Pacing where C.Duration == Duration {
        let start = clock.now
        return Autosaver.Pacing(interval: interval.nanoseconds,
                                now: { start.duration(to: clock.now).nanoseconds },
                                sleep: { _ = try? await clock.sleep(for: .nanoseconds($0)) })
    }

    /// The restore at launch, synchronous (the store's lean launch connection serves it): the
    /// crash-loop guard's choice, counted, planned with each route decoded once, read into
    /// `state`. A store opened for reading only is restored without counting (as
    /// `SnapshotStore.restore(session:)` does): its saves fail, but the user's screens come back.
    private static func restore(_ session: String, from store: SnapshotStore, coding: RouteCoding<State.Route>,
                                onto state: inout State) throws(StoreError) -> RestoreAnswer<StoreRestoration> {
        let counts = !store.isReadOnly
        let begunAt = counts ? StoreRestoration.uptime() : nil
        let request = store.restoreRequest(session: session, counts: counts)
        switch try store.loaded(store.answer(store.loadForRestore(request), request), begunAt: begunAt) {
        case .restore(let loaded):
            let routes = coding.restore(loaded.snapshot.tree, others: State.othersResolver,
                                        policies: loaded.policies, snapshotAge: loaded.snapshotAge)
            state.restore(from: routes)
            return .restore(loaded.restoration(with: routes.plan))
        case .expired(let info):
            return .expired(info)
        case .nothingSaved:
            return .nothingSaved
        }
    }

    /// The state's properties, read and written through the model: `navigation.path`, and in
    /// SwiftUI `$navigation.path`.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<State, Value>) -> Value {
        get { state[keyPath: keyPath] }
        set { state[keyPath: keyPath] = newValue }
    }

    // MARK: - Saving and confirming

    /// Submits the state to the autosaver: returns at once.
    private func save() {
        guard let autosaver, !stopped else { return }
        do {
            autosaver.submit(try state.tree(coding))
        } catch {
            self.error = error
        }
    }

    /// Starts the launch's confirmation, once.
    private func confirm() {
        guard let restoration = pending, let store else { return }
        pending = nil
        graceTimer?.cancel()
        confirmation = Task { [weak self] in
            do {
                try await store.confirmRestore(restoration)
            } catch {
                self?.error = error
            }
        }
    }

    /// Confirms the launch (the scene came up), then writes what is pending at once; returns once
    /// it is on disk. Call it when the scene goes to the background. A failure is ``error``.
    public func flush() async {
        confirm()
        await confirmation?.value
        guard let autosaver, !stopped else { return }
        do {
            try await autosaver.flush()
            if error is StoreError { error = nil }
        } catch {
            self.error = error
        }
    }

    /// Deletes the session (the user closed the scene for good: UIKit's
    /// `application(_:didDiscardSceneSessions:)`, a document window closed), and stops saving:
    /// the next model of this session starts as on a first launch. A store the model opened
    /// itself is closed (its folder then holds the `.sqlite` file alone).
    public func discard() async {
        await stop(closing: false)
        do {
            try await store?.deleteSession(session)
        } catch {
            self.error = error
        }
        await closeOwnedStore()
    }

    /// Stops saving, as a process killed after its last acknowledged write: no confirmation
    /// (the launch's restore stays unconfirmed unless it was confirmed), pending changes dropped;
    /// returns once no write or confirmation is in flight, and closes a store the model opened
    /// itself. The relaunch helpers' end of a launch.
    package func stop() async {
        await stop(closing: true)
    }

    private func stop(closing: Bool) async {
        if let store {
            LiveModels.remove(self, for: LiveModels.Key(store, session: session))
        }
        stopped = true
        pending = nil
        graceTimer?.cancel()
        await confirmation?.value
        await autosaver?.abandon()
        if closing {
            await closeOwnedStore()
        }
    }

    /// Closes the store when the model opened it itself: every snapshot in its `.sqlite` file.
    private func closeOwnedStore() async {
        guard ownsStore, let store else { return }
        do {
            try await store.close()
        } catch {
            self.error = error
        }
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension Duration {
    /// The duration in nanoseconds: 0 for a negative one, at most `UInt64.max`.
    var nanoseconds: UInt64 {
        guard self > .zero else { return 0 }
        let (seconds, attoseconds) = components
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return overflow || carry ? .max : total
    }
}
