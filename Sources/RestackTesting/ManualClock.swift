import Foundation

/// A clock whose time moves only when a test says: a sleep returns once ``advance(by:)`` has
/// moved the time to its deadline (or when its task is cancelled). The relaunch helpers never
/// advance theirs, so that a launch is confirmed by a flush only.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
package final class ManualClock: Clock, @unchecked Sendable {
    /// A point in the clock's time: the duration since its start.
    package struct Instant: InstantProtocol {
        var offset: Duration

        package func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        package func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        package static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        var id: UInt64
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var nextID: UInt64 = 0

    package init() {}

    package var now: Instant {
        lock.lock(); defer { lock.unlock() }
        return current
    }

    package var minimumResolution: Duration {
        .zero
    }

    /// How many sleeps wait for the time to move.
    package var waitingSleeps: Int {
        lock.lock(); defer { lock.unlock() }
        return sleepers.count
    }

    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = register()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if deadline <= current {
                    lock.unlock()
                    continuation.resume()
                } else {
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let cancelled = sleepers.firstIndex { $0.id == id }.map { sleepers.remove(at: $0) }
            lock.unlock()
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time on, and wakes every sleep whose deadline it reached.
    package func advance(by duration: Duration) {
        lock.lock()
        current = current.advanced(by: duration)
        let now = current
        let due = sleepers.filter { $0.deadline <= now }
        sleepers.removeAll { $0.deadline <= now }
        lock.unlock()
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }

    private func register() -> UInt64 {
        lock.lock(); defer { lock.unlock() }
        nextID += 1
        return nextID
    }
}
