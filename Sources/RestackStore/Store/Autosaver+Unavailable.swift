import Foundation
import Restack

/// The autosaver on a locked device: the newest state the file's protection kept from being
/// written is kept, and written once the file is available again (the next submission, a flush,
/// or a retry after a growing delay), never after a newer state.
extension Autosaver {
    /// The newest state not written because the file was unavailable, and its retry.
    struct Unwritten {
        /// The state, until it is written or a newer state is handled.
        var document: RestorationTree?
        /// The delay before the next retry, in nanoseconds: 1 s, doubling up to a minute.
        var delay = Unwritten.firstDelay
        /// Whether a retry is scheduled.
        var retryScheduled = false

        static let firstDelay: UInt64 = 1_000_000_000
        static let longestDelay: UInt64 = 60_000_000_000
    }

    /// After `document` was handled: kept, with a retry scheduled, when the file was unavailable;
    /// forgotten otherwise (written, identical to the stored state, or failed for another reason
    /// that retrying would meet again).
    func keepIfUnavailable(_ document: RestorationTree) {
        guard case .unavailable? = failure else {
            unwritten = Unwritten()
            return
        }
        unwritten.document = document
        guard !unwritten.retryScheduled else { return }
        unwritten.retryScheduled = true
        let delay = unwritten.delay
        unwritten.delay = min(delay * 2, Unwritten.longestDelay)
        Task { [weak self] in
            try? await Task.sleep(nanoseconds: delay)
            await self?.retryAfterDelay()
        }
    }

    private func retryAfterDelay() {
        unwritten.retryScheduled = false
        retryUnwritten()
    }

    /// Submits the kept state again, unless a newer state waits or is being written.
    func retryUnwritten() {
        guard let document = unwritten.document else { return }
        if mailbox.resubmit(document) {
            Task { await self.drain() }
        }
    }
}
