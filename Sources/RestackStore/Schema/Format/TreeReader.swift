import Foundation
import Restack

/// Builds the tree a snapshot saved from its tree blob's entries (``TreeBlob``) and its records'
/// values, judging every entry against the tree it belongs to: an entry that does not fit is
/// ``DamagedValue`` naming the snapshot and the record's or container's path, never a trap.
///
/// One reader for every form: a tree (shape `tree`, a container for its root and for every
/// record that holds one), a SwiftUI `NavigationPath` (a tree whose root is a truncating stack),
/// and a format-1 state (shape `drillDown`: records only, its root an implied drill-down, read
/// as that one container).
///
/// Pure: the values come from the caller (``SnapshotFormat/read(_:_:tree:)``, or the bench's raw
/// baseline, which reads them with its own SQL).
package enum TreeReader {
    // MARK: Slots and kinds

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

    /// `left, right, records, ... or tabs`: the slot names a record may have.
    static let slotNamesPhrase = slots.dropLast().map(\.name).joined(separator: ", ") + " or " + (slots.last?.name ?? "")

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
            slotIndex = TreeReader.slots.map { code in slots.firstIndex { $0.name == code.name } }
            declarations = kind.definition.settingDeclarations
        }

        /// The kind's definition (a metatype, looked up at each use: it is not `Sendable`).
        var definition: any ContainerKind.Type {
            kind.definition
        }
    }

    /// Every kind's reading, in the order of the kinds.
    static let kindReadings = RestorationContainer.Kind.allCases.map(KindReading.init)

    /// The reading of a format-1 state's implied root, a drill-down, made alone: a launch that
    /// restores a format-1 state makes no other kind's (every kind's readings cost a launch in
    /// a fresh process about 0.25M instructions, <doc:Performance>).
    static let drillDownReading = KindReading(.drillDown)

    // MARK: Paths, made for messages

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
    /// (`RecordPath.spelling(_:after:)`). A slot no kind has is spelled `slot[position]`, for
    /// a message.
    static func path(owner: String, slot: String, position: Int) -> String {
        let step = slotCode(slot).map { slots[$0].step(position).description } ?? "\(slot)[\(position)]"
        return RecordPath.spelling(step, after: owner)
    }

    // MARK: Reading

    /// A stored tree's entries, or the damage: bytes that are not a tree, the rows of an older
    /// store kept as they were (``MigratedTree/legacyFormat``), or containers nested deeper than
    /// a tree may be.
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

    /// The tree `blob` and its records' values (`values`, record i + 1 at index i) describe,
    /// in the form it was saved in, every entry judged against the tree it belongs to.
    ///
    /// A path names a record or container only in a message: containers are found by their
    /// owner's index (a path built and hashed for every record of a nested tree cost its restore
    /// about a fifth, <doc:Performance>).
    package static func tree(_ blob: TreeBlob, values: [RestorationRecord], formatVersion: Int, form: RestorationTree.Form,
                             snapshotID: Int64) throws(DamagedValue) -> RestorationTree {
        func path(_ index: Int) -> String {
            TreeReader.path(index, in: blob)
        }
        // Each record's slot code, judged in document order.
        var codes: [Int] = []
        codes.reserveCapacity(blob.records.count)
        for (index, entry) in blob.records.enumerated() {
            guard let code = slotCode(entry.slot) else {
                throw damaged(snapshotID, "the record at \"\(path(index + 1))\" is in the slot \"\(entry.slot)\", which no kind has (expected \(slotNamesPhrase))")
            }
            codes.append(code)
        }
        // Each container by the index of the record owning it (0: the root's), its settings
        // judged in the order the tree holds them. A format-1 state's root is implied: a
        // drill-down with no setting, and no other container.
        var containers = [ContainerEntry?](repeating: nil, count: blob.records.count + 1)
        if form == .drillDown {
            guard blob.containers.isEmpty, blob.records.allSatisfy({ $0.owner == 0 }) else {
                throw damaged(snapshotID, "a format-1 snapshot with containers")
            }
            containers[0] = ContainerEntry(reading: drillDownReading, settings: Array(repeating: nil, count: drillDownReading.declarations.count))
        }
        for container in blob.containers {
            guard let kind = RestorationContainer.Kind(rawValue: container.kind) else {
                throw damaged(snapshotID, "the container at \"\(path(container.owner))\" has an unknown kind \"\(container.kind)\"")
            }
            guard containers[container.owner] == nil else {
                throw damaged(snapshotID, "two containers at \"\(path(container.owner))\"")
            }
            // Every kind has its reading (``kindReadings`` is made from all of them).
            let reading = kindReadings.first { $0.kind == kind }!
            var entry = ContainerEntry(reading: reading, settings: Array(repeating: nil, count: reading.declarations.count))
            for setting in container.settings {
                try SettingEntries.setting(setting, of: kind, declarations: reading.declarations, into: &entry.settings,
                                           snapshotID: snapshotID, owner: path(container.owner))
            }
            containers[container.owner] = entry
        }
        var builder = TreeBuilder(snapshotID: snapshotID, blob: blob, codes: codes, records: values, containers: consume containers)
        let root = try builder.container(owner: 0, depth: 1)
        try builder.checkNothingLeft()
        switch form {
        case .drillDown:
            // The implied root is the drill-down the reading built.
            guard case .drillDown(let drillDown) = root else {
                throw damaged(snapshotID, "a format-1 snapshot whose root is not a drill-down")
            }
            return .drillDown(formatVersion: formatVersion, left: drillDown.left, right: drillDown.right)
        case .tree:
            return RestorationTree(formatVersion: formatVersion, root: root)
        case .navigationPath:
            // Read as a path: it is one again while it fits the form (a truncating stack of
            // records with classes and payloads); `check` reports one that does not.
            guard case .stack(let stack) = root, stack.afterDrop == .truncate else {
                throw DamagedValue(detail: "restack_snapshot.shape of snapshot \(snapshotID): a NavigationPath whose root container is not a truncating stack")
            }
            var navigationPath = RestorationTree.navigationPath(stack.records)
            navigationPath.formatVersion = formatVersion
            return navigationPath
        }
    }

    /// A container's kind (its reading) and settings, as stored, in the order of the kind's
    /// setting names.
    struct ContainerEntry {
        var reading: KindReading
        var settings: [ContainerSetting?]
    }

    // MARK: Damage

    static func gap(_ snapshotID: Int64, _ owner: String, _ what: String) -> DamagedValue {
        damaged(snapshotID, "a gap in a stack of the container at \"\(owner)\": \(what)")
    }

    /// A tree's entries that are not a document: the message names the tree's column and the
    /// snapshot, `what` the path.
    static func damaged(_ snapshotID: Int64, _ what: String) -> DamagedValue {
        DamagedValue(detail: StoredColumn.tree.problem(in: StoredRow.snapshot(snapshotID).description, what))
    }
}
