import Foundation

/// What changed between two saved trees: records added, removed, moved and changed, and
/// container settings changed.
///
/// Records are matched by identifier first: a record whose identifier is in both trees (once in
/// each) is the same record, *moved* when its path differs, *changed* when its class or payload
/// does. Records left unmatched (no identifier, an identifier in one tree only or more than once)
/// are matched by path, unless both have identifiers and they differ: the same path in both is a
/// *changed* record (an identifier given or taken away shows as a change). Whatever is still
/// unmatched is *removed* (in the old tree) or *added* (in the new).
/// A format-1 drill-down is a tree like any other.
///
/// ```swift
/// let diff = TreeDiff(from: yesterday, to: today)
/// for moved in diff.moved { print("\(moved.from) -> \(moved.to)") }
/// ```
package struct TreeDiff: Hashable, Sendable {
    /// A record on one side of the diff, with its path.
    package struct Entry: Hashable, Sendable {
        /// Where the record is saved.
        package var path: RecordPath
        /// The record, exactly as saved.
        package var record: RestorationRecord
    }

    /// A record in both trees at different paths.
    package struct Moved: Hashable, Sendable {
        /// The old path.
        package var from: RecordPath
        /// The new path.
        package var to: RecordPath
        /// The record as in the new tree.
        package var record: RestorationRecord
        /// What else changed, if anything.
        package var changes: [Change]
    }

    /// A record in both trees whose identifier, class or payload changed.
    package struct Changed: Hashable, Sendable {
        /// Where the record is in the new tree (and, when matched by identifier and not moved,
        /// in the old one).
        package var path: RecordPath
        /// The record as in the new tree.
        package var record: RestorationRecord
        /// What changed.
        package var changes: [Change]
    }

    /// One changed field of a record or of a container, old and new values as text (`nil` for
    /// none), compared byte for byte.
    package struct Change: Hashable, Sendable {
        /// `identifier`, `class`, `payload` for records; `container` (its kind, or none),
        /// `focus`, `compact`, `selected` for containers.
        package var field: String
        /// The old value.
        package var old: String?
        /// The new value.
        package var new: String?

        package static func == (lhs: Change, rhs: Change) -> Bool {
            lhs.field == rhs.field && lhs.old.isExactlyEqual(to: rhs.old) && lhs.new.isExactlyEqual(to: rhs.new)
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(field)
            hasher.combine(old.map(ExactString.init))
            hasher.combine(new.map(ExactString.init))
        }
    }

    /// A container whose settings changed, at the path of the record holding it (empty for the
    /// root).
    package struct ContainerChange: Hashable, Sendable {
        /// The container's path.
        package var path: RecordPath
        /// What changed.
        package var changes: [Change]
    }

    /// The old tree's format version.
    package var oldFormatVersion: Int
    /// The new tree's format version.
    package var newFormatVersion: Int
    /// Records only in the new tree, in its document order.
    package var added: [Entry] = []
    /// Records only in the old tree, in its document order.
    package var removed: [Entry] = []
    /// Records at another path, in the new tree's document order.
    package var moved: [Moved] = []
    /// Records changed in place, in the new tree's document order.
    package var changed: [Changed] = []
    /// Containers whose settings changed, in the new tree's document order; then the containers
    /// of records at paths the new tree does not have (`container stack -> none`), in the old
    /// tree's: a container removed shows as one added does (`container none -> stack`).
    package var containers: [ContainerChange] = []

    /// Whether the two trees are the same.
    package var isEmpty: Bool {
        oldFormatVersion == newFormatVersion && added.isEmpty && removed.isEmpty && moved.isEmpty && changed.isEmpty && containers.isEmpty
    }

    /// The differences from `old` to `new`.
    package init(from old: RestorationTree, to new: RestorationTree) {
        oldFormatVersion = old.formatVersion
        newFormatVersion = new.formatVersion
        let before = old.allRecords, after = new.allRecords

        // Identifiers found exactly once on each side match, byte for byte: `"café"` saved as
        // U+00E9 and as `e` U+0301 are two identifiers, as everywhere in Restack.
        func unique(_ records: [(path: RecordPath, record: RestorationRecord)]) -> [ExactString: Int] {
            var counts: [ExactString: Int] = [:], index: [ExactString: Int] = [:]
            for (offset, entry) in records.enumerated() {
                guard let id = entry.record.identifier, !id.isEmpty else { continue }
                counts[ExactString(id), default: 0] += 1
                index[ExactString(id)] = offset
            }
            return index.filter { counts[$0.key] == 1 }
        }
        let oldIDs = unique(before), newIDs = unique(after)
        var matchedOld = Set<Int>(), matchedNew = Set<Int>()
        var pairs: [(old: Int, new: Int)] = []
        for (offset, entry) in after.enumerated() {
            guard let id = entry.record.identifier.map(ExactString.init), newIDs[id] == offset, let match = oldIDs[id] else { continue }
            pairs.append((match, offset))
            matchedOld.insert(match)
            matchedNew.insert(offset)
        }
        // Then the same path, unless the two records have different identifiers.
        var oldByPath: [RecordPath: Int] = [:]
        for (offset, entry) in before.enumerated() where !matchedOld.contains(offset) {
            oldByPath[entry.path] = offset
        }
        func named(_ record: RestorationRecord) -> Bool {
            record.identifier.map { !$0.isEmpty } ?? false
        }
        for (offset, entry) in after.enumerated() where !matchedNew.contains(offset) {
            guard let match = oldByPath[entry.path] else { continue }
            let other = before[match].record
            guard other.identifier.isExactlyEqual(to: entry.record.identifier) || !named(other) || !named(entry.record) else { continue }
            pairs.append((match, offset))
            matchedOld.insert(match)
            matchedNew.insert(offset)
        }
        pairs.sort { $0.new < $1.new }
        for (o, n) in pairs {
            let (a, b) = (before[o], after[n])
            let changes = Self.changes(a.record, b.record)
            if a.path != b.path {
                moved.append(Moved(from: a.path, to: b.path, record: b.record, changes: changes))
            } else if !changes.isEmpty {
                changed.append(Changed(path: b.path, record: b.record, changes: changes))
            }
        }
        removed = before.enumerated().filter { !matchedOld.contains($0.offset) }.map { Entry(path: $0.element.path, record: $0.element.record) }
        added = after.enumerated().filter { !matchedNew.contains($0.offset) }.map { Entry(path: $0.element.path, record: $0.element.record) }

        // Containers at the same path.
        var oldContainers: [RecordPath: RestorationContainer] = [.root: old.root]
        for (path, record) in before {
            if let container = record.container { oldContainers[path] = container }
        }
        var newContainers: [(RecordPath, RestorationContainer?)] = [(.root, new.root)]
        for (path, record) in after where oldContainers[path] != nil || record.container != nil {
            newContainers.append((path, record.container))
        }
        for (path, container) in newContainers {
            let changes = Self.settings(oldContainers[path], container)
            if !changes.isEmpty {
                containers.append(ContainerChange(path: path, changes: changes))
            }
        }
        let newPaths = Set(after.map(\.path))
        for (path, record) in before where record.container != nil && !newPaths.contains(path) {
            containers.append(ContainerChange(path: path, changes: Self.settings(record.container, nil)))
        }
    }

    /// `"5 bytes, fnv1a64 a430d84680aabd0b"`, or `nil` for no payload.
    package static func payloadSummary(_ payload: Data?) -> String? {
        payload.map { "\($0.count) bytes, fnv1a64 \(FNV1a.hex($0))" }
    }

    private static func changes(_ a: RestorationRecord, _ b: RestorationRecord) -> [Change] {
        var result: [Change] = []
        if !a.identifier.isExactlyEqual(to: b.identifier) {
            result.append(Change(field: "identifier", old: a.identifier, new: b.identifier))
        }
        if !a.className.isExactlyEqual(to: b.className) {
            result.append(Change(field: "class", old: a.className, new: b.className))
        }
        if a.payload != b.payload {
            result.append(Change(field: "payload", old: payloadSummary(a.payload), new: payloadSummary(b.payload)))
        }
        return result
    }

    /// The settings of a container as fields: its kind, then the settings its kind's file lists.
    private static func fields(_ container: RestorationContainer?) -> [(String, String?)] {
        guard let parts = container?.parts else { return [("container", nil)] }
        return [("container", parts.kind.kind.rawValue)] + zip(parts.kind.settingNames, parts.settings).map { ($0, $1?.text) }
    }

    private static func settings(_ a: RestorationContainer?, _ b: RestorationContainer?) -> [Change] {
        let old = fields(a), new = fields(b)
        if !old[0].1.isExactlyEqual(to: new[0].1) {
            return [Change(field: "container", old: old[0].1, new: new[0].1)]
        }
        return zip(old, new).compactMap { !$0.1.isExactlyEqual(to: $1.1) ? Change(field: $0.0, old: $0.1, new: $1.1) : nil }
    }
}
