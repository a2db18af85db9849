import Foundation

extension SnapshotStore {
    /// How long after it was saved a snapshot is still restored (``Options/expiry``): a user who
    /// comes back after longer starts afresh.
    ///
    /// ```swift
    /// var options = SnapshotStore.Options(appVersion: "3.0 (45)")   // recorded with each restore outcome
    /// options.expiry = try .init(after: 14 * 24 * 3600)              // a user back after two weeks starts afresh
    /// ```
    ///
    /// A snapshot's age is the distance between its save time and the clock's time now, **in
    /// either direction**. A snapshot dated in the future (the device's clock was set back, or the
    /// store was copied from a device whose clock ran ahead) is restored while it is dated less
    /// than the expiry ahead, and expired when it is dated further ahead: it is never restored for
    /// ever by accident (it expires at the latest an expiry after its save time, however far the
    /// clock was wrong), and never expired for ever either (once the clock comes back within the
    /// expiry of its date, it restores).
    ///
    /// Expiry is not retention: an expired snapshot is kept, visible in `snapshots(session:)`
    /// and `restore-inspect`, until the retention prunes it or the session is deleted.
    public struct Expiry: Hashable, Sendable {
        /// The age, in seconds, beyond which a snapshot is not restored; more than 0.
        package let age: TimeInterval

        /// An expiry after `age` seconds.
        ///
        /// - Throws: ``StoreError/invalidExpiry(age:)`` when `age` is 0 or less, or not a finite
        ///   number: such an expiry would expire every snapshot, which is deleting them by
        ///   another name (call `deleteSession(_:)` for that).
        public init(after age: TimeInterval) throws(StoreError) {
            guard age.isFinite, age > 0 else { throw .invalidExpiry(age: age) }
            self.age = age
        }

        /// Whether a snapshot saved at `savedAt` is expired at `now`: it is more than ``age``
        /// away from `now`, in the past or in the future.
        package func hasExpired(savedAt: Date, now: Date) -> Bool {
            abs(now.timeIntervalSince(savedAt)) > age
        }
    }
}
