import Foundation

extension SnapshotStore {
    /// Where a store reads the time now (``Options/clock``): for expiry, and for the time of
    /// the restore outcomes it records. The system's clock by default; a test sets its own.
    ///
    /// ```swift
    /// let launch = Date(timeIntervalSince1970: 1_800_000_000)
    /// let options = SnapshotStore.Options(clock: .init { launch })
    /// ```
    public struct TimeSource: Sendable {
        private let read: @Sendable () -> Date

        /// A clock that reads the time from `now`.
        public init(_ now: @escaping @Sendable () -> Date) {
            read = now
        }

        /// The system's clock.
        public static let system = TimeSource { Date() }

        /// The time now, by this clock.
        package func now() -> Date {
            read()
        }
    }
}
