import Foundation
import GRDB
import Restack

/// Restore outcomes: recorded when a restore is confirmed (or found expired), kept within the
/// outcome retention, read back for `restore-inspect report`, and sent to the metrics backend.
extension SnapshotStore {
    /// The outcomes the store recorded, oldest first: of one session, or of every session
    /// (including deleted ones: an outcome outlives its session) when `session` is `nil`.
    ///
    /// ``RestoreOutcomeReport`` sums them per app version.
    ///
    /// - Throws: ``StoreError/corrupt(path:detail:)`` for a damaged outcome row, naming it,
    ///   and read errors.
    public func restoreOutcomes(session: String? = nil) throws(StoreError) -> [RestoreOutcome] {
        try read { db in try OutcomeQueries.outcomes(db, session: session) }
    }

    /// The outcomes the store recorded, asynchronously; see `restoreOutcomes(session:)`.
    package func restoreOutcomes(session: String? = nil) async throws(StoreError) -> [RestoreOutcome] {
        try await read { db in try OutcomeQueries.outcomes(db, session: session) }
    }

    // MARK: Recording

    /// The outcome a confirmation of `restoration` records, by the store's clock and version.
    func pendingOutcome(_ restoration: StoreRestoration) -> RestoreOutcome {
        let duration = restoration.begunAt.map { begun in
            TimeInterval(StoreRestoration.uptime() &- begun) / 1_000_000_000
        }
        return RestoreOutcome(restoration, appVersion: options.appVersion, at: options.clock.now(), duration: duration)
    }

    /// Records `outcome` in a savepoint of the caller's transaction: on failure the savepoint is
    /// rolled back and the error returned, so that the rest of the transaction (a confirmation)
    /// commits without it. When SQLite rolled the whole transaction back itself (as it may on a
    /// full disk), the error is thrown instead, for the caller to confirm again alone.
    static func recordInSavepoint(_ db: Database, _ outcome: RestoreOutcome, retention: Retention, path: String) throws -> StoreError? {
        do {
            try db.execute(sql: "SAVEPOINT restack_outcome")
        } catch {
            return StoreError(error, path: path)
        }
        do {
            try OutcomeQueries.insert(db, outcome, retention: retention)
            try db.execute(sql: "RELEASE SAVEPOINT restack_outcome")
            return nil
        } catch {
            guard db.isInsideTransaction else { throw error }
            try? db.execute(sql: "ROLLBACK TO SAVEPOINT restack_outcome")
            try? db.execute(sql: "RELEASE SAVEPOINT restack_outcome")
            return StoreError(error, path: path)
        }
    }

    /// After a confirmation: the outcome goes to the metrics backend, or its failure to the log.
    func finishOutcome(_ outcome: RestoreOutcome, failure: StoreError?) {
        if let failure {
            logOutcomeFailure(failure, session: outcome.session)
        }
        RestoreMetrics.record(outcome)
    }
}
