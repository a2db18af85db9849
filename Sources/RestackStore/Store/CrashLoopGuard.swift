/// The crash-loop guard's choice of snapshot: a pure function of a session's history.
///
/// An app begins a restore, and confirms it once its UI is up. A snapshot whose restores began
/// `threshold` times without a confirmation has crashed the app that often: the next restore
/// quarantines it and falls back to the newest earlier snapshot that is not quarantined.
enum CrashLoopGuard {
    struct Choice: Equatable {
        /// The snapshot to restore, or `nil` when every snapshot is (or is now) quarantined.
        var chosen: SnapshotInfo?
        /// Snapshots to quarantine now: their unconfirmed restores reached the threshold.
        var toQuarantine: [Int64]
        /// Newer snapshots passed over (already quarantined, or quarantined now), newest first.
        var skipped: [Int64]
    }

    /// Chooses from a session's snapshots, given newest first.
    static func choose(from newestFirst: [SnapshotInfo], threshold: Int) -> Choice {
        var choice = Choice(chosen: nil, toQuarantine: [], skipped: [])
        for snapshot in newestFirst {
            if snapshot.isQuarantined {
                choice.skipped.append(snapshot.id)
            } else if snapshot.unconfirmedRestores >= threshold {
                choice.toQuarantine.append(snapshot.id)
                choice.skipped.append(snapshot.id)
            } else {
                choice.chosen = snapshot
                return choice
            }
        }
        return choice
    }
}
