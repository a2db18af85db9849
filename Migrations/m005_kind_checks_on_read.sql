-- Restack schema, migration 5: slot and kind names are validated on read, not by the schema.
-- Applied under the identifier "restack.m005_kind_checks_on_read".
--
-- Migration 4 listed every slot name and every container kind in CHECK constraints, so that a
-- new container kind needed a migration. Each kind now declares its slots and settings in its
-- own file; reading a snapshot validates every row against them (a row no kind allows is a
-- damaged value, never a trap) and `check` reports such rows. The tables are rebuilt without
-- those constraints; every row keeps every byte.

CREATE TABLE restack_record_v5 (
    snapshot_id INTEGER NOT NULL REFERENCES restack_snapshot(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    parent TEXT NOT NULL,
    slot TEXT NOT NULL,
    position INTEGER NOT NULL CHECK (position >= 0),
    identifier TEXT,
    class_name TEXT,
    payload BLOB,
    PRIMARY KEY (snapshot_id, path)
) WITHOUT ROWID;

INSERT INTO restack_record_v5 (snapshot_id, path, parent, slot, position, identifier, class_name, payload)
SELECT snapshot_id, path, parent, slot, position, identifier, class_name, payload FROM restack_record;

DROP TABLE restack_record;
ALTER TABLE restack_record_v5 RENAME TO restack_record;

-- Containers: the kind's name, and its settings in the columns of their names (a split's focus
-- and compact policy, a tab bar's selected tab), checked on read by the kind.
CREATE TABLE restack_container_v5 (
    snapshot_id INTEGER NOT NULL REFERENCES restack_snapshot(id) ON DELETE CASCADE,
    owner TEXT NOT NULL,
    kind TEXT NOT NULL,
    focus TEXT,
    compact TEXT,
    selected INTEGER,
    PRIMARY KEY (snapshot_id, owner)
) WITHOUT ROWID;

INSERT INTO restack_container_v5 (snapshot_id, owner, kind, focus, compact, selected)
SELECT snapshot_id, owner, kind, focus, compact, selected FROM restack_container;

DROP TABLE restack_container;
ALTER TABLE restack_container_v5 RENAME TO restack_container;
