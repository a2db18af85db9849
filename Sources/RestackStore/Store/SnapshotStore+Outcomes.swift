import Foundation
import GRDB
import Restack

/// Restore outcomes: recorded when a restore is confirmed (or found expired), kept within the
/// outcome retention, read back for `restore-inspect report`, and sent to the metrics backend.
extension SnapshotStore {
    /// The outcomes the store recorded for its ``Options/owner``, oldest first: of one session,
    /// or of every session of the owner (including deleted ones: an outcome outlives its
    /// session) when `session` is `nil`.
    ///
    /// ``RestoreOutcomeReport`` sums them per app version.
    ///
    /// - Throws: ``StoreError/corrupt(path:detail:)`` for a damaged outcome row, naming it,
    ///   and read errors.
    public func restoreOutcomes(session: String? = nil) throws(StoreError) -> [RestoreOutcome] {
        let owner = options.ownerKey
        return try read { db in try OutcomeQueries.outcomes(db, owner: owner, session: session) }
    }

    // MARK: Recording

    /// The outcome a confirmation of `restoration` records, by the store's clock and version.
    func pendingOutcome(_ restoration: StoreRestoration) -> RestoreOutcome {
        let duration = restoration.begunAt.map { begun in
            TimeInterval(StoreRestoration.uptime() &- begun) / 1_000_000_000
        }
        return RestoreOutcome(restoration, appVersion: options.appVersion, at: options.clock.now(), duration: duration)
    }

    /// After a confirmation: the outcome goes to the metrics backend, or its failure to the log.
    func finishOutcome(_ outcome: RestoreOutcome, failure: StoreError?) {
        if let failure {
            logOutcomeFailure(failure, session: outcome.session)
        }
        RestoreMetrics.record(outcome)
    }
}
