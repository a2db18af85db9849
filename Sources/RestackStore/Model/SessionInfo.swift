import Foundation

/// What the store knows about one session: its name and the extent of its history.
public struct SessionInfo: Hashable, Sendable {
    /// The owner the session belongs to (``SnapshotStore/Options/owner``), `nil` for the default
    /// owner. A store's `sessions()` lists its own owner's only; `restore-inspect` lists every
    /// owner's.
    package var owner: String?
    /// The session's name, as given when saving.
    public var name: String
    /// How many snapshots the session keeps.
    public var snapshotCount: Int
    /// The id of the newest snapshot, if the session has any.
    package var latestSnapshotID: Int64?
    /// When the newest snapshot was saved, if the session has any.
    public var latestSavedAt: Date?

    /// Creates session information. Values normally come from a ``SnapshotStore``.
    package init(owner: String? = nil, name: String, snapshotCount: Int, latestSnapshotID: Int64?, latestSavedAt: Date?) {
        self.owner = owner
        self.name = name
        self.snapshotCount = snapshotCount
        self.latestSnapshotID = latestSnapshotID
        self.latestSavedAt = latestSavedAt
    }
}
