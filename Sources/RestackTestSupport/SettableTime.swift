import Foundation
import RestackStore

/// A clock a test sets and moves: the store reads the time from it. Not part of Restack's API.
public final class SettableTime: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Date

    public init(_ time: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.time = time
    }

    public var now: Date {
        get { lock.lock(); defer { lock.unlock() }; return time }
        set { lock.lock(); time = newValue; lock.unlock() }
    }

    /// Moves the clock by `seconds` (back when negative).
    public func advance(_ seconds: TimeInterval) {
        lock.lock(); time += seconds; lock.unlock()
    }

    public var clock: SnapshotStore.TimeSource {
        SnapshotStore.TimeSource { [self] in now }
    }
}

/// A day, in seconds.
public let day: TimeInterval = 24 * 3600
