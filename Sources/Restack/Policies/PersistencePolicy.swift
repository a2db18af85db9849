import Foundation

/// What Restack does with the records of one class: save and restore them (the default), never
/// write them, save them without restoring them, or restore them only from a recent snapshot.
///
/// An app declares a policy per class name in a ``PersistencePolicies`` table. The policies are
/// restoration rules (<doc:TheRestorationRules>, "Persistence policies"):
///
/// ```swift
/// let policies = try PersistencePolicies([
///     "LoginController": .never,                      // nothing of it is written
///     "CheckoutController": .notRestored,             // saved, shown by history, not restored
///     "SearchResultsController": .restoredWithin(30 * 60),
/// ])
/// ```
public enum PersistencePolicy: Hashable, Sendable {
    /// Saved and restored by the other rules: what every class without a policy gets.
    case always
    /// Never written: before a save, the record and every record above it in its sequence are
    /// replaced by one note of the cut, which restores as a record dropped `not-saved`
    /// (``PersistencePolicies/cut(_:)``).
    case never
    /// Saved (history and inspection show it) but never restored: dropped `not-restored`.
    case notRestored
    /// Restored only when the snapshot is at most this many seconds old at restore: dropped
    /// `expired-screen` otherwise. The age is finite and above zero.
    case restoredWithin(TimeInterval)
}
