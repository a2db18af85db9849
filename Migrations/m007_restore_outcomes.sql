-- Restack schema, migration 7: the outcome of each restore, for `restore-inspect report`.
-- Applied under the identifier "restack.m007_restore_outcomes".
--
-- One row per restore an app confirmed (SnapshotStore.confirmRestore) or that found its snapshot
-- expired: which app version restored which snapshot, into which layout, whether the crash-loop
-- guard fell back, and how many records came back. Class names and reasons only, never
-- payloads or identifiers. Rows name their session by text and their snapshot by id without a
-- foreign key: an outcome outlives the snapshot (pruned) and the session (deleted) it describes.
-- The table is bounded by the store's outcome retention, applied as each outcome is recorded.

CREATE TABLE restack_outcome (
    id INTEGER PRIMARY KEY,
    session TEXT NOT NULL,
    -- When the restore was confirmed (or found expired), in milliseconds since 1970.
    recorded_at INTEGER NOT NULL,
    -- The version of the app that restored (SnapshotStore.Options.appVersion), if known.
    app_version TEXT,
    snapshot_id INTEGER NOT NULL,
    -- The version of the app that saved the snapshot, if it said.
    snapshot_app_version TEXT,
    -- 'restored' or 'expired'; checked on read.
    result TEXT NOT NULL,
    -- 'regular' or 'compact'; NULL for an expired restore, which planned nothing.
    layout TEXT,
    -- How many newer snapshots the crash-loop guard passed over (more than 0: it fell back).
    skipped_quarantined INTEGER NOT NULL,
    restored_records INTEGER NOT NULL,
    -- From the beginning of the restore to its confirmation, in milliseconds; NULL when the
    -- restore was not begun by this store value (a plan made from a peek).
    duration_ms INTEGER
);

CREATE INDEX restack_outcome_by_session ON restack_outcome (session, id);

-- The records a restore dropped, counted by reason (DropReason's raw value) and saved class.
CREATE TABLE restack_outcome_drop (
    outcome_id INTEGER NOT NULL REFERENCES restack_outcome(id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    class_name TEXT,
    count INTEGER NOT NULL
);

CREATE INDEX restack_outcome_drop_by_outcome ON restack_outcome_drop (outcome_id);
