import Foundation
import Restack

/// The raw baseline's snapshot tree blob (migration 9's `restack_snapshot.tree`), written and read
/// by hand: every integer an unsigned LEB128 varint,
///
///     tree       := 0x01, records, containers
///     records    := N, N x (owner, name(slot), position, value id)   -- pre-order
///     containers := M, M x (owner, name(kind), K, K x (name(setting), value))
///
/// an owner 0 the root container, i the container of the i-th record; M = 0 for a format-1
/// drill-down; a name `c` >= 1 the released name c - 1, 0 inline (length, UTF-8). It must be the
/// bytes Restack's encoder writes for the bench's states: the bench compares them at its start
/// (`SameTreeBytes`).
enum RawTree {
    /// Restack's released names, by number (its append-only list, copied: a baseline may
    /// hard-code them). A name not here is written inline, as Restack writes a name not in its
    /// list. An array, not a dictionary: a lookup in 23 names costs less than a dictionary's
    /// first use in a fresh process.
    static let released: [String] = [
        "left", "right", "records", "primary", "detail", "tabs", "base", "presented", "sidebar", "content",
        "drillDown", "stack", "split", "presentation", "columns",
        "focus", "compact", "selected", "afterDrop",
        "merge", "omitDetail", "closeGap", "truncate",
    ]

    /// One record of a tree: its owner (0 the root container, i the i-th record's), slot,
    /// position, and the id of its values' row.
    struct Entry {
        var owner: Int
        var slot: String
        var position: Int
        var valueID: Int64
    }

    /// One container: its owner, kind and written settings.
    struct Box {
        var owner: Int
        var kind: String
        var settings: [(name: String, value: ContainerSetting)]
    }

    enum Failure: Error {
        case malformed(String)
    }

    // MARK: Walking a state

    /// The records of `tree` in document order (pre-order, as Restack writes them), each with
    /// its owner, slot and position, and its containers (none for a format-1 drill-down).
    static func flatten(_ tree: RestorationTree) -> (records: [(entry: Entry, record: RestorationRecord)], boxes: [Box]) {
        let isTree = tree.form != .drillDown
        var records: [(entry: Entry, record: RestorationRecord)] = []
        var boxes: [Box] = []
        func box(_ container: RestorationContainer, owner: Int) {
            guard isTree else { return }
            boxes.append(Box(owner: owner, kind: container.kind.rawValue,
                             settings: container.writtenSettings.compactMap { name, value in value.map { (name, $0) } }))
        }
        box(tree.root, owner: 0)
        var pending = tree.root.children.reversed().map { (owner: 0, step: $0.step, record: $0.element) }
        while let (owner, step, record) = pending.popLast() {
            records.append((Entry(owner: owner, slot: step.slotName, position: step.index, valueID: 0), record))
            if let nested = record.container {
                let index = records.count
                box(nested, owner: index)
                pending.append(contentsOf: nested.children.reversed().map { (owner: index, step: $0.step, record: $0.element) })
            }
        }
        return (records, boxes)
    }

    // MARK: Encoding

    static func encode(_ entries: [Entry], _ boxes: [Box]) throws -> Data {
        var out = Data([0x01])
        out.reserveCapacity(16 + entries.count * 6)
        varint(UInt64(entries.count), &out)
        for entry in entries {
            varint(UInt64(entry.owner), &out)
            name(entry.slot, &out)
            varint(UInt64(entry.position), &out)
            varint(UInt64(entry.valueID), &out)
        }
        varint(UInt64(boxes.count), &out)
        for box in boxes {
            varint(UInt64(box.owner), &out)
            name(box.kind, &out)
            varint(UInt64(box.settings.count), &out)
            for (setting, value) in box.settings {
                name(setting, &out)
                switch value {
                case .integer(let number):
                    out.append(1)
                    varint(UInt64(bitPattern: Int64((number << 1) ^ (number >> (Int.bitWidth - 1)))), &out)
                case .text(let text):
                    if let number = released.firstIndex(of: text) {
                        out.append(5)
                        varint(UInt64(number), &out)
                    } else {
                        out.append(3)
                        varint(UInt64(text.utf8.count), &out)
                        out.append(contentsOf: text.utf8)
                    }
                case .bool:
                    throw Failure.malformed("a boolean setting (\(setting)) has no form in the tree blob")
                }
            }
        }
        return out
    }

    static func varint(_ value: UInt64, _ out: inout Data) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    static func name(_ text: String, _ out: inout Data) {
        if let number = released.firstIndex(of: text) {
            varint(UInt64(number + 1), &out)
        } else {
            out.append(0)
            varint(UInt64(text.utf8.count), &out)
            out.append(contentsOf: text.utf8)
        }
    }

    // MARK: Decoding

    /// Reads a tree blob; throws on anything malformed (never traps).
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func byte() throws -> UInt8 {
            guard offset < bytes.count else { throw Failure.malformed("truncated") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() throws -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try byte()
                guard shift < 64 else { throw Failure.malformed("varint overflow") }
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return result }
                shift += 7
            }
        }

        mutating func int() throws -> Int {
            let value = try varint()
            guard value <= UInt64(Int.max) else { throw Failure.malformed("integer overflow") }
            return Int(value)
        }

        mutating func text() throws -> String {
            let count = try int()
            guard count <= bytes.count - offset else { throw Failure.malformed("truncated text") }
            defer { offset += count }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]), as: UTF8.self)
        }

        mutating func name() throws -> String {
            let code = try int()
            if code == 0 { return try text() }
            guard code <= RawTree.released.count else { throw Failure.malformed("unknown released name \(code - 1)") }
            return RawTree.released[code - 1]
        }
    }

    /// The entries and containers of a tree blob.
    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> (entries: [Entry], boxes: [Box]) {
        var reader = Reader(bytes: bytes)
        guard try reader.byte() == 0x01 else { throw Failure.malformed("unknown tree format") }
        let count = try reader.int()
        var entries: [Entry] = []
        entries.reserveCapacity(min(count, 1024))
        for index in 0..<count {
            let owner = try reader.int()
            guard owner <= index else { throw Failure.malformed("owner \(owner) after its record") }
            let slot = try reader.name()
            let position = try reader.int()
            let valueID = try reader.varint()
            guard valueID <= UInt64(Int64.max) else { throw Failure.malformed("value id overflow") }
            entries.append(Entry(owner: owner, slot: slot, position: position, valueID: Int64(valueID)))
        }
        let boxCount = try reader.int()
        var boxes: [Box] = []
        for _ in 0..<boxCount {
            let owner = try reader.int()
            guard owner <= count else { throw Failure.malformed("container owner \(owner) out of range") }
            let kind = try reader.name()
            let settingCount = try reader.int()
            var settings: [(name: String, value: ContainerSetting)] = []
            for _ in 0..<settingCount {
                let name = try reader.name()
                switch try reader.byte() {
                case 1:
                    let raw = try reader.varint()
                    settings.append((name, .integer(Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))))))
                case 3: settings.append((name, .text(try reader.text())))
                case 5:
                    let code = try reader.int()
                    guard code < released.count else { throw Failure.malformed("unknown released name \(code)") }
                    settings.append((name, .text(released[code])))
                case let tag: throw Failure.malformed("setting tag \(tag) the bench never writes")
                }
            }
            boxes.append(Box(owner: owner, kind: kind, settings: settings))
        }
        guard reader.offset == bytes.count else { throw Failure.malformed("bytes after the tree") }
        return (entries, boxes)
    }

    /// The value ids a tree blob references (for pruning).
    static func valueIDs(_ bytes: UnsafeRawBufferPointer) throws -> [Int64] {
        try decode(bytes).entries.map(\.valueID)
    }

    // MARK: Rebuilding a state

    /// The state a decoded tree describes, its records' values looked up in `values`.
    static func state(_ entries: [Entry], _ boxes: [Box], values: [(id: Int64, record: RestorationRecord)], formatVersion: Int) throws -> RestorationTree {
        var records: [RestorationRecord] = [RestorationRecord(identifier: nil)]   // index 0: the root's place
        records.reserveCapacity(entries.count + 1)
        var children = Array(repeating: [Int](), count: entries.count + 1)
        for (index, entry) in entries.enumerated() {
            guard let record = values.first(where: { $0.id == entry.valueID })?.record else { throw Failure.malformed("value \(entry.valueID) has no row") }
            records.append(record)
            children[entry.owner].append(index + 1)
        }
        guard !boxes.isEmpty else {
            // A format-1 drill-down: the root's records, left then right.
            var left: [RestorationRecord] = [], right: RestorationRecord?
            for child in children[0] {
                if entries[child - 1].slot == "right" { right = records[child] } else { left.append(records[child]) }
            }
            return .drillDown(formatVersion: formatVersion, left: left, right: right)
        }
        // Owners come before what they own: building from the last owner back, every record's
        // container is built before the container that holds the record.
        var root: RestorationContainer?
        for box in boxes.reversed() {
            // The kinds and slots the bench's states use, built directly, as an app's own code
            // would: the first slot of each kind (left, records, primary, tabs), then the second.
            var first: [RestorationRecord] = [], second: [RestorationRecord] = []
            for child in children[box.owner] {
                switch entries[child - 1].slot {
                case "left", "records", "primary", "tabs": first.append(records[child])
                case "right", "detail": second.append(records[child])
                case let slot: throw Failure.malformed("slot \(slot) the bench never writes")
                }
            }
            func text(_ name: String) -> String? {
                if case .text(let value)? = box.settings.first(where: { $0.name == name })?.value { value } else { nil }
            }
            let container: RestorationContainer
            switch box.kind {
            case "drillDown": container = .drillDown(DrillDownContainer(left: first, right: second.first))
            case "stack": container = .stack(StackContainer(records: first, afterDrop: text("afterDrop").flatMap(StackAfterDrop.init) ?? .closeGap))
            case "split":
                container = .split(SplitContainer(primary: first, detail: second,
                                                  focus: text("focus").flatMap(SplitSide.init) ?? .primary,
                                                  compact: text("compact").flatMap(SplitCompactPolicy.init) ?? .merge))
            case "tabs":
                var selected: Int?
                if case .integer(let index)? = box.settings.first(where: { $0.name == "selected" })?.value { selected = index }
                container = .tabs(TabsContainer(tabs: first, selected: selected))
            case let kind: throw Failure.malformed("kind \(kind) the bench never writes")
            }
            if box.owner == 0 { root = container } else { records[box.owner].container = container }
        }
        guard let root else { throw Failure.malformed("no root container") }
        return RestorationTree(formatVersion: formatVersion, root: root)
    }
}
