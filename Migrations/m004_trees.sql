-- Restack schema, migration 4: snapshots of nested containers (state format 2).
-- Applied under the identifier "restack.m004_trees".
--
-- A snapshot is a tree: containers (drill-downs, stacks, splits, tab bars) whose records may
-- own a container in turn. Every record is a row with its explicit path, and every container a
-- row keyed by the path of the record that owns it (the root container's is ''), so that plain
-- SQL sees every record and loading a snapshot is two index range scans.

-- How the snapshot was saved: 'drillDown' for a format-1 state (a left stack and a right
-- record: its root is a drill-down with no row in restack_container), 'tree' for a format-2
-- tree. Snapshots written before this migration are format-1 states, whatever their
-- format_version says: one saved with an unsupported version stays unsupported, never read
-- as a tree.
ALTER TABLE restack_snapshot ADD COLUMN shape TEXT NOT NULL DEFAULT 'drillDown' CHECK (shape IN ('drillDown', 'tree'));

-- Records, keyed by their path: the steps from the root, indices as saved, joined by '/'
-- ('left[0]', 'right', 'primary[0]/tabs[1]/records[2]'). `parent` is the path of the record
-- owning the container the record sits in ('' for the root container), `slot` and `position`
-- its last step. The existing rows keep every byte; their paths are their slots.
CREATE TABLE restack_record_tree (
    snapshot_id INTEGER NOT NULL REFERENCES restack_snapshot(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    parent TEXT NOT NULL,
    slot TEXT NOT NULL CHECK (slot IN ('left', 'right', 'records', 'primary', 'detail', 'tabs')),
    position INTEGER NOT NULL CHECK (position >= 0 AND (slot != 'right' OR position = 0)),
    identifier TEXT,
    class_name TEXT,
    payload BLOB,
    PRIMARY KEY (snapshot_id, path)
) WITHOUT ROWID;

INSERT INTO restack_record_tree (snapshot_id, path, parent, slot, position, identifier, class_name, payload)
SELECT snapshot_id,
       CASE slot WHEN 'right' THEN 'right' ELSE 'left[' || position || ']' END,
       '', slot, position, identifier, class_name, payload
FROM restack_record;

DROP TABLE restack_record;
ALTER TABLE restack_record_tree RENAME TO restack_record;

-- Containers of tree snapshots, keyed by the path of the record that owns them ('' for the
-- root), with their kind and settings: a split's focus ('primary' | 'detail') and compact
-- policy ('merge' | 'omitDetail' | 'focus'), a tab bar's selected tab (its saved index, NULL
-- when it has no tab).
CREATE TABLE restack_container (
    snapshot_id INTEGER NOT NULL REFERENCES restack_snapshot(id) ON DELETE CASCADE,
    owner TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('drillDown', 'stack', 'split', 'tabs')),
    focus TEXT CHECK (focus IN ('primary', 'detail')),
    compact TEXT CHECK (compact IN ('merge', 'omitDetail', 'focus')),
    selected INTEGER CHECK (selected >= 0),
    PRIMARY KEY (snapshot_id, owner)
) WITHOUT ROWID;
