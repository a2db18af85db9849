-- Restack schema, migration 2: the crash-loop guard.
-- Applied under the identifier "restack.m002_crash_loop_guard".

-- How many restores of the snapshot were begun and not confirmed since it was last confirmed.
ALTER TABLE restack_snapshot ADD COLUMN unconfirmed_restores INTEGER NOT NULL DEFAULT 0;
-- When a restore of the snapshot was last confirmed (milliseconds since 1970), if ever.
ALTER TABLE restack_snapshot ADD COLUMN confirmed_at INTEGER;
-- When the snapshot was quarantined (milliseconds since 1970); NULL while it is not.
-- A quarantined snapshot is kept, never restored, and never pruned.
ALTER TABLE restack_snapshot ADD COLUMN quarantined_at INTEGER;
