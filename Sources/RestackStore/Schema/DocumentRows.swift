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
    static func insert(_ db: Database, _ tree: RestorationTree, snapshotID: Int64) throws {
        // An empty payload is written as X'' explicitly: binding an empty buffer could store NULL.
        let record = try db.cachedStatement(sql: """
            INSERT INTO restack_record (snapshot_id, path, parent, slot, position, identifier, class_name, payload)
            VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT), CAST(? AS TEXT), CASE WHEN ? THEN X'' ELSE ? END)
            """)
        let isTree = tree.form == .tree
        let container = isTree ? try db.cachedStatement(sql: """
            INSERT INTO restack_container (snapshot_id, owner, kind, focus, compact, selected) VALUES (?, ?, ?, ?, ?, ?)
            """) : nil
        func insertContainer(_ value: RestorationContainer, owner: String) throws {
            var settings: (focus: String?, compact: String?, selected: Int?) = (nil, nil, nil)
            switch value {
            case .split(let split): settings = (split.focus.rawValue, split.compact.rawValue, nil)
            case .tabs(let tabs): settings.selected = tabs.selected
            case .drillDown, .stack: break
            }
            try container?.execute(arguments: [snapshotID, owner, value.kind.rawValue, settings.focus, settings.compact, settings.selected])
        }
        try insertContainer(tree.root, owner: "")
        // Iterative, in document order: a tree built in code cannot overflow the stack here.
        var pending = tree.root.children.reversed().map { (parent: "", step: $0.step, record: $0.record) }
        while let (parent, step, value) = pending.popLast() {
            let (slot, position) = (step.slotName, step.index)
            let path = parent.isEmpty ? step.description : parent + "/" + step.description
            let payloadIsEmpty = value.payload?.isEmpty ?? false
            try record.execute(arguments: [
                snapshotID, path, parent, slot, position, SnapshotQueries.exact(value.identifier), SnapshotQueries.exact(value.className),
                payloadIsEmpty, payloadIsEmpty ? nil : value.payload,
            ])
            if let nested = value.container {
                try insertContainer(nested, owner: path)
                pending.append(contentsOf: nested.children.reversed().map { (parent: path, step: $0.step, record: $0.record) })
            }
        }
    }

    // MARK: Reading

    /// The records of snapshot ?: the parent path ('' for the root container), the slot as a
    /// code (NULL for anything else), the position, the record's values.
    static let recordsSQL = """
        SELECT \(StoredColumn.parent.selection("r")),
               CASE r.slot WHEN 'left' THEN 0 WHEN 'right' THEN 1 WHEN 'records' THEN 2 WHEN 'primary' THEN 3
                           WHEN 'detail' THEN 4 WHEN 'tabs' THEN 5 END,
               r.position, \(StoredColumn.identifier.selection("r")), \(StoredColumn.className.selection("r")), r.payload
        FROM restack_record r WHERE r.snapshot_id = ?
        """

    /// The containers of snapshot ?: owner, kind, focus, compact policy, selected tab.
    static let containersSQL = """
        SELECT \(StoredColumn.owner.selection("c")), \(StoredColumn.kind.selection("c")), \(StoredColumn.focus.selection("c")),
               \(StoredColumn.compact.selection("c")), c.selected
        FROM restack_container c WHERE c.snapshot_id = ?
        """

    /// One record row, placed by its parent, slot and position.
    struct Placed {
        var slot: Int
        var position: Int
        var record: RestorationRecord
    }

    /// Reads a snapshot's document back.
    static func load(_ db: Database, snapshotID: Int64, formatVersion: Int, shape: Shape) throws -> RestorationTree {
        let statement = try db.cachedStatement(sql: recordsSQL)
        let rows = try Row.fetchCursor(statement, arguments: [snapshotID])
        var top: [Placed] = []
        top.reserveCapacity(16)
        var nested: [String: [Placed]] = [:]
        var ordinal = 0
        while let row = try rows.next() {
            ordinal += 1
            let values = StoredValues(row: row, of: statement, name: .record(snapshot: snapshotID, ordinal: ordinal))
            let parent = try values.requiredText(0, .parent)
            guard let slot = try values.optionalInteger(1, .slotCode) else {
                throw DamagedValue(detail: StoredColumn.slot.problem(in: StoredRow.record(snapshot: snapshotID, ordinal: ordinal).description,
                                                                      "expected left, right, records, primary, detail or tabs"))
            }
            let placed = Placed(
                slot: Int(slot), position: try values.int(2, .position),
                record: RestorationRecord(identifier: try values.text(3, .identifier), className: try values.text(4, .className),
                                          payload: try values.blob(5, .payload))
            )
            if parent.isEmpty {
                top.append(placed)
            } else {
                nested[parent, default: []].append(placed)
            }
        }
        switch shape {
        case .drillDown:
            guard nested.isEmpty else {
                throw damaged(snapshotID, "a format-1 snapshot whose records have parents")
            }
            let root = try drillDown(top, snapshotID: snapshotID, owner: "")
            return .drillDown(formatVersion: formatVersion, left: root.left, right: root.right)
        case .tree:
            let containers = try loadContainers(db, snapshotID: snapshotID)
            var builder = TreeBuilder(snapshotID: snapshotID, nested: nested, containers: containers)
            let root = try builder.container(owner: "", children: top, depth: 1)
            guard builder.nested.isEmpty, builder.containers.isEmpty else {
                let strays = (Array(builder.nested.keys) + Array(builder.containers.keys)).sorted().prefix(3)
                throw damaged(snapshotID, "rows under paths that hold no container: \(strays.joined(separator: ", "))")
            }
            return RestorationTree(formatVersion: formatVersion, root: root)
        }
    }

    /// A container's settings, as stored.
    struct ContainerRow {
        var kind: RestorationContainer.Kind
        var focus: String?
        var compact: String?
        var selected: Int64?
    }

    static func loadContainers(_ db: Database, snapshotID: Int64) throws -> [String: ContainerRow] {
        let statement = try db.cachedStatement(sql: containersSQL)
        let rows = try Row.fetchCursor(statement, arguments: [snapshotID])
        var result: [String: ContainerRow] = [:]
        while let row = try rows.next() {
            let values = StoredValues(row: row, of: statement, name: .container(snapshot: snapshotID))
            let owner = try values.requiredText(0, .owner)
            let kindName = try values.requiredText(1, .kind)
            guard let kind = RestorationContainer.Kind(rawValue: kindName) else {
                throw damaged(snapshotID, "the container at \"\(owner)\" has an unknown kind \"\(kindName)\"")
            }
            result[owner] = ContainerRow(kind: kind, focus: try values.text(2, .focus), compact: try values.text(3, .compact),
                                         selected: try values.optionalInteger(4, .selected))
        }
        return result
    }

    /// A drill-down from its records: left positions 0, 1, ... and at most one right at 0.
    /// Every restore of a format-1 snapshot comes here: records are placed by position in one
    /// pass, without grouping or sorting.
    static func drillDown(_ children: [Placed], snapshotID: Int64, owner: String) throws -> DrillDownContainer {
        var left = [RestorationRecord?](repeating: nil, count: children.count)
        var leftCount = 0
        var right: RestorationRecord?
        for child in children {
            switch child.slot {
            case 0 where (0..<children.count).contains(child.position) && left[child.position] == nil:
                left[child.position] = child.record
                leftCount += 1
            case 0:
                throw gap(snapshotID, owner, "left position \(child.position)")
            case 1 where child.position == 0 && right == nil:
                right = child.record
            case 1:
                throw DamagedValue(detail: StoredColumn.slot.problem(in: "snapshot \(snapshotID)", "the container at \"\(owner)\" has more than one right record"))
            default:
                throw DamagedValue(detail: StoredColumn.slot.problem(
                    in: "snapshot \(snapshotID)", "a record in a slot its container at \"\(owner)\" does not have"))
            }
        }
        let stack = left.prefix(leftCount).compactMap { $0 }
        guard stack.count == leftCount else {
            throw gap(snapshotID, owner, "left positions beyond \(stack.count)")
        }
        return DrillDownContainer(left: stack, right: right)
    }

    static func gap(_ snapshotID: Int64, _ owner: String, _ what: String) -> DamagedValue {
        DamagedValue(detail: StoredColumn.position.problem(in: "snapshot \(snapshotID)", "a gap in a stack of the container at \"\(owner)\": \(what)"))
    }

    /// The records of each slot in order, checked: only `allowed` slots, positions 0 to n - 1.
    static func sequences(_ children: [Placed], allowed: Set<Int>, snapshotID: Int64, owner: String) throws -> [Int: [RestorationRecord]] {
        var bySlot: [Int: [Placed]] = [:]
        for child in children {
            guard allowed.contains(child.slot) else {
                throw DamagedValue(detail: StoredColumn.slot.problem(
                    in: "snapshot \(snapshotID)", "a record in a slot its container at \"\(owner)\" does not have"))
            }
            bySlot[child.slot, default: []].append(child)
        }
        return try bySlot.mapValues { placed in
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

    /// Builds a tree's containers from the rows, consuming them: rows left over belong to no
    /// container of the tree.
    struct TreeBuilder {
        let snapshotID: Int64
        var nested: [String: [Placed]]
        var containers: [String: ContainerRow]

        /// Slot codes of the record rows.
        static let slotNames = ["left", "right", "records", "primary", "detail", "tabs"]

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
                let step = "\(Self.slotNames[child.slot])\(child.slot == 1 ? "" : "[\(child.position)]")"
                let path = owner.isEmpty ? step : owner + "/" + step
                if containers[path] != nil {
                    child.record.container = try container(owner: path, children: nested.removeValue(forKey: path) ?? [], depth: depth + 1)
                } else if nested[path] != nil {
                    throw damaged(snapshotID, "records under \"\(path)\", which holds no container")
                }
                built.append(child)
            }
            switch settings.kind {
            case .drillDown:
                return .drillDown(try drillDown(built, snapshotID: snapshotID, owner: owner))
            case .stack:
                let slots = try sequences(built, allowed: [2], snapshotID: snapshotID, owner: owner)
                return .stack(StackContainer(records: slots[2] ?? []))
            case .split:
                let slots = try sequences(built, allowed: [3, 4], snapshotID: snapshotID, owner: owner)
                guard let focus = settings.focus.flatMap(SplitContainer.Side.init(rawValue:)),
                      let compact = settings.compact.flatMap(SplitContainer.CompactPolicy.init(rawValue:)) else {
                    throw damaged(snapshotID, "the split at \"\(owner)\" has no valid focus or compact policy")
                }
                return .split(SplitContainer(primary: slots[3] ?? [], detail: slots[4] ?? [], focus: focus, compact: compact))
            case .tabs:
                let tabs = try sequences(built, allowed: [5], snapshotID: snapshotID, owner: owner)[5] ?? []
                let selected = settings.selected.flatMap { Int(exactly: $0) }
                guard tabs.isEmpty ? settings.selected == nil : selected.map(tabs.indices.contains) == true else {
                    throw damaged(snapshotID, "the tab bar at \"\(owner)\" selects a tab it does not have")
                }
                return .tabs(TabsContainer(tabs: tabs, selected: selected))
            }
        }
    }
}
