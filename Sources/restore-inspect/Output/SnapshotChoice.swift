import Restack
import RestackStore

/// Which snapshot a command looked at, and why: the `chosen` object of `plan --json` and
/// `show --json` from a store, and the `chosen:` line of their text.
struct SnapshotChoice: Encodable {
    /// Why the snapshot was chosen.
    enum Reason: String, Encodable {
        /// `--snapshot N` named it.
        case option = "snapshot-option"
        /// The session's newest snapshot (`show`; `plan` when the guard skipped nothing).
        case newest
        /// The crash-loop guard's choice: the newest snapshot not quarantined (`plan`).
        case crashLoopGuard = "crash-loop-guard"
    }

    /// The snapshot's id.
    var snapshot: Int64
    /// Why it was chosen.
    var by: Reason
    /// Newer snapshots passed over because they are quarantined, newest first.
    var skippedQuarantined: [Int64]

    /// `chosen: snapshot 4, the newest not quarantined (the crash-loop guard skipped 6, 5)`.
    var line: String {
        switch by {
        case .option:
            return "chosen: snapshot \(snapshot), given by --snapshot"
        case .newest:
            return "chosen: snapshot \(snapshot), the newest"
        case .crashLoopGuard:
            let skipped = skippedQuarantined.map(String.init).joined(separator: ", ")
            return "chosen: snapshot \(snapshot) by the crash-loop guard, the newest not quarantined (skipped \(skipped))"
        }
    }
}
