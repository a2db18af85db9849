import Logging
import Restack

/// What the store reports to ``SnapshotStore/Options/logger``. Each function returns at once
/// when no logger is configured: no message or metadata is built.
extension SnapshotStore {
    /// A failed save: a cap hit is a warning (the app saved too much), anything else an error.
    func logSaveFailure(_ error: StoreError, session: String) {
        guard let logger = options.logger else { return }
        let level: Logger.Level = if case .limitExceeded = error { .warning } else { .error }
        logger.log(level: level, "save failed: \(error)", metadata: ["session": "\(session)", "path": "\(path)"])
    }

    /// A restore outcome that could not be recorded; the confirmation was not failed by it.
    func logOutcomeFailure(_ error: StoreError, session: String) {
        guard let logger = options.logger else { return }
        logger.warning("restore outcome not recorded: \(error)", metadata: ["session": "\(session)", "path": "\(path)"])
    }

    /// A restore that found its snapshot expired.
    func logExpired(_ info: SnapshotInfo) {
        guard let logger = options.logger else { return }
        logger.notice("not restored: the snapshot expired", metadata: [
            "session": "\(info.session)", "snapshot": "\(info.id)", "savedAt": "\(info.savedAt)",
        ])
    }

    /// Snapshots the crash-loop guard quarantined just now.
    func logQuarantines(_ ids: [Int64], session: String) {
        guard let logger = options.logger, !ids.isEmpty else { return }
        logger.error("quarantined: these snapshots' restores never confirmed", metadata: [
            "session": "\(session)", "snapshots": .array(ids.map { .string("\($0)") }),
        ])
    }
}
