import Foundation
import Restack

/// What one restore gave, as the store recorded it when the app confirmed it (or when it found
/// the snapshot expired): classes and reasons only, never payloads or identifiers.
///
/// Outcomes are read with `restoreOutcomes(session:)` and summed per app
/// version by ``RestoreOutcomeReport`` (`restore-inspect report`).
public struct RestoreOutcome: Hashable, Sendable {
    /// Whether the restore restored a state.
    public enum Result: String, Hashable, Sendable, CaseIterable {
        /// The app rebuilt a plan and confirmed it.
        case restored
        /// The snapshot had expired: nothing was restored.
        case expired
        /// The app rebuilt a plan from an older snapshot and confirmed it: newer ones, saved by a
        /// newer app version than the running one, were passed over
        /// (``SnapshotStore/Options/restoresNewerAppVersions`` false). A snapshot of a newer
        /// version that was restored is ``restored``, its ``snapshotAppVersion`` newer than the
        /// outcome's ``appVersion``.
        case restoredOlder = "restored-older"
    }

    /// How many records of one class a restore dropped for one reason.
    public struct DropCount: Hashable, Sendable {
        /// Why they were dropped.
        public var reason: DropReason
        /// Their class as saved; `nil` for records saved without one.
        public var className: String?
        /// How many.
        public var count: Int

        /// Creates a count.
        package init(reason: DropReason, className: String?, count: Int) {
            self.reason = reason
            self.className = className
            self.count = count
        }
    }

    /// The outcome's id: growing with each one recorded; 0 before it is recorded.
    package var id: Int64
    /// The session restored.
    public var session: String
    /// When the restore was confirmed (or found expired), by the store's clock.
    public var recordedAt: Date
    /// The version of the app that restored (``SnapshotStore/Options/appVersion``).
    public var appVersion: String?
    /// The snapshot restored, or passed over as expired. It may since have been pruned.
    public var snapshotID: Int64
    /// The version of the app that saved that snapshot.
    public var snapshotAppVersion: String?
    /// Whether a state was restored.
    public var result: Result
    /// The layout the plan was made for; `nil` for an expired restore.
    public var layout: Layout?
    /// How many newer snapshots the crash-loop guard passed over as quarantined.
    public var skippedQuarantined: Int
    /// How many records the plan restored.
    public var restoredRecords: Int
    /// The records the plan dropped, by reason and class, most first.
    public var drops: [DropCount]
    /// From the beginning of the restore to its confirmation; `nil` when the restoration was
    /// not begun by `beginRestore` (a plan made from a peek or by hand), or for an expired one.
    public var duration: TimeInterval?

    /// Whether the crash-loop guard fell back to an older snapshot.
    public var fellBack: Bool {
        skippedQuarantined > 0
    }

    /// Whether the snapshot restored (or found expired) was saved by a newer app version than the
    /// one that restored it, by ``SnapshotStore/Options/restoresNewerAppVersions``'s comparison.
    package var snapshotIsNewer: Bool {
        AppVersionOrder.isNewer(snapshotAppVersion, than: appVersion)
    }

    /// How many records the plan dropped (at most `Int.max`: the sum saturates, never traps).
    package var droppedRecords: Int {
        drops.reduce(0) { saturatingSum($0, $1.count) }
    }

    /// The largest count a stored outcome holds: what a 32-bit `Int` (watchOS) holds, so that
    /// every platform reads a store alike. No restore restores, drops or passes over 2^31 records
    /// or snapshots: a larger stored count is damage, read as ``StoreError/corrupt(path:detail:)``
    /// and reported by `check()`.
    static let maxCount = Int(Int32.max)

    /// Creates an outcome. Outcomes normally come from a ``SnapshotStore``.
    package init(
        id: Int64 = 0, session: String, recordedAt: Date, appVersion: String?, snapshotID: Int64, snapshotAppVersion: String?,
        result: Result, layout: Layout?, skippedQuarantined: Int, restoredRecords: Int, drops: [DropCount], duration: TimeInterval?
    ) {
        self.id = id
        self.session = session
        self.recordedAt = recordedAt
        self.appVersion = appVersion
        self.snapshotID = snapshotID
        self.snapshotAppVersion = snapshotAppVersion
        self.result = result
        self.layout = layout
        self.skippedQuarantined = skippedQuarantined
        self.restoredRecords = restoredRecords
        self.drops = drops
        self.duration = duration
    }

    /// The outcome of a confirmed restoration: its plan's restored records, and its dropped
    /// ones counted by reason and saved class.
    init(_ restoration: StoreRestoration, appVersion: String?, at now: Date, duration: TimeInterval?) {
        self.init(
            session: restoration.snapshot.info.session, recordedAt: now, appVersion: appVersion, snapshotID: restoration.snapshot.info.id,
            snapshotAppVersion: restoration.snapshot.info.appVersion, result: restoration.passedOverNewer.isEmpty ? .restored : .restoredOlder,
            layout: restoration.plan.layout,
            skippedQuarantined: restoration.skippedQuarantined.count, restoredRecords: restoration.plan.restoredRecords.count,
            drops: Self.count(restoration.plan.dropped), duration: duration
        )
    }

    /// The outcome of a restore that found `info` expired.
    init(expired info: SnapshotInfo, skippedQuarantined: Int, appVersion: String?, at now: Date) {
        self.init(
            session: info.session, recordedAt: now, appVersion: appVersion, snapshotID: info.id, snapshotAppVersion: info.appVersion,
            result: .expired, layout: nil, skippedQuarantined: skippedQuarantined, restoredRecords: 0, drops: [], duration: nil
        )
    }

    /// Dropped records counted by reason and class, most first (then by reason and class).
    static func count(_ dropped: [RestorationPlan.Dropped]) -> [DropCount] {
        var counts: [DropKey: Int] = [:]
        for entry in dropped {
            counts[DropKey(reason: entry.reason, className: entry.record.className), default: 0] += 1
        }
        return counts.map { DropCount(reason: $0.key.reason, className: $0.key.className, count: $0.value) }.sorted(by: worstFirst)
    }

    /// Most first; ties by reason, then class (no class first).
    static func worstFirst(_ a: DropCount, _ b: DropCount) -> Bool {
        if a.count != b.count { return a.count > b.count }
        if a.reason != b.reason { return a.reason.rawValue < b.reason.rawValue }
        switch (a.className, b.className) {
        case (nil, nil): return false
        case (nil, _): return true
        case (_, nil): return false
        case (let a?, let b?): return a.precedesInBytes(b)
        }
    }

    /// A reason and a class, as a dictionary key: the class by its bytes, so that two classes
    /// whose names are canonically equivalent (`Café` as U+00E9 and as `e` U+0301) are counted
    /// apart, as the restorer tells them apart.
    struct DropKey: Hashable {
        var reason: DropReason
        var className: String?

        static func == (lhs: DropKey, rhs: DropKey) -> Bool {
            lhs.reason == rhs.reason && lhs.className.isExactlyEqual(to: rhs.className)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(reason)
            hasher.combine(className.map(ExactString.init))
        }
    }
}

/// `a + b`, or `Int.max` (`Int.min`) where the sum is past it: counts summed from a store, or
/// from outcomes an app made, never trap.
func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? Int.max : Int.min) : sum
}
