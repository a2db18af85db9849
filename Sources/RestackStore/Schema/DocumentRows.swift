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

    /// One record of a format-1 state, placed by its slot and position (a drill-down's reading,
    /// ``drillDown(_:snapshotID:owner:)``).
    struct Placed {
        var slot: Int
        var position: Int
        var record: RestorationRecord
    }

    /// What reading a container of one kind needs, made once per kind: its slots, the place
    /// among them of each slot code (``slots``), and its setting declarations in the order of
    /// its setting names. A container's slots and settings are found by searching these, never
    /// by a dictionary or an array made per container (<doc:Performance>).
    struct KindReading: Sendable {
        let kind: RestorationContainer.Kind
        let slots: [ContainerSlot]
        /// By slot code: the index of the kind's slot of that name, `nil` for a slot it lacks.
        let slotIndex: [Int?]
        let declarations: [ContainerSettingDeclaration]

        init(_ kind: RestorationContainer.Kind) {
            self.kind = kind
            let slots = kind.definition.slots
            self.slots = slots
            slotIndex = DocumentRows.slots.map { code in slots.firstIndex { $0.name == code.name } }
            declarations = kind.definition.settingDeclarations
        }

        /// The kind's definition (a metatype, looked up at each use: it is not `Sendable`).
        var definition: any ContainerKind.Type {
            kind.definition
        }
    }

    /// Every kind's reading, in the order of the kinds.
    static let kindReadings = RestorationContainer.Kind.allCases.map(KindReading.init)

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
        let values = try RecordValues.read(db, blob, path: path, snapshotID: snapshotID)
        // Each record's slot code, judged in document order.
        var codes: [Int] = []
        codes.reserveCapacity(blob.records.count)
        for (index, entry) in blob.records.enumerated() {
            guard let code = slotCode(entry.slot) else {
                throw damaged(snapshotID, "the record at \"\(path(index + 1))\" is in the slot \"\(entry.slot)\", which no kind has (expected \(slotNamesPhrase))")
            }
            codes.append(code)
        }
        if shape == .drillDown {
            // A format-1 state: its root is implied, and it has no container.
            guard blob.containers.isEmpty, blob.records.allSatisfy({ $0.owner == 0 }) else {
                throw damaged(snapshotID, "a format-1 snapshot with containers")
            }
            let placed = blob.records.indices.map { Placed(slot: codes[$0], position: blob.records[$0].position, record: values[$0]) }
            let root = try drillDown(placed, snapshotID: snapshotID, owner: "")
            return (.drillDown(formatVersion: formatVersion, left: root.left, right: root.right), blob.records.count)
        }
        // Each container by the index of the record owning it (0: the root's), its settings
        // judged in the order the tree holds them.
        var containers = [ContainerRow?](repeating: nil, count: blob.records.count + 1)
        for container in blob.containers {
            guard let kind = RestorationContainer.Kind(rawValue: container.kind) else {
                throw damaged(snapshotID, "the container at \"\(path(container.owner))\" has an unknown kind \"\(container.kind)\"")
            }
            guard containers[container.owner] == nil else {
                throw damaged(snapshotID, "two containers at \"\(path(container.owner))\"")
            }
            // Every kind has its reading (``kindReadings`` is made from all of them).
            let reading = kindReadings.firstIndex { $0.kind == kind }!
            var row = ContainerRow(reading: reading, settings: Array(repeating: nil, count: kindReadings[reading].declarations.count))
            for setting in container.settings {
                try SettingRows.setting(setting, of: kind, declarations: kindReadings[reading].declarations, into: &row.settings,
                                        snapshotID: snapshotID, owner: path(container.owner))
            }
            containers[container.owner] = row
        }
        var builder = TreeBuilder(snapshotID: snapshotID, blob: blob, codes: codes, records: consume values, containers: consume containers)
        let root = try builder.container(owner: 0, depth: 1)
        try builder.checkNothingLeft()
        guard shape == .navigationPath else {
            return (RestorationTree(formatVersion: formatVersion, root: root), blob.records.count)
        }
        // Read as a path: it is one again while it fits the form (a truncating stack of
        // records with classes and payloads); `check` reports one that does not.
        guard case .stack(let stack) = root, stack.afterDrop == .truncate else {
            throw DamagedValue(detail: "restack_snapshot.shape of snapshot \(snapshotID): a NavigationPath whose root container is not a truncating stack")
        }
        var navigationPath = RestorationTree.navigationPath(stack.records)
        navigationPath.formatVersion = formatVersion
        return (navigationPath, blob.records.count)
    }

    /// `left, right, records, ... or tabs`: the slot names a record may have.
    static let slotNamesPhrase = slots.dropLast().map(\.name).joined(separator: ", ") + " or " + (slots.last?.name ?? "")

    /// A container's kind (its index in ``kindReadings``) and settings, as stored, in the order
    /// of the kind's setting names.
    struct ContainerRow {
        var reading: Int
        var settings: [ContainerSetting?]
    }

    static func gap(_ snapshotID: Int64, _ owner: String, _ what: String) -> DamagedValue {
        damaged(snapshotID, "a gap in a stack of the container at \"\(owner)\": \(what)")
    }

    /// A tree's entries that are not a document: the message names the tree's column and the
    /// snapshot, `what` the path.
    static func damaged(_ snapshotID: Int64, _ what: String) -> DamagedValue {
        DamagedValue(detail: StoredColumn.tree.problem(in: StoredRow.snapshot(snapshotID).description, what))
    }

    /// Builds a tree's containers from its entries, by index: each record's children (in
    /// document order, from the tree's owners), its slot code, its value. Nothing is copied per
    /// record but the record itself, into its slot; a path (from `blob`) is made only for a
    /// message (<doc:Performance>).
    struct TreeBuilder {
        let snapshotID: Int64
        let blob: TreeBlob
        let codes: [Int]
        /// The records' values, in the tree's order (record i + 1 at i).
        var records: [RestorationRecord]
        var containers: [ContainerRow?]
        /// The children of record `owner` (0: the root's) are `children[start[owner] ..< start[owner + 1]]`.
        let start: [Int]
        let children: [Int]
        /// The owners whose container was built.
        var built: [Bool]

        init(snapshotID: Int64, blob: TreeBlob, codes: [Int], records: [RestorationRecord], containers: [ContainerRow?]) {
            self.snapshotID = snapshotID
            self.blob = blob
            self.codes = codes
            self.records = records
            self.containers = containers
            let count = blob.records.count
            var start = [Int](repeating: 0, count: count + 2)
            for record in blob.records {
                start[record.owner + 1] += 1
            }
            for owner in 0..<(count + 1) {
                start[owner + 1] += start[owner]
            }
            var next = start
            var children = [Int](repeating: 0, count: count)
            for (index, record) in blob.records.enumerated() {
                children[next[record.owner]] = index + 1
                next[record.owner] += 1
            }
            self.start = start
            self.children = children
            built = [Bool](repeating: false, count: count + 1)
        }

        func path(_ index: Int) -> String {
            DocumentRows.path(index, in: blob)
        }

        /// The container of record `owner` (0: the root's), with its records and theirs.
        mutating func container(owner: Int, depth: Int) throws -> RestorationContainer {
            guard depth <= RestorationTree.maxContainerDepth else {
                throw damaged(snapshotID, "containers nested deeper than \(RestorationTree.maxContainerDepth)")
            }
            guard let row = containers[owner], !built[owner] else {
                throw damaged(snapshotID, "records under \"\(path(owner))\", which holds no container")
            }
            built[owner] = true
            let mine = children[start[owner]..<start[owner + 1]]
            // Each child that owns a container gets it first.
            for child in mine {
                if containers[child] != nil {
                    let nested = try container(owner: child, depth: depth + 1)
                    records[child - 1].container = nested
                } else if start[child] != start[child + 1] {
                    throw damaged(snapshotID, "records under \"\(path(child))\", which holds no container")
                }
            }
            let reading = kindReadings[row.reading]
            let contents = try slotContents(mine, of: reading, owner: path(owner))
            do {
                return try reading.definition.stored(contents, settings: row.settings)
            } catch {
                let owner = path(owner)
                throw SettingRows.damaged(snapshotID, owner: owner, setting: error.setting, "the \(reading.definition.noun) at \"\(owner)\" \(error.phrase)")
            }
        }

        /// The records of each slot of the kind, in its slot order, checked: only its slots,
        /// positions 0 to n - 1 in a sequence, at most one record at 0 in a single slot. A tree
        /// holds a container's records in slot order and in position order (as Restack writes
        /// them): they are then only checked; in any other order they are sorted first.
        func slotContents(_ mine: ArraySlice<Int>, of reading: KindReading, owner: @autoclosure () -> String) throws(DamagedValue) -> [[RestorationRecord]] {
            // Each child as (its slot among the kind's, its position, its index).
            var placed: [(slot: Int, position: Int, index: Int)] = []
            placed.reserveCapacity(mine.count)
            var inOrder = true
            for child in mine {
                guard let slot = reading.slotIndex[codes[child - 1]] else {
                    throw damaged(snapshotID, "a record in a slot its container at \"\(owner())\" does not have (\(slots[codes[child - 1]].name))")
                }
                let position = blob.records[child - 1].position
                if let last = placed.last, (last.slot, last.position) > (slot, position) {
                    inOrder = false
                }
                placed.append((slot, position, child))
            }
            if !inOrder {
                placed.sort { ($0.slot, $0.position) < ($1.slot, $1.position) }
            }
            var contents: [[RestorationRecord]] = []
            contents.reserveCapacity(reading.slots.count)
            var next = 0
            for (index, slot) in reading.slots.enumerated() {
                var end = next
                while end < placed.count, placed[end].slot == index {
                    end += 1
                }
                let run = placed[next..<end]
                next = end
                if slot.isSequence {
                    for (expected, child) in run.enumerated() where child.position != expected {
                        throw gap(snapshotID, owner(), "\(child.position) where \(expected) was expected")
                    }
                } else {
                    guard run.count <= 1, run.allSatisfy({ $0.position == 0 }) else {
                        throw damaged(snapshotID, "the container at \"\(owner())\" has more than one \(slot.name) record, or one not at position 0")
                    }
                }
                contents.append(run.map { records[$0.index - 1] })
            }
            return contents
        }

        /// Throws when entries were left over: records or containers under paths that hold no
        /// container of the tree (a record's owner not built).
        func checkNothingLeft() throws(DamagedValue) {
            let strayOwners = built.indices.filter { !built[$0] && (containers[$0] != nil || start[$0] != start[$0 + 1]) }
            guard !strayOwners.isEmpty else { return }
            let paths = paths(blob)
            let strays = Set(strayOwners.map { paths[$0] }).sorted().prefix(3)
            throw damaged(snapshotID, "entries under paths that hold no container: \(strays.joined(separator: ", "))")
        }
    }
}
