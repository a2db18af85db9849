import Foundation
import GRDB
import Restack

/// A snapshot's document as rows: each record a row of `restack_record` keyed by its path, each
/// container of a tree a row of `restack_container` keyed by the path of the record that owns
/// it (`''` for the root).
///
/// A format-1 state (shape `drillDown`) has records only: its root is a drill-down, implied. A
/// tree (shape `tree`) has a container row for its root and for every record that holds one.
/// Loading is two index range scans (records, then containers for a tree), and every value goes
/// through ``StoredValues``: a row that does not fit the tree it belongs to is
/// ``StoreError/corrupt(path:detail:)``, never a trap.
enum DocumentRows {
    /// How a snapshot was saved, as `restack_snapshot.shape` says: the tree's form.
    typealias Shape = RestorationTree.Form

    // MARK: Writing

    /// Writes the rows of `tree` under `snapshotID`, in its form.
    ///
    /// - Returns: The records written (the tree's record count, without walking it again).
    @discardableResult
    static func insert(_ db: Database, _ tree: RestorationTree, snapshotID: Int64) throws -> Int {
        let isTree = tree.form != .drillDown
        let container = isTree ? try db.cachedStatement(sql: """
            INSERT INTO restack_container (snapshot_id, owner, kind) VALUES (?, ?, ?)
            """) : nil
        func insertContainer(_ value: RestorationContainer, owner: String) throws {
            try container?.execute(binding: [snapshotID.databaseValue, owner.databaseValue, value.kind.rawValue.databaseValue])
            // Each setting a row, by the name its kind gives it; a default written as nothing
            // is no row.
            try SettingRows.insert(db, value.writtenSettings, snapshotID: snapshotID, owner: owner)
        }
        try insertContainer(tree.root, owner: "")
        // Iterative, in document order: a tree built in code cannot overflow the stack here.
        var pending = tree.root.children.reversed().map { (parent: "", step: $0.step, record: $0.element) }
        var written = 0
        // Record rows go in by up to `recordsPerInsert` per statement, in document order.
        var rows: [DatabaseValue] = []
        rows.reserveCapacity(recordsPerInsert * recordColumns)
        func flush() throws {
            guard !rows.isEmpty else { return }
            try db.cachedStatement(sql: recordInsertSQL[rows.count / recordColumns - 1]).execute(binding: rows)
            rows.removeAll(keepingCapacity: true)
        }
        while let (parent, step, value) = pending.popLast() {
            written += 1
            let (slot, position) = (step.slotName, step.index)
            let path = parent.isEmpty ? step.description : parent + "/" + step.description
            // One value at a time, not `append(contentsOf: [...])`: no array allocated per record.
            // Text and payloads are bound exactly
            // (``GRDB/Statement/bind(_:to:at:)``): NUL characters kept, an empty payload a blob.
            rows.append(snapshotID.databaseValue)
            rows.append(path.databaseValue)
            rows.append(parent.databaseValue)
            rows.append(slot.databaseValue)
            rows.append(position.databaseValue)
            rows.append(value.identifier?.databaseValue ?? .null)
            rows.append(value.className?.databaseValue ?? .null)
            rows.append(value.payload?.databaseValue ?? .null)
            if rows.count == recordsPerInsert * recordColumns {
                try flush()
            }
            if let nested = value.container {
                try insertContainer(nested, owner: path)
                pending.append(contentsOf: nested.children.reversed().map { (parent: path, step: $0.step, record: $0.element) })
            }
        }
        try flush()
        return written
    }

    /// Record rows per `INSERT` at most: a state of up to 16 records is written by one statement.
    ///
    /// One statement of many rows instead of one per record: GRDB's per-execution work (reset,
    /// bindings, execution hooks) and SQLite's own per-statement start and halt are paid once.
    static let recordsPerInsert = 16
    /// The values of one record row.
    static let recordColumns = 8

    /// `INSERT`s of 1 ... `recordsPerInsert` record rows, each row's values in the order of
    /// `insert`, every one a plain parameter.
    ///
    /// The values are bound exactly (``GRDB/Statement/bind(_:to:at:)``): text with its NUL
    /// characters, an empty payload as a zero-length blob. Before, text went in as a blob cast
    /// to text (`CAST(? AS TEXT)`, GRDB's binding cuts text at a NUL) and an empty payload as
    /// `CASE WHEN ? THEN X'' ELSE ? END` (GRDB binds an empty `Data` as NULL): one parameter
    /// more per row, SQLite evaluating both expressions for every row, and a statement text
    /// four times as long for the statement cache to hash at every save.
    static let recordInsertSQL: [String] = (1...recordsPerInsert).map { count in
        "INSERT INTO restack_record (snapshot_id, path, parent, slot, position, identifier, class_name, payload) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?)", count: count).joined(separator: ", ")
    }

    // MARK: Reading

    /// A record's slot as a code, in SQL over the record table alias `r`: its index in ``slots``
    /// (the slots of every kind, from the kinds' files), NULL for anything else (one column
    /// reference).
    static let slotCode = "CASE r.slot " + slots.enumerated().map { "WHEN '\($0.element.name)' THEN \($0.offset)" }.joined(separator: " ") + " END"

    /// The records of snapshot ?: the parent path ('' for the root container), the slot as a
    /// code, the position, the record's values; text columns as they are, read with
    /// ``StoredValues/exactText(_:_:)``.
    static let recordsSQL = """
        SELECT r.parent, \(slotCode), r.position, r.identifier, r.class_name, r.payload
        FROM restack_record r WHERE r.snapshot_id = ?
        """

    /// The containers of snapshot ?, with their settings: owner, kind, and a setting's name and
    /// value (a row per setting; one row of NULLs for a container without settings).
    static let containersSQL = """
        SELECT c.owner, c.kind, s.name, s.value
        FROM restack_container c LEFT JOIN restack_setting s ON s.snapshot_id = c.snapshot_id AND s.owner = c.owner
        WHERE c.snapshot_id = ?
        """

    /// The slots of every kind, by code: the index in this list. A slot name no kind has is no
    /// code (a damaged row); a new kind's slots need no migration.
    static let slots = RestorationContainer.Kind.allSlots

    /// One record row, placed by its parent, slot and position.
    struct Placed {
        var slot: Int
        var position: Int
        var record: RestorationRecord
    }

    /// A snapshot's record rows as read, grouped by parent, before the document is built.
    struct RecordRows {
        let snapshotID: Int64
        /// The records of the root container.
        var top: [Placed] = []
        /// The records of nested containers, by their parent's path.
        var nested: [String: [Placed]] = [:]
        /// Rows read so far, to name a damaged one.
        var count = 0

        init(snapshotID: Int64) {
            self.snapshotID = snapshotID
            top.reserveCapacity(16)
        }

        /// Reads the record columns from `first` on (parent, slot code, position, identifier,
        /// class name, payload) of the row `values` stands on, checked.
        mutating func add(_ values: StoredValues, from first: Int) throws(DamagedValue) {
            count += 1
            let parent = try values.requiredExactText(first, .parent)
            guard let slot = try values.optionalInteger(first + 1, .slotCode) else {
                throw DamagedValue(detail: StoredColumn.slot.problem(in: StoredRow.record(snapshot: snapshotID, ordinal: count).description,
                                                                      "expected \(slotNamesPhrase)"))
            }
            let placed = Placed(
                slot: Int(slot), position: try values.int(first + 2, .position),
                record: RestorationRecord(identifier: try values.exactText(first + 3, .identifier),
                                          className: try values.exactText(first + 4, .className),
                                          payload: try values.blob(first + 5, .payload))
            )
            if parent.isEmpty {
                top.append(placed)
            } else {
                nested[parent, default: []].append(placed)
            }
        }

        /// The name of the row being read, for ``StoredValues``.
        var nextRowName: StoredRow {
            .record(snapshot: snapshotID, ordinal: count + 1)
        }
    }

    /// Reads a snapshot's document back.
    static func load(_ db: some StatementRunner, snapshotID: Int64, formatVersion: Int, shape: Shape) throws -> RestorationTree {
        var rows = RecordRows(snapshotID: snapshotID)
        try db.forEachRow(recordsSQL, binding: [snapshotID.databaseValue]) { step in
            try rows.add(StoredValues(statement: step, name: rows.nextRowName), from: 0)
            return true
        }
        return try document(db, rows: rows, formatVersion: formatVersion, shape: shape)
    }

    /// Builds a snapshot's document from its record rows (and, for a tree, its container rows),
    /// every row checked against the tree it belongs to.
    static func document(_ db: some StatementRunner, rows: RecordRows, formatVersion: Int, shape: Shape) throws -> RestorationTree {
        let snapshotID = rows.snapshotID
        switch shape {
        case .drillDown:
            guard rows.nested.isEmpty else {
                throw damaged(snapshotID, "a format-1 snapshot whose records have parents")
            }
            let root = try drillDown(rows.top, snapshotID: snapshotID, owner: "")
            return .drillDown(formatVersion: formatVersion, left: root.left, right: root.right)
        case .tree, .navigationPath:
            let containers = try loadContainers(db, snapshotID: snapshotID)
            var builder = TreeBuilder(snapshotID: snapshotID, nested: rows.nested, containers: containers)
            let root = try builder.container(owner: "", children: rows.top, depth: 1)
            guard builder.nested.isEmpty, builder.containers.isEmpty else {
                let strays = (Array(builder.nested.keys) + Array(builder.containers.keys)).sorted().prefix(3)
                throw damaged(snapshotID, "rows under paths that hold no container: \(strays.joined(separator: ", "))")
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

    /// `left, right, records, ... or tabs`: the slot names a row may have.
    static let slotNamesPhrase = slots.dropLast().map(\.name).joined(separator: ", ") + " or " + (slots.last?.name ?? "")

    /// A container's kind and settings, as stored.
    struct ContainerRow {
        var kind: RestorationContainer.Kind
        var settings: [String: StoredSetting]
    }

    static func loadContainers(_ db: some StatementRunner, snapshotID: Int64) throws -> [String: ContainerRow] {
        var result: [String: ContainerRow] = [:]
        try db.forEachRow(containersSQL, binding: [snapshotID.databaseValue]) { step in
            let values = StoredValues(statement: step, name: .container(snapshot: snapshotID))
            let owner = try values.requiredExactText(0, .owner)
            if result[owner] == nil {
                let kindName = try values.requiredExactText(1, .kind)
                guard let kind = RestorationContainer.Kind(rawValue: kindName) else {
                    throw damaged(snapshotID, "the container at \"\(owner)\" has an unknown kind \"\(kindName)\"", column: "kind")
                }
                result[owner] = ContainerRow(kind: kind, settings: [:])
            }
            if let (name, setting) = try SettingRows.setting(step, from: 2, of: result[owner]!.kind, snapshotID: snapshotID, owner: owner) {
                result[owner]!.settings[name] = setting
            }
            return true
        }
        return result
    }

    static func gap(_ snapshotID: Int64, _ owner: String, _ what: String) -> DamagedValue {
        DamagedValue(detail: StoredColumn.position.problem(in: "snapshot \(snapshotID)", "a gap in a stack of the container at \"\(owner)\": \(what)"))
    }

    /// The records of each slot of `kind`, in its slot order, checked: only its slots, positions
    /// 0 to n - 1 in a sequence, at most one record at 0 in a single slot.
    static func slotContents(_ children: [Placed], of kind: any ContainerKind.Type, snapshotID: Int64, owner: String) throws -> [[RestorationRecord]] {
        var bySlot = [[Placed]](repeating: [], count: kind.slots.count)
        for child in children {
            guard let local = kind.slots.firstIndex(where: { $0.name == slots[child.slot].name }) else {
                throw DamagedValue(detail: StoredColumn.slot.problem(
                    in: "snapshot \(snapshotID)", "a record in a slot its container at \"\(owner)\" does not have"))
            }
            bySlot[local].append(child)
        }
        return try zip(kind.slots, bySlot).map { slot, placed in
            guard slot.isSequence else {
                guard placed.count <= 1, placed.allSatisfy({ $0.position == 0 }) else {
                    throw DamagedValue(detail: StoredColumn.slot.problem(
                        in: "snapshot \(snapshotID)", "the container at \"\(owner)\" has more than one \(slot.name) record"))
                }
                return placed.map(\.record)
            }
            let sorted = placed.sorted { $0.position < $1.position }
            for (index, child) in sorted.enumerated() where child.position != index {
                throw gap(snapshotID, owner, "\(child.position) where \(index) was expected")
            }
            return sorted.map(\.record)
        }
    }

    static func damaged(_ snapshotID: Int64, _ what: String) -> DamagedValue {
        DamagedValue(detail: "restack_record of snapshot \(snapshotID): \(what)")
    }

    /// A container row that names no kind: the message names the column.
    static func damaged(_ snapshotID: Int64, _ what: String, column: String) -> DamagedValue {
        DamagedValue(detail: "restack_container.\(column) of snapshot \(snapshotID): \(what)")
    }

    /// Builds a tree's containers from the rows, consuming them: rows left over belong to no
    /// container of the tree.
    struct TreeBuilder {
        let snapshotID: Int64
        var nested: [String: [Placed]]
        var containers: [String: ContainerRow]

        mutating func container(owner: String, children: [Placed], depth: Int) throws -> RestorationContainer {
            guard depth <= RestorationTree.maxContainerDepth else {
                throw damaged(snapshotID, "containers nested deeper than \(RestorationTree.maxContainerDepth)")
            }
            guard let settings = containers.removeValue(forKey: owner) else {
                throw damaged(snapshotID, "records under \"\(owner)\", which holds no container")
            }
            // Each child that owns a container gets it first (its path is its parent's, a
            // slash, its step).
            var built: [Placed] = []
            for var child in children {
                let step = slots[child.slot].step(child.position).description
                let path = owner.isEmpty ? step : owner + "/" + step
                if containers[path] != nil {
                    child.record.container = try container(owner: path, children: nested.removeValue(forKey: path) ?? [], depth: depth + 1)
                } else if nested[path] != nil {
                    throw damaged(snapshotID, "records under \"\(path)\", which holds no container")
                }
                built.append(child)
            }
            let kind = settings.kind.definition
            let contents = try slotContents(built, of: kind, snapshotID: snapshotID, owner: owner)
            do {
                return try kind.stored(contents, settings: settings.settings.mapValues(\.setting))
            } catch {
                throw SettingRows.damaged(snapshotID, owner: owner, setting: error.setting, "the \(kind.noun) at \"\(owner)\" \(error.phrase)")
            }
        }
    }
}
