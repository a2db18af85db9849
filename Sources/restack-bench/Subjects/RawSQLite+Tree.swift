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
    /// The released names the bench's states use, by number (Restack's append-only list; a
    /// baseline may hard-code the few it needs). A name not here is written inline, as Restack
    /// writes a name not in its list.
    static let released: [String: Int] = [
        "left": 0, "right": 1, "records": 2, "primary": 3, "detail": 4, "tabs": 5,
        "drillDown": 10, "stack": 11, "split": 12,
        "focus": 15, "compact": 16, "selected": 17, "afterDrop": 18,
        "merge": 19, "omitDetail": 20, "closeGap": 21, "truncate": 22,
    ]
    static let releasedNames: [Int: String] = Dictionary(uniqueKeysWithValues: released.map { ($1, $0) })

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
                    if let number = released[text] {
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
        if let number = released[text] {
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
            guard let name = RawTree.releasedNames[code - 1] else { throw Failure.malformed("unknown released name \(code - 1)") }
            return name
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
                    guard let text = releasedNames[code] else { throw Failure.malformed("unknown released name \(code)") }
                    settings.append((name, .text(text)))
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
    static func state(_ entries: [Entry], _ boxes: [Box], values: [Int64: RestorationRecord], formatVersion: Int) throws -> RestorationTree {
        var records: [RestorationRecord] = [RestorationRecord(identifier: nil)]   // index 0: the root's place
        records.reserveCapacity(entries.count + 1)
        var children = Array(repeating: [Int](), count: entries.count + 1)
        for (index, entry) in entries.enumerated() {
            guard let record = values[entry.valueID] else { throw Failure.malformed("value \(entry.valueID) has no row") }
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
            guard let kind = RestorationContainer.Kind(rawValue: box.kind) else { throw Failure.malformed("kind \(box.kind)") }
            let definition = kind.definition
            var slots = Array(repeating: [RestorationRecord](), count: definition.slots.count)
            for child in children[box.owner] {
                let slot = entries[child - 1].slot
                guard let index = definition.slots.firstIndex(where: { $0.name == slot }) else { throw Failure.malformed("slot \(slot)") }
                slots[index].append(records[child])
            }
            var named: [String: ContainerSetting] = [:]
            for (name, value) in box.settings { named[name] = value }
            let container = RestorationContainer(kind: kind, slots: slots, settings: definition.settingNames.map { named[$0] })
            if box.owner == 0 { root = container } else { records[box.owner].container = container }
        }
        guard let root else { throw Failure.malformed("no root container") }
        return RestorationTree(formatVersion: formatVersion, root: root)
    }
}
