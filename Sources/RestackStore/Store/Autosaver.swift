import Foundation
import Logging
import Restack

/// Saves a session's navigation state after every change, without blocking or interrupting the
/// code that navigates.
///
/// Call ``submit(_:)`` on every navigation change, from any thread or actor:
/// it returns at once. The autosaver writes in the background, one save at a time:
///
/// - bursts coalesce: while a save is in flight, only the latest submitted state waits, and it
///   is the next one written;
/// - order is kept: a state is never written after a state submitted later;
/// - a state identical to the one it wrote last (at first, to the snapshot a restore of the
///   session would give) is not written again;
/// - a failure (a full disk, a cap) goes to `onFailure` and the store's logger, once until a
///   save succeeds again: never into the navigation code; after a
///   ``StoreError/newerSchema(path:unknownMigrations:)`` (a newer Restack migrated the file while
///   the app ran) nothing more is written or tried, and every flush throws it;
/// - ``flush()`` returns once the latest state submitted before it is durable: call it when the
///   app moves to the background or terminates;
/// - a state the device's lock kept from being written (``StoreError/unavailable(path:)``) is
///   kept, and written once the file is available again: by the next submission (a newer state),
///   by ``flush()``, which tries it again at once, or by the autosaver itself, which tries again
///   after 1 second, then 2, 4... up to a minute, until it is written or a newer state replaces
///   it.
///
/// A ``NavigationModel`` paces its autosaver: the first change is written at once, then at most
/// one write starts per interval (the latest state waiting), and `flush()` writes at once.
///
/// It cooperates with the crash-loop guard: saves made between
/// `SnapshotStore.beginRestore` and `SnapshotStore.confirmRestore(_:)` are the
/// store's provisional ones.
///
/// ```swift
/// let autosaver = Autosaver(store: store, session: sceneID) { error in
///     log.error("navigation state not saved: \(error)")
/// }
/// autosaver.submit(currentTree)               // on every navigation change
/// try await autosaver.flush()                 // when the scene enters the background
/// ```
public actor Autosaver {
    /// The store saved to.
    package nonisolated let store: SnapshotStore
    /// The session saved.
    package nonisolated let session: String
    private let onFailure: (@Sendable (StoreError) -> Void)?
    nonisolated let mailbox = Mailbox()
    /// How writes are paced: the least time between the starts of two writes, and the clock.
    nonisolated let pacing: Pacing
    /// The time (nanoseconds, by the pacing's clock) before which the next write waits, unless a
    /// flush waits for it.
    private var nextWrite: UInt64 = 0
    /// The newest submission a flush waits for: written without waiting for the interval.
    private var urgent: UInt64 = 0
    /// The wait for the interval in progress, that a flush or `abandon()` cuts short.
    private var pause: Task<Void, Never>?
    /// Those waiting for the drain to end (`abandon()`).
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Whether `abandon()` was called: what the interval holds back is dropped.
    private var abandoned = false

    /// The tree the latest snapshot of the session holds, once known.
    private var latest: RestorationTree??
    /// The sequence number of the newest submission handled: written, found identical, or failed.
    private var handled: UInt64 = 0
    /// The failure of the newest submission handled, if it failed.
    var failure: StoreError?
    /// The failure last reported, so that one failure repeating is reported once.
    private var reported: StoreError?
    private var waiters: [(target: UInt64, continuation: CheckedContinuation<Void, Never>)] = []
    /// The newest state the device's lock kept from being written, and its retry
    /// (Autosaver+Unavailable.swift).
    var unwritten = Unwritten()

    /// How many snapshots this autosaver has written.
    package private(set) var snapshotsWritten = 0

    /// Creates an autosaver for one session of a store.
    ///
    /// - Parameters:
    ///   - store: The store; each snapshot records its ``SnapshotStore/Options/appVersion``.
    ///   - session: The session, such as a scene's persistent identifier.
    ///   - onFailure: Called, off the caller's actor, when a save fails (once until one
    ///     succeeds again); the store's logger hears of it too.
    public init(store: SnapshotStore, session: String, onFailure: (@Sendable (StoreError) -> Void)? = nil) {
        self.init(store: store, session: session, pacing: Pacing(), onFailure: onFailure)
    }

    /// Creates an autosaver that starts at most one write per interval of `pacing`: the first
    /// state at once, then the latest one waiting once the interval since the last write has
    /// passed, or at once for a flush.
    init(store: SnapshotStore, session: String, pacing: Pacing, onFailure: (@Sendable (StoreError) -> Void)? = nil) {
        self.store = store
        self.session = session
        self.pacing = pacing
        self.onFailure = onFailure
    }

    /// Submits the navigation state after a change; returns at once.
    public nonisolated func submit(_ tree: RestorationTree) {
        if mailbox.put(tree) {
            Task { await self.drain() }
        }
    }

    /// Returns once the latest state submitted before this call is durable.
    ///
    /// A state the device's lock kept from being written is tried again at once: the flush
    /// returns once it is written, or throws ``StoreError/unavailable(path:)`` when the file is
    /// still protected (the state stays kept, and is written once it is not).
    ///
    /// - Throws: The error that kept that state from being saved, if any.
    public func flush() async throws(StoreError) {
        retryUnwritten()
        let target = mailbox.submitted
        if handled < target {
            urgent = max(urgent, target)
            pause?.cancel()
            await withCheckedContinuation { waiters.append((target, $0)) }
        }
        if let failure {
            throw failure
        }
    }

    /// Writes the latest submission until none is waiting. One drain runs at a time (the
    /// mailbox starts it), so saves never overlap and always go in submission order.
    func drain() async {
        while true {
            await waitForInterval()
            guard let (document, sequence) = mailbox.take() else { break }
            let started = pacing.now()
            if await persist(document) {
                let (next, overflow) = started.addingReportingOverflow(pacing.interval)
                nextWrite = overflow ? .max : next
            }
            keepIfUnavailable(document)
            resumeWaiters(upTo: sequence)
        }
        let idle = idleWaiters
        idleWaiters = []
        for waiter in idle {
            waiter.resume()
        }
    }

    /// Waits until the interval since the last write has passed, unless a flush waits; once
    /// abandoned, drops what it would wait for instead.
    private func waitForInterval() async {
        let now = pacing.now()
        guard nextWrite > now, urgent <= handled else { return }
        if !abandoned {
            let (pacing, wait) = (pacing, nextWrite - now)
            let pause = Task { await pacing.sleep(wait) }
            self.pause = pause
            await pause.value
            self.pause = nil
        }
        if abandoned {
            mailbox.stop()
        }
    }

    /// Marks the submissions up to `sequence` handled, and resumes the flushes waiting for them.
    private func resumeWaiters(upTo sequence: UInt64) {
        handled = max(handled, sequence)
        let ready = waiters.filter { $0.target <= handled }
        waiters.removeAll { $0.target <= handled }
        for waiter in ready {
            waiter.continuation.resume()
        }
    }

    /// Stops saving, as a process killed after its last acknowledged write would: the write in
    /// flight, or due now, is finished; the state the interval holds back is dropped, and every
    /// later one ignored (a state the device's lock kept back too). Returns once no write is in
    /// flight; a flush waiting for a dropped state returns.
    func abandon() async {
        abandoned = true
        pause?.cancel()
        if mailbox.isDraining {
            await withCheckedContinuation { idleWaiters.append($0) }
        }
        mailbox.stop()
        unwritten = Unwritten()
        resumeWaiters(upTo: mailbox.submitted)
    }

    /// Writes `document` unless it is the session's latest state; returns whether the store was
    /// asked to write (whether it succeeded or failed).
    ///
    /// Once a newer Restack migrated the file (``StoreError/newerSchema(path:unknownMigrations:)``,
    /// reported once), nothing more is written nor tried: no later change can be saved to it,
    /// and the file is left as the newer library wrote it. A flush says so.
    private func persist(_ document: RestorationTree) async -> Bool {
        if case .newerSchema? = failure {
            return false
        }
        if latest == nil {
            // What a restore of the session would give now (never a quarantined or provisional
            // snapshot): a state equal to it is not written again.
            latest = .some(try? await store.restore(session: session).restoration?.snapshot.tree)
        }
        if latest == .some(document) {
            failure = nil
            return false
        }
        do {
            try await store.save(document, session: session)
            latest = .some(document)
            snapshotsWritten += 1
            failure = nil
            reported = nil
        } catch {
            failure = error
            if reported != error {
                reported = error
                onFailure?(error)
                store.options.logger?.error("autosave failed: \(error)", metadata: ["session": "\(session)"])
            }
        }
        return true
    }
}

extension Autosaver {
    /// How an autosaver paces its writes: the least time between the starts of two writes, and
    /// the clock it reads and waits on (nanoseconds): the system's uptime, or a test's clock.
    struct Pacing: Sendable {
        /// The least time between the starts of two writes; 0: a state is written as soon as the
        /// one before it is.
        var interval: UInt64 = 0
        /// The time now.
        var now: @Sendable () -> UInt64 = { StoreRestoration.uptime() }
        /// Waits this long, or less when its task is cancelled.
        var sleep: @Sendable (UInt64) async -> Void = { _ = try? await Task.sleep(nanoseconds: $0) }
    }

    /// The latest submission and its sequence number, shared by every caller of `submit`
    /// without waiting for the actor; and whether a drain is running.
    final class Mailbox: @unchecked Sendable {
        private let lock = NSLock()
        private var pending: (document: RestorationTree, sequence: UInt64)?
        private var sequence: UInt64 = 0
        private var draining = false
        private var stopped = false

        /// The sequence number of the latest submission.
        var submitted: UInt64 {
            lock.lock(); defer { lock.unlock() }
            return sequence
        }

        /// Whether a drain is running.
        var isDraining: Bool {
            lock.lock(); defer { lock.unlock() }
            return draining
        }

        /// Drops the waiting submission, and every later one.
        func stop() {
            lock.lock(); defer { lock.unlock() }
            stopped = true
            pending = nil
        }

        /// Keeps `document` as the latest submission; returns whether a drain must start.
        func put(_ document: RestorationTree) -> Bool {
            lock.lock(); defer { lock.unlock() }
            guard !stopped else { return false }
            sequence += 1
            pending = (document, sequence)
            guard !draining else { return false }
            draining = true
            return true
        }

        /// Submits `document` again when nothing newer waits and no drain runs (a newer state
        /// replaces it); returns whether a drain must start.
        func resubmit(_ document: RestorationTree) -> Bool {
            lock.lock(); defer { lock.unlock() }
            guard pending == nil, !draining, !stopped else { return false }
            sequence += 1
            pending = (document, sequence)
            draining = true
            return true
        }

        /// The latest submission, taken; `nil` (and the drain over) when none waits.
        func take() -> (RestorationTree, UInt64)? {
            lock.lock(); defer { lock.unlock() }
            guard let taken = pending else {
                draining = false
                return nil
            }
            pending = nil
            return taken
        }
    }
}
