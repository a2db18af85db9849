import Foundation
import Restack

/// Restore outcomes summed per app version, worst first: what `restore-inspect report` prints.
///
/// ```swift
/// let report = RestoreOutcomeReport(try store.restoreOutcomes())
/// for version in report.versions {
///     log.error("\(version.appVersion ?? "unknown"): \(version.restores) restores, \(version.fellBack) fell back")
/// }
/// ```
///
/// Versions are ordered worst first: most dropped records, then most fallbacks, then most
/// expired, then most restores; ties by version. Within a version, drops are ordered most first.
/// Sums stop at `Int.max` (they saturate): outcomes from a damaged store or made by hand never
/// make the report trap.
public struct RestoreOutcomeReport: Hashable, Sendable {
    /// The outcomes of one app version.
    public struct Version: Hashable, Sendable {
        /// The version of the app that restored; `nil` when it was not known
        /// (``SnapshotStore/Options/appVersion`` unset).
        public var appVersion: String?
        /// How many restores were confirmed.
        public var restores: Int
        /// How many of them fell back to an older snapshot (crash-loop guard).
        public var fellBack: Int
        /// How many restores found their snapshot expired (not counted in ``restores``).
        public var expired: Int
        /// How many records the confirmed restores restored.
        public var restoredRecords: Int
        /// The records they dropped, by reason and class, most first.
        public var drops: [RestoreOutcome.DropCount]
        /// The first and the last outcome's time.
        public var firstRecordedAt: Date
        /// The last outcome's time.
        public var lastRecordedAt: Date

        /// How many records the confirmed restores dropped.
        public var droppedRecords: Int {
            drops.reduce(0) { saturatingSum($0, $1.count) }
        }
    }

    /// Each app version's sums, worst first.
    public var versions: [Version]

    /// Sums `outcomes` per app version.
    public init(_ outcomes: [RestoreOutcome]) {
        // Versions by their bytes, as every name in Restack.
        var order: [ExactString?] = []
        var sums: [ExactString?: (version: Version, drops: [RestoreOutcome.DropKey: Int])] = [:]
        for outcome in outcomes {
            let key = outcome.appVersion.map(ExactString.init)
            var entry = sums[key] ?? (
                Version(appVersion: outcome.appVersion, restores: 0, fellBack: 0, expired: 0, restoredRecords: 0, drops: [],
                        firstRecordedAt: outcome.recordedAt, lastRecordedAt: outcome.recordedAt), [:])
            if sums[key] == nil {
                order.append(key)
            }
            switch outcome.result {
            case .restored, .restoredOlder:
                entry.version.restores += 1
                entry.version.fellBack += outcome.fellBack ? 1 : 0
                entry.version.restoredRecords = saturatingSum(entry.version.restoredRecords, outcome.restoredRecords)
            case .expired:
                entry.version.expired += 1
            }
            for drop in outcome.drops {
                let key = RestoreOutcome.DropKey(reason: drop.reason, className: drop.className)
                entry.drops[key] = saturatingSum(entry.drops[key] ?? 0, drop.count)
            }
            entry.version.firstRecordedAt = min(entry.version.firstRecordedAt, outcome.recordedAt)
            entry.version.lastRecordedAt = max(entry.version.lastRecordedAt, outcome.recordedAt)
            sums[key] = entry
        }
        versions = order.compactMap { key in
            guard let (found, drops) = sums[key] else { return nil }
            var version = found
            version.drops = drops.map { RestoreOutcome.DropCount(reason: $0.key.reason, className: $0.key.className, count: $0.value) }
                .sorted(by: RestoreOutcome.worstFirst)
            return version
        }.sorted(by: Self.worstFirst)
    }

    /// Most dropped records, then fallbacks, expired, restores; then by version (unknown last).
    static func worstFirst(_ a: Version, _ b: Version) -> Bool {
        let left = (a.droppedRecords, a.fellBack, a.expired, a.restores)
        let right = (b.droppedRecords, b.fellBack, b.expired, b.restores)
        if left != right { return left > right }
        switch (a.appVersion, b.appVersion) {
        case (let a?, let b?): return a.precedesInBytes(b)
        case (_?, nil): return true
        default: return false
        }
    }
}
