import Foundation
import GRDB
import Restack

/// A snapshot's document as stored since migration 9: its structure in `restack_snapshot.tree`
/// (``TreeBlob``: each record's place and value id, each container's kind and settings) and its
/// records' contents in `restack_value` (``RecordValues``), shared by consecutive snapshots.
///
/// A format-1 state (shape `drillDown`) has records only: its root is a drill-down, implied. A
/// tree (shape `tree`) has a container for its root and for every record that holds one.
/// Loading is one read of the tree and one of its values, and every entry and value is checked:
/// an entry that does not fit the tree it belongs to is ``StoreError/corrupt(path:detail:)``
/// naming the snapshot and the record's or container's path, never a trap.
enum DocumentRows {
    /// How a snapshot was saved, as `restack_snapshot.shape` says: the tree's form.
    typealias Shape = RestorationTree.Form

    // MARK: Reading

    /// The slots of every kind, by code: the index in this list. A slot name no kind has is no
    /// code (a damaged entry); a new kind's slots need no migration.
    static let slots = RestorationContainer.Kind.allSlots

    /// A slot name's code: the index of the first slot of that name (slots of one name share
    /// their rules), `nil` for a name no kind has. A search of a dozen names, not a dictionary:
    /// a dictionary's first use in a fresh process cost the launch about 0.5M instructions of
    /// the runtime's conformance lookups (<doc:Performance>).
    static func slotCode(_ name: String) -> Int? {
        slots.firstIndex { $0.name == name }
    }

    /// One record, placed by its parent, slot and position; `index` is its index in its tree
    /// (i + 1 for the i-th record, as owners count).
    struct Placed {
        var slot: Int
        var position: Int
        var record: RestorationRecord
        var index: Int
    }

    /// A snapshot's records as decoded, grouped by the record owning their container, before
    /// the document is built. Containers are found by their owner's index, never by path: a
    /// path is made only for a message (<doc:Performance>).
    struct RecordRows {
        let snapshotID: Int64
        /// The records of the root container.
        var top: [Placed] = []
        /// The records of nested containers, by the index of the record owning the container
        /// (empty for a tree whose records all sit in the root).
        var nested: [[Placed]] = []
        /// Records added so far.
        var count = 0

        init(snapshotID: Int64, recordCount: Int, nested hasNested: Bool) {
            self.snapshotID = snapshotID
            top.reserveCapacity(hasNested ? 4 : 16)
            if hasNested {
                nested = [[Placed]](repeating: [], count: recordCount + 1)
            }
        }

        /// Adds record `index` at `path` (made only for a message), whose container is owned by
        /// record `owner` (0 for the root).
        mutating func add(index: Int, owner: Int, path: @autoclosure () -> String, slot: String, position: Int,
                          record: RestorationRecord) throws(DamagedValue) {
            count += 1
            guard let code = slotCode(slot) else {
                throw damaged(snapshotID, "the record at \"\(path())\" is in the slot \"\(slot)\", which no kind has (expected \(slotNamesPhrase))")
            }
            let placed = Placed(slot: code, position: position, record: record, index: index)
            if owner == 0 {
                top.append(placed)
            } else {
                nested[owner].append(placed)
            }
        }
    }

    /// The tree of snapshot `snapshotID`, as stored.
    static func storedTree(_ db: some StatementRunner, snapshotID: Int64) throws -> Data {
        var tree: Data?
        try db.forEachRow("SELECT tree FROM restack_snapshot WHERE id = ?", binding: [snapshotID.databaseValue]) { step in
            tree = try StoredValues(statement: step, name: .snapshot(snapshotID)).blob(0, .tree)
            return false
        }
        guard let tree else {
            throw DamagedValue(detail: StoredColumn.tree.wrongClass(StorageClass.null.phrase, in: .snapshot(snapshotID)).detail)
        }
        return tree
    }

    /// A stored tree's entries, or the damage: bytes that are not a tree, or the rows of an
    /// older store kept as they were (``MigratedTree/legacyFormat``).
    static func decode(_ bytes: Data, snapshotID: Int64) throws(DamagedValue) -> TreeBlob {
        if bytes.first == MigratedTree.legacyFormat {
            let reason = String(decoding: bytes.dropFirst(), as: UTF8.self)
            throw damaged(snapshotID, "its rows from before migration 9 do not fit a tree (\(reason)); they are kept as they were in restack_legacy_record, restack_legacy_container and restack_legacy_setting")
        }
        let blob: TreeBlob
        do {
            blob = try TreeBlob(decoding: bytes)
        } catch {
            throw damaged(snapshotID, error.detail)
        }
        // The depth of the container each record would own (index 0: the root's), judged
        // before any path is built: a chain of records, each in the previous one's container,
        // would make paths of quadratic length.
        var depths = [1]
        depths.reserveCapacity(blob.records.count + 1)
        for record in blob.records {
            guard depths[record.owner] <= RestorationTree.maxContainerDepth else {
                throw damaged(snapshotID, "containers nested deeper than \(RestorationTree.maxContainerDepth)")
            }
            depths.append(depths[record.owner] + 1)
        }
        return blob
    }

    /// The path of each record of `blob` (index i + 1 for its i-th record; index 0, the root
    /// container's owner, is `""`), from its owner's path and its step.
    static func paths(_ blob: TreeBlob) -> [String] {
        var paths = [""]
        paths.reserveCapacity(blob.records.count + 1)
        for record in blob.records {
            paths.append(path(owner: paths[record.owner], slot: record.slot, position: record.position))
        }
        return paths
    }

    /// The path of record `index` of `blob` (0: the root container's owner, `""`), for a
    /// message: the paths are made only when one is needed.
    static func path(_ index: Int, in blob: TreeBlob) -> String {
        index == 0 ? "" : paths(blob)[index]
    }

    /// The path of the record at `position` of `slot` in the container that the record at
    /// `owner` owns (`""`: the root's): the step its slot's kind makes, after the owner's path
    /// (``RecordPath/spelling(_:after:)``). A slot no kind has is spelled `slot[position]`, for
    /// a message.
    static func path(owner: String, slot: String, position: Int) -> String {
        let step = slotCode(slot).map { slots[$0].step(position).description } ?? "\(slot)[\(position)]"
        return RecordPath.spelling(step, after: owner)
    }

    /// Builds a snapshot's document from its tree and its records' values, every entry and
    /// value checked against the tree it belongs to.
    ///
    /// - Returns: The document and its record count (without walking it again).
    static func document(_ db: some StatementRunner, snapshotID: Int64, tree bytes: Data, formatVersion: Int,
                         shape: Shape) throws -> (tree: RestorationTree, recordCount: Int) {
        let blob = try decode(bytes, snapshotID: snapshotID)
        // A path names a record or container only in a message: containers are found by their
        // owner's index (a path built and hashed for every record of a nested tree cost its
        // restore about a fifth, <doc:Performance>).
        func path(_ index: Int) -> String {
            DocumentRows.path(index, in: blob)
        }
        let nested = blob.records.contains { $0.owner != 0 }
        let values = try RecordValues.read(db, blob, path: path, snapshotID: snapshotID)
        var rows = RecordRows(snapshotID: snapshotID, recordCount: blob.records.count, nested: nested)
        for (index, entry) in blob.records.enumerated() {
            try rows.add(index: index + 1, owner: entry.owner, path: path(index + 1), slot: entry.slot,
                         position: entry.position, record: values[index])
        }
        if shape == .drillDown {
            // A format-1 state: its root is implied, and it has no container (no dictionary of
            // them is made, as the launch of a drill-down never made one).
            guard !nested, blob.containers.isEmpty else {
                throw damaged(snapshotID, "a format-1 snapshot with containers")
            }
            let root = try drillDown(rows.top, snapshotID: snapshotID, owner: "")
            return (.drillDown(formatVersion: formatVersion, left: root.left, right: root.right), rows.count)
        }
        // Each container by the index of the record owning it (0: the root's).
        var containers = [ContainerRow?](repeating: nil, count: blob.records.count + 1)
        for container in blob.containers {
            guard let kind = RestorationContainer.Kind(rawValue: container.kind) else {
                throw damaged(snapshotID, "the container at \"\(path(container.owner))\" has an unknown kind \"\(container.kind)\"")
            }
            guard containers[container.owner] == nil else {
                throw damaged(snapshotID, "two containers at \"\(path(container.owner))\"")
            }
            var row = ContainerRow(kind: kind, settings: [:])
            for setting in container.settings {
                guard row.settings[setting.name] == nil else {
                    throw damaged(snapshotID, "the container at \"\(path(container.owner))\" has the setting \"\(setting.name)\" twice")
                }
                row.settings[setting.name] = try SettingRows.setting(setting, of: kind, snapshotID: snapshotID, owner: path(container.owner))
            }
            containers[container.owner] = row
        }
        return (try document(rows: rows, containers: containers, blob: blob, formatVersion: formatVersion, shape: shape), rows.count)
    }

    /// Builds a snapshot's document from its records and containers (by owner index), `blob`
    /// naming them in messages.
    static func document(rows: RecordRows, containers: [ContainerRow?], blob: TreeBlob, formatVersion: Int, shape: Shape) throws -> RestorationTree {
        let snapshotID = rows.snapshotID
        switch shape {
        case .drillDown:
            guard rows.nested.allSatisfy(\.isEmpty), containers.allSatisfy({ $0 == nil }) else {
                throw damaged(snapshotID, "a format-1 snapshot with containers")
            }
            let root = try drillDown(rows.top, snapshotID: snapshotID, owner: "")
            return .drillDown(formatVersion: formatVersion, left: root.left, right: root.right)
        case .tree, .navigationPath:
            var builder = TreeBuilder(snapshotID: snapshotID, blob: blob, nested: rows.nested, containers: containers)
            let root = try builder.container(owner: 0, children: rows.top, depth: 1)
            let strayOwners = builder.nested.indices.filter { !builder.nested[$0].isEmpty }
                + builder.containers.indices.filter { builder.containers[$0] != nil }
            guard strayOwners.isEmpty else {
                let paths = paths(blob)
                let strays = Set(strayOwners.map { paths[$0] }).sorted().prefix(3)
                throw damaged(snapshotID, "entries under paths that hold no container: \(strays.joined(separator: ", "))")
            }
            guard shape == .navigationPath else {
                return RestorationTree(formatVersion: formatVersion, root: root)
            }
            // Read as a path: it is one again while it fits the form (a truncating stack of
            // records with classes and payloads); `check` reports one that does not.
            guard case .stack(let stack) = root, stack.afterDrop == .truncate else {
                throw DamagedValue(detail: "restack_snapshot.shape of snapshot \(snapshotID): a NavigationPath whose root container is not a truncating stack")
            }
            var path = RestorationTree.navigationPath(stack.records)
            path.formatVersion = formatVersion
            return path
        }
    }

    /// `left, right, records, ... or tabs`: the slot names a record may have.
    static let slotNamesPhrase = slots.dropLast().map(\.name).joined(separator: ", ") + " or " + (slots.last?.name ?? "")

    /// A container's kind and settings, as stored.
    struct ContainerRow {
        var kind: RestorationContainer.Kind
        var settings: [String: StoredSetting]
    }

    static func gap(_ snapshotID: Int64, _ owner: String, _ what: String) -> DamagedValue {
        damaged(snapshotID, "a gap in a stack of the container at \"\(owner)\": \(what)")
    }

    /// The records of each slot of `kind`, in its slot order, checked: only its slots, positions
    /// 0 to n - 1 in a sequence, at most one record at 0 in a single slot.
    static func slotContents(_ children: [Placed], of kind: any ContainerKind.Type, snapshotID: Int64,
                             owner: @autoclosure () -> String) throws -> [[RestorationRecord]] {
        var bySlot = [[Placed]](repeating: [], count: kind.slots.count)
        for child in children {
            guard let local = kind.slots.firstIndex(where: { $0.name == slots[child.slot].name }) else {
                throw damaged(snapshotID, "a record in a slot its container at \"\(owner())\" does not have (\(slots[child.slot].name))")
            }
            bySlot[local].append(child)
        }
        return try zip(kind.slots, bySlot).map { slot, placed in
            guard slot.isSequence else {
                guard placed.count <= 1, placed.allSatisfy({ $0.position == 0 }) else {
                    throw damaged(snapshotID, "the container at \"\(owner())\" has more than one \(slot.name) record, or one not at position 0")
                }
                return placed.map(\.record)
            }
            let sorted = placed.sorted { $0.position < $1.position }
            for (index, child) in sorted.enumerated() where child.position != index {
                throw gap(snapshotID, owner(), "\(child.position) where \(index) was expected")
            }
            return sorted.map(\.record)
        }
    }

    /// A tree's entries that are not a document: the message names the tree's column and the
    /// snapshot, `what` the path.
    static func damaged(_ snapshotID: Int64, _ what: String) -> DamagedValue {
        DamagedValue(detail: StoredColumn.tree.problem(in: StoredRow.snapshot(snapshotID).description, what))
    }

    /// Builds a tree's containers from the rows, consuming them: rows left over belong to no
    /// container of the tree. Containers and records are found by their owner's index; a path
    /// (from `blob`) is made only for a message.
    struct TreeBuilder {
        let snapshotID: Int64
        let blob: TreeBlob
        var nested: [[Placed]]
        var containers: [ContainerRow?]

        func path(_ index: Int) -> String {
            DocumentRows.path(index, in: blob)
        }

        mutating func container(owner: Int, children: [Placed], depth: Int) throws -> RestorationContainer {
            guard depth <= RestorationTree.maxContainerDepth else {
                throw damaged(snapshotID, "containers nested deeper than \(RestorationTree.maxContainerDepth)")
            }
            guard let settings = containers[owner] else {
                throw damaged(snapshotID, "records under \"\(path(owner))\", which holds no container")
            }
            containers[owner] = nil
            // Each child that owns a container gets it first.
            var built: [Placed] = []
            built.reserveCapacity(children.count)
            for var child in children {
                // `nested` is empty when every record sits in the root (a record may still own
                // an empty container).
                let grandchildren = nested.isEmpty ? [] : nested[child.index]
                if containers[child.index] != nil {
                    if !nested.isEmpty {
                        nested[child.index] = []
                    }
                    child.record.container = try container(owner: child.index, children: grandchildren, depth: depth + 1)
                } else if !grandchildren.isEmpty {
                    throw damaged(snapshotID, "records under \"\(path(child.index))\", which holds no container")
                }
                built.append(child)
            }
            let kind = settings.kind.definition
            let contents = try slotContents(built, of: kind, snapshotID: snapshotID, owner: path(owner))
            do {
                return try kind.stored(contents, settings: settings.settings.mapValues(\.setting))
            } catch {
                let owner = path(owner)
                throw SettingRows.damaged(snapshotID, owner: owner, setting: error.setting, "the \(kind.noun) at \"\(owner)\" \(error.phrase)")
            }
        }
    }
}
