import Foundation
import Restack

/// What the store knows about one snapshot, without its records.
public struct SnapshotInfo: Hashable, Sendable {
    /// The snapshot's id: unique in the store, growing with each save, never reused.
    public var id: Int64
    /// The session the snapshot belongs to.
    public var session: String
    /// The format version the state was saved with.
    public var formatVersion: Int
    /// The version of the app that saved the snapshot (the ``SnapshotStore/Options/appVersion``
    /// of the store that saved it), if any.
    public var appVersion: String?
    /// When the snapshot was saved, to the millisecond.
    public var savedAt: Date
    /// How many records the snapshot holds, the right one and nested ones included.
    public var recordCount: Int
    /// How many restores of this snapshot began and were not confirmed since it was last
    /// confirmed (the crash-loop guard's count).
    public var unconfirmedRestores: Int
    /// When the crash-loop guard quarantined the snapshot, or `nil` when it is not quarantined.
    public var quarantinedAt: Date?

    /// Whether the snapshot was saved while a restore of its session was begun and not yet
    /// confirmed (see ``SnapshotStore/beginRestore(session:layout:resolver:)``). A provisional
    /// snapshot is never restored: it becomes an ordinary one when the restore is confirmed, and
    /// is quarantined if the launch that saved it never confirmed.
    public var isProvisional: Bool
    /// The form the snapshot was saved in, as `restack_snapshot.shape` keeps it: a format-1
    /// drill-down or a format-2 tree. Export writes the snapshot back in this form.
    package var form: RestorationTree.Form

    /// Whether the crash-loop guard keeps this snapshot from being restored.
    package var isQuarantined: Bool {
        quarantinedAt != nil
    }

    /// Creates snapshot information. Values normally come from a ``SnapshotStore``.
    package init(
        id: Int64,
        session: String,
        formatVersion: Int,
        appVersion: String?,
        savedAt: Date,
        recordCount: Int,
        unconfirmedRestores: Int = 0,
        quarantinedAt: Date? = nil,
        isProvisional: Bool = false,
        form: RestorationTree.Form = .drillDown
    ) {
        self.id = id
        self.session = session
        self.formatVersion = formatVersion
        self.appVersion = appVersion
        self.savedAt = savedAt
        self.recordCount = recordCount
        self.unconfirmedRestores = unconfirmedRestores
        self.quarantinedAt = quarantinedAt
        self.isProvisional = isProvisional
        self.form = form
    }
}
