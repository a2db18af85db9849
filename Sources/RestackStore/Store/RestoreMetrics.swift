import Dispatch
import Metrics
import Restack

/// Restore outcomes as swift-metrics counters and a timer, each with the app version as the
/// `app_version` dimension (`unknown` when ``SnapshotStore/Options/appVersion`` is unset):
///
/// | Metric | Kind | Dimensions | Counts |
/// |---|---|---|---|
/// | `restack_restores` | counter | `app_version` | confirmed restores (`restored` and `restored-older` outcomes) |
/// | `restack_restore_fallbacks` | counter | `app_version` | confirmed restores of an older snapshot (crash-loop guard) |
/// | `restack_restores_expired` | counter | `app_version` | restores that found their snapshot expired |
/// | `restack_dropped_records` | counter | `app_version`, `reason`, `class` | records dropped by confirmed restores |
/// | `restack_restore_duration` | timer | `app_version` | from `beginRestore` to `confirmRestore` |
///
/// The metrics go to `MetricsSystem.factory`: the backend the app bootstrapped, or the one a
/// test bound with `withMetricsFactory`. With none (swift-metrics' no-op default), nothing is
/// made: not a metric, not a dimension.
enum RestoreMetrics {
    /// Sends `outcome` to the metrics backend.
    ///
    /// - Returns: How many metrics were updated: 0 with no backend, where nothing is made.
    @discardableResult
    static func record(_ outcome: RestoreOutcome) -> Int {
        let factory = MetricsSystem.factory
        guard !(factory is NOOPMetricsHandler) else { return 0 }
        var updated = 0
        let version = ("app_version", outcome.appVersion ?? "unknown")
        switch outcome.result {
        case .expired:
            Counter(label: "restack_restores_expired", dimensions: [version], factory: factory).increment()
            updated += 1
        case .restored, .restoredOlder:
            Counter(label: "restack_restores", dimensions: [version], factory: factory).increment()
            updated += 1
            if outcome.fellBack {
                Counter(label: "restack_restore_fallbacks", dimensions: [version], factory: factory).increment()
                updated += 1
            }
            for drop in outcome.drops {
                Counter(label: "restack_dropped_records",
                        dimensions: [version, ("reason", drop.reason.rawValue), ("class", drop.className ?? "")], factory: factory)
                    .increment(by: Int64(drop.count))
                updated += 1
            }
            if let duration = outcome.duration {
                Metrics.Timer(label: "restack_restore_duration", dimensions: [version], factory: factory)
                    .recordNanoseconds(Int64((duration * 1_000_000_000).rounded()))
                updated += 1
            }
        }
        return updated
    }
}
