-- Restack schema, migration 8: container settings stored by name, not in a column each.
-- Applied under the identifier "restack.m008_generic_settings".
--
-- Migrations 4 to 6 kept each container setting in a column of its name (`focus`, `compact`,
-- `selected`, `after_drop`), so that a new setting, or a new kind's setting, needed a migration.
-- Each kind now declares its settings in its own file (name, allowed values or the slot an index
-- points into, and the default written as no row); the store keeps one row per setting a
-- container has, named as its kind names it, and reading and `check` judge each row by the
-- kind's declaration. A new setting or kind needs no migration.
--
-- Every row is kept: each non-NULL setting becomes a row of `restack_setting` with its value
-- exactly as stored (the column has no type: a damaged value keeps its storage class, and is
-- reported as before); a NULL setting (a default, or none) becomes no row. The container rows
-- keep their snapshot, owner and kind. GRDB runs migrations with foreign keys off, so dropping
-- the old table deletes no row.

-- The settings of the containers of tree snapshots: the container (its snapshot and owner),
-- the setting's name as its kind declares it ('focus', 'compact', 'selected', 'afterDrop'...),
-- and its value, text or integer as the kind declares it.
CREATE TABLE restack_setting (
    snapshot_id INTEGER NOT NULL REFERENCES restack_snapshot(id) ON DELETE CASCADE,
    owner TEXT NOT NULL,
    name TEXT NOT NULL,
    value,
    PRIMARY KEY (snapshot_id, owner, name)
) WITHOUT ROWID;

INSERT INTO restack_setting (snapshot_id, owner, name, value)
SELECT snapshot_id, owner, 'focus', focus FROM restack_container WHERE focus IS NOT NULL
UNION ALL
SELECT snapshot_id, owner, 'compact', compact FROM restack_container WHERE compact IS NOT NULL
UNION ALL
SELECT snapshot_id, owner, 'selected', selected FROM restack_container WHERE selected IS NOT NULL
UNION ALL
SELECT snapshot_id, owner, 'afterDrop', after_drop FROM restack_container WHERE after_drop IS NOT NULL;

CREATE TABLE restack_container_v8 (
    snapshot_id INTEGER NOT NULL REFERENCES restack_snapshot(id) ON DELETE CASCADE,
    owner TEXT NOT NULL,
    kind TEXT NOT NULL,
    PRIMARY KEY (snapshot_id, owner)
) WITHOUT ROWID;

INSERT INTO restack_container_v8 (snapshot_id, owner, kind)
SELECT snapshot_id, owner, kind FROM restack_container;

DROP TABLE restack_container;
ALTER TABLE restack_container_v8 RENAME TO restack_container;
