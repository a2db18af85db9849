-- Restack schema, migration 3: saves made while a restore is unconfirmed are provisional.
-- Applied under the identifier "restack.m003_provisional_saves".

-- The snapshot whose restore began (SnapshotStore.beginRestore) and is not yet confirmed;
-- NULL when no restore of the session is pending.
ALTER TABLE restack_session ADD COLUMN restoring_snapshot_id INTEGER;

-- For a snapshot saved while a restore was pending: the id of the snapshot being restored.
-- A provisional snapshot is never restored, and retention keeps only the newest one, until the
-- restore is confirmed (the column is then cleared) or the launch is found to have crashed (the
-- snapshot is then quarantined, and kept).
ALTER TABLE restack_snapshot ADD COLUMN provisional_for INTEGER;
