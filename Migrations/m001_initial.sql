-- Restack schema, migration 1: sessions, their snapshots, and the records of each snapshot.
-- Applied by GRDB's DatabaseMigrator under the identifier "restack.m001_initial".

-- A session is a navigation context an app saves state for, such as a scene.
-- Names are compared byte for byte (BINARY collation).
-- Times are whole milliseconds since 1970-01-01 UTC.
CREATE TABLE restack_session (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);

-- A snapshot is one save of a session's state. Ids only grow (AUTOINCREMENT), so an id is never
-- reused for another snapshot, even after pruning.
CREATE TABLE restack_snapshot (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL REFERENCES restack_session(id) ON DELETE CASCADE,
    format_version INTEGER NOT NULL,
    app_version TEXT,
    saved_at INTEGER NOT NULL
);

-- The latest snapshot of a session, and a session's history, are index lookups.
CREATE INDEX restack_snapshot_by_session ON restack_snapshot(session_id, id);

-- A record is one saved controller, stored as the app gave it, in an explicit slot:
-- ('left', i) for the i-th record of the left stack from the bottom, ('right', 0) for the right.
CREATE TABLE restack_record (
    snapshot_id INTEGER NOT NULL REFERENCES restack_snapshot(id) ON DELETE CASCADE,
    slot TEXT NOT NULL CHECK (slot IN ('left', 'right')),
    position INTEGER NOT NULL CHECK (position >= 0 AND (slot = 'left' OR position = 0)),
    identifier TEXT,
    class_name TEXT,
    payload BLOB,
    PRIMARY KEY (snapshot_id, slot, position)
) WITHOUT ROWID;
