-- Restack schema, migration 6: stacks that truncate, and snapshots read as a NavigationPath.
-- Applied under the identifier "restack.m006_truncating_stacks_and_paths".
--
-- A stack's `afterDrop` setting ('truncate'; NULL is the default, 'closeGap', so that every
-- stack saved before it existed reads as it did) is kept in its own column, like every setting.
ALTER TABLE restack_container ADD COLUMN after_drop TEXT;

-- A snapshot's shape may now be 'navigationPath' too (a SwiftUI NavigationPath representation,
-- kept so that it is exported and its restored state printed as a path). Migration 4 added
-- `shape` with a CHECK listing the two shapes of its day, and SQLite cannot drop a CHECK: the
-- table is rebuilt without it, as migration 5 rebuilt the record tables. The shape is validated
-- on read (a value no form has is a damaged value, never a trap) and `check` reports it. Every
-- row keeps every byte and its id; AUTOINCREMENT's high-water mark is carried over, so that an
-- id once used is never given again. GRDB runs migrations with foreign keys off, so dropping the
-- old table deletes no record or container row.
CREATE TABLE restack_snapshot_v6 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL REFERENCES restack_session(id) ON DELETE CASCADE,
    format_version INTEGER NOT NULL,
    app_version TEXT,
    saved_at INTEGER NOT NULL,
    unconfirmed_restores INTEGER NOT NULL DEFAULT 0,
    confirmed_at INTEGER,
    quarantined_at INTEGER,
    provisional_for INTEGER,
    shape TEXT NOT NULL DEFAULT 'drillDown'
);

INSERT INTO restack_snapshot_v6 (id, session_id, format_version, app_version, saved_at,
                                 unconfirmed_restores, confirmed_at, quarantined_at, provisional_for, shape)
SELECT id, session_id, format_version, app_version, saved_at,
       unconfirmed_restores, confirmed_at, quarantined_at, provisional_for, shape
FROM restack_snapshot;

DELETE FROM sqlite_sequence WHERE name = 'restack_snapshot_v6';
INSERT INTO sqlite_sequence (name, seq) SELECT 'restack_snapshot_v6', seq FROM sqlite_sequence WHERE name = 'restack_snapshot';

DROP TABLE restack_snapshot;
ALTER TABLE restack_snapshot_v6 RENAME TO restack_snapshot;
CREATE INDEX restack_snapshot_by_session ON restack_snapshot(session_id, id);
