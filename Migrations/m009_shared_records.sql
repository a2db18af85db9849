-- Restack schema, migration 9: consecutive snapshots share unchanged records; a snapshot's
-- structure is one small blob.
-- Applied under the identifier "restack.m009_shared_records".
--
-- Migrations 1 to 8 wrote a row per record, per container and per setting at every save, so that
-- a navigation change (one push or pop) wrote about 14 times the bytes a JSON file does
-- (<doc:Performance>). Now a record's content (identifier, class name, payload) is a row of
-- `restack_value`, inserted once and referenced by every consecutive snapshot of its session
-- that holds it unchanged; a snapshot's structure (each record's place and value id, each
-- container's kind and settings) is its `tree` blob, whose format `TreeBlob` documents; and
-- `restack_snapshot` no longer uses AUTOINCREMENT (which wrote `sqlite_sequence` at every save).
--
-- Every row is kept. Each `restack_record` row becomes one `restack_value` row, its three values
-- byte for byte (old rows are not merged), and each snapshot's records, containers and settings
-- are encoded into its tree by `restack_encode_tree`, an aggregate the store registers on the
-- connection for this migration (the store's own encoder: there is one). Parents, slots,
-- positions, kinds and settings are kept in the tree exactly as stored, so that a damaged one
-- stays damaged, for reading and `check` to report.
--
-- A snapshot whose rows the tree cannot hold (a value of another class than text in a slot, a
-- kind or a setting's name; a negative position; a parent that names no record; a path that is
-- not its parent's and its step; an identifier or class name that is not text) keeps its rows
-- verbatim: they stay in `restack_legacy_record`, `restack_legacy_container` and
-- `restack_legacy_setting` (the old tables, renamed, holding only such snapshots' rows and rows
-- of no snapshot), and its tree is the byte 0 followed by the reason, which reading reports as a
-- damaged value and `check` as a problem. Nothing is dropped.
--
-- Ids are still never given twice: `restack_meta`'s `snapshot_high_water` (from
-- `sqlite_sequence`) is the largest id ever given, written when a deletion removes the largest;
-- a new snapshot's id is one more than both it and the largest id present.
--
-- GRDB runs migrations with foreign keys off: dropping and renaming tables deletes no row.

CREATE TABLE restack_meta (
    key TEXT PRIMARY KEY,
    value INTEGER
) WITHOUT ROWID;

INSERT INTO restack_meta (key, value)
SELECT 'snapshot_high_water', seq FROM sqlite_sequence WHERE name = 'restack_snapshot';

-- A record's content. `identifier` and `class_name` hold text or NULL, `payload` a blob or
-- NULL; the columns have no declared type so that a damaged value copied from an older store
-- keeps its storage class (a TEXT column would turn an integer into text, hiding the damage).
CREATE TABLE restack_value (
    id INTEGER PRIMARY KEY,
    identifier,
    class_name,
    payload BLOB
);

-- The old records numbered: each row's number is its value's id.
CREATE TABLE restack_m009_numbered (
    value_id INTEGER PRIMARY KEY,
    snapshot_id, path, parent, slot, position, identifier, class_name, payload
);
INSERT INTO restack_m009_numbered (snapshot_id, path, parent, slot, position, identifier, class_name, payload)
SELECT snapshot_id, path, parent, slot, position, identifier, class_name, payload FROM restack_record ORDER BY snapshot_id, path;

CREATE TABLE restack_snapshot_v9 (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES restack_session(id) ON DELETE CASCADE,
    format_version INTEGER NOT NULL,
    app_version TEXT,
    saved_at INTEGER NOT NULL,
    unconfirmed_restores INTEGER NOT NULL DEFAULT 0,
    confirmed_at INTEGER,
    quarantined_at INTEGER,
    provisional_for INTEGER,
    shape TEXT NOT NULL DEFAULT 'drillDown',
    -- How many records the tree holds (history lists it without decoding trees).
    record_count INTEGER NOT NULL,
    tree BLOB NOT NULL
);

-- Each snapshot's tree, from all its rows at once (one pass over each table, grouped; rows
-- whose snapshot id is not an integer belong to no snapshot, and are kept below). The
-- aggregate (MigratedTree in the store) takes each row as (what, a, b, c, d, e): a record
-- ('r', path, parent, slot, position, value id), a container ('c', owner, kind), a setting ('s',
-- owner, name, value, typeof(value)). Text comes as its bytes, so that a NUL character is kept;
-- a structural column that does not hold text comes as NULL (the tree cannot hold it).
CREATE TABLE restack_m009_tree (
    snapshot_id INTEGER PRIMARY KEY,
    record_count INTEGER NOT NULL,
    tree BLOB NOT NULL
);
INSERT INTO restack_m009_tree (snapshot_id, record_count, tree)
SELECT snapshot_id, SUM(what = 'r'), restack_encode_tree(what, a, b, c, d, e) FROM (
    SELECT n.snapshot_id AS snapshot_id, 'r' AS what,
           CASE typeof(n.path) WHEN 'text' THEN CAST(n.path AS BLOB) END AS a,
           CASE typeof(n.parent) WHEN 'text' THEN CAST(n.parent AS BLOB) END AS b,
           CASE typeof(n.slot) WHEN 'text' THEN CAST(n.slot AS BLOB) END AS c,
           n.position AS d, n.value_id AS e
    FROM restack_m009_numbered n
    UNION ALL
    SELECT c.snapshot_id, 'c',
           CASE typeof(c.owner) WHEN 'text' THEN CAST(c.owner AS BLOB) END,
           CASE typeof(c.kind) WHEN 'text' THEN CAST(c.kind AS BLOB) END,
           NULL, NULL, NULL
    FROM restack_container c
    UNION ALL
    SELECT st.snapshot_id, 's',
           CASE typeof(st.owner) WHEN 'text' THEN CAST(st.owner AS BLOB) END,
           CASE typeof(st.name) WHEN 'text' THEN CAST(st.name AS BLOB) END,
           CASE typeof(st.value) WHEN 'text' THEN CAST(st.value AS BLOB) ELSE st.value END,
           typeof(st.value), NULL
    FROM restack_setting st
) WHERE typeof(snapshot_id) = 'integer' GROUP BY snapshot_id;

-- A snapshot without rows is an empty drill-down: format 1, no record, no container.
INSERT INTO restack_snapshot_v9 (id, session_id, format_version, app_version, saved_at, unconfirmed_restores,
                                 confirmed_at, quarantined_at, provisional_for, shape, record_count, tree)
SELECT s.id, s.session_id, s.format_version, s.app_version, s.saved_at, s.unconfirmed_restores,
       s.confirmed_at, s.quarantined_at, s.provisional_for, s.shape,
       COALESCE(t.record_count, 0), COALESCE(t.tree, X'010000')
FROM restack_snapshot s LEFT JOIN restack_m009_tree t ON t.snapshot_id = s.id;

-- The values of the snapshots whose trees hold them.
INSERT INTO restack_value (id, identifier, class_name, payload)
SELECT n.value_id, n.identifier, n.class_name, n.payload
FROM restack_m009_numbered n JOIN restack_snapshot_v9 s ON s.id = n.snapshot_id
WHERE substr(s.tree, 1, 1) = X'01';

-- The old tables keep only the rows no tree holds.
DELETE FROM restack_record WHERE snapshot_id IN (SELECT id FROM restack_snapshot_v9 WHERE substr(tree, 1, 1) = X'01');
DELETE FROM restack_container WHERE snapshot_id IN (SELECT id FROM restack_snapshot_v9 WHERE substr(tree, 1, 1) = X'01');
DELETE FROM restack_setting WHERE snapshot_id IN (SELECT id FROM restack_snapshot_v9 WHERE substr(tree, 1, 1) = X'01');
ALTER TABLE restack_record RENAME TO restack_legacy_record;
ALTER TABLE restack_container RENAME TO restack_legacy_container;
ALTER TABLE restack_setting RENAME TO restack_legacy_setting;

DROP TABLE restack_m009_numbered;
DROP TABLE restack_m009_tree;
DROP TABLE restack_snapshot;
ALTER TABLE restack_snapshot_v9 RENAME TO restack_snapshot;
CREATE INDEX restack_snapshot_by_session ON restack_snapshot(session_id, id);
