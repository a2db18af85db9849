-- Restack schema, migration 11: a store holds the sessions of several owners (an account, a
-- tenant) apart.
-- Applied under the identifier "restack.m011_session_owners".
--
-- A session belongs to one owner: `restack_session.owner`, the name the store was opened for
-- (SnapshotStore.Options.owner), or '' for the default owner (no owner given). Two owners may
-- each have a session of the same name: a session is unique by (owner, name), compared byte for
-- byte (BINARY collation), not by its name alone. A restore outcome names its owner as it names
-- its session, by text (`restack_outcome.owner`): it outlives both, and deleting an owner
-- deletes its outcomes.
--
-- The sessions of a store written before this migration belong to the default owner. Every row
-- is kept, each value as it was stored: the session table is rebuilt (SQLite cannot drop the
-- UNIQUE constraint on `name` in place) with the same ids, and its `sqlite_sequence` row (the
-- largest session id ever given, AUTOINCREMENT) is carried over as it was, so that no id is
-- ever given twice. GRDB runs migrations with foreign keys off: dropping the old table deletes
-- no snapshot.

CREATE TABLE restack_session_v11 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    restoring_snapshot_id INTEGER,
    UNIQUE (owner, name)
);

INSERT INTO restack_session_v11 (id, owner, name, created_at, restoring_snapshot_id)
SELECT id, '', name, created_at, restoring_snapshot_id FROM restack_session;

CREATE TABLE restack_m011_sequence AS SELECT seq FROM sqlite_sequence WHERE name = 'restack_session';
DROP TABLE restack_session;
ALTER TABLE restack_session_v11 RENAME TO restack_session;
DELETE FROM sqlite_sequence WHERE name = 'restack_session';
INSERT INTO sqlite_sequence (name, seq) SELECT 'restack_session', seq FROM restack_m011_sequence;
DROP TABLE restack_m011_sequence;

ALTER TABLE restack_outcome ADD COLUMN owner TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS restack_outcome_by_session;
CREATE INDEX restack_outcome_by_owner ON restack_outcome (owner, session, id);
