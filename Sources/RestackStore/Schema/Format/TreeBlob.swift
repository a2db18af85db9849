import Foundation

/// A snapshot's structure as `restack_snapshot.tree` holds it (migration 9): its records in
/// document order, each placed by the record owning its container, its slot and position, and
/// naming its content by a row of `restack_value`; then its containers with their kinds and
/// settings. The entries are kept exactly as stored, valid or not: what they mean (a slot its
/// container has, a gap in a stack) is judged when the document is built from them, as for any
/// stored value.
///
/// The format (all integers unsigned LEB128 varints unless said):
///
/// ```
/// tree       := 0x01 (format) , records , containers
/// records    := N , N x record          -- document order: an owner comes before what it owns
/// record     := owner , name(slot) , position , valueID
/// owner      := 0 = the root container; i >= 1 = the container of the i-th record of this list
/// containers := M , M x container       -- M = 0 for a format-1 state (shape drillDown); else the root first
/// container  := owner , name(kind) , K , K x (name(setting) , value)
/// name       := c ; c >= 1: the released name c - 1 (ReleasedNames) ; c = 0: inline: length , UTF-8 bytes
/// value      := tag byte: 0 NULL | 1 integer (zigzag varint) | 2 real (8 bytes IEEE-754 big-endian)
///               | 3 text (length , bytes) | 4 blob (length , bytes) | 5 released name (varint: its index, c - 1)
/// ```
///
/// Every varint is written in its one shortest form; decoding never traps: bytes that are not
/// such a tree (truncated, a varint past 64 bits or with a needless last zero byte, an owner that
/// is not a record before it, an unknown tag or name, bytes left over) throw a
/// ``TreeBlob/Malformed`` saying what and where. So a tree that names a value holds the bytes of
/// its id (``varint(_:)``), which is what a search for the trees naming a value looks for
/// (``ValueRelease/namedByOtherTrees(_:_:outside:)``).
package struct TreeBlob: Equatable, Sendable {
    /// One record: where it sits, and the `restack_value` row holding its content.
    package struct Record: Equatable, Sendable {
        /// 0 for the root container, i for the container of the i-th record (from 1).
        package var owner: Int
        package var slot: String
        package var position: Int
        package var valueID: Int64

        package init(owner: Int, slot: String, position: Int, valueID: Int64) {
            self.owner = owner
            self.slot = slot
            self.position = position
            self.valueID = valueID
        }
    }

    /// One container: the record owning it (0 for the root), its kind and its settings in order.
    package struct Container: Equatable, Sendable {
        package var owner: Int
        package var kind: String
        package var settings: [Setting]

        package init(owner: Int, kind: String, settings: [Setting]) {
            self.owner = owner
            self.kind = kind
            self.settings = settings
        }
    }

    /// A setting as stored: its name and its value, of whatever class it was given.
    package struct Setting: Equatable, Sendable {
        package var name: String
        package var value: Value

        package init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// A setting's value, in SQLite's storage classes (a damaged one keeps its class).
    package enum Value: Equatable, Sendable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob(Data)

        package static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): true
            case (.integer(let a), .integer(let b)): a == b
            // Byte for byte: a NaN equals itself, 0.0 and -0.0 differ.
            case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern
            case (.text(let a), .text(let b)): Array(a.utf8) == Array(b.utf8)
            case (.blob(let a), .blob(let b)): a == b
            default: false
            }
        }
    }

    package var records: [Record]
    package var containers: [Container]

    package init(records: [Record], containers: [Container]) {
        self.records = records
        self.containers = containers
    }

    /// The format byte this version writes and reads.
    package static let format: UInt8 = 1

    /// Bytes that are not a tree: what is wrong, and at which byte.
    package struct Malformed: Error, Equatable {
        package var detail: String
    }
}

// MARK: Encoding

extension TreeBlob {
    /// The tree's bytes.
    package var encoded: Data {
        var writer = Writer()
        writer.bytes.append(Self.format)
        writer.varint(UInt64(records.count))
        for record in records {
            writer.varint(UInt64(clamping: record.owner))
            writer.name(record.slot)
            writer.varint(UInt64(clamping: record.position))
            writer.varint(UInt64(clamping: record.valueID))
        }
        writer.varint(UInt64(containers.count))
        for container in containers {
            writer.varint(UInt64(clamping: container.owner))
            writer.name(container.kind)
            writer.varint(UInt64(container.settings.count))
            for setting in container.settings {
                writer.name(setting.name)
                writer.value(setting.value)
            }
        }
        return Data(writer.bytes)
    }

    /// The bytes of `value` as a varint of the format (unsigned LEB128, shortest form), such as a
    /// record's value id.
    static func varint(_ value: UInt64) -> [UInt8] {
        var writer = Writer()
        writer.varint(value)
        return writer.bytes
    }

    private struct Writer {
        var bytes: [UInt8] = []

        init() {
            bytes.reserveCapacity(64)
        }

        mutating func varint(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        mutating func name(_ name: String) {
            if let index = ReleasedNames.indexes[name] {
                varint(UInt64(index) + 1)
            } else {
                varint(0)
                sized(Array(name.utf8))
            }
        }

        mutating func sized(_ content: some Collection<UInt8>) {
            varint(UInt64(content.count))
            bytes.append(contentsOf: content)
        }

        mutating func value(_ value: Value) {
            switch value {
            case .null:
                bytes.append(0)
            case .integer(let number):
                bytes.append(1)
                varint(UInt64(bitPattern: (number << 1) ^ (number >> 63)))
            case .real(let number):
                bytes.append(2)
                withUnsafeBytes(of: number.bitPattern.bigEndian) { bytes.append(contentsOf: $0) }
            case .text(let text):
                if let index = ReleasedNames.indexes[text] {
                    bytes.append(5)
                    varint(UInt64(index))
                } else {
                    bytes.append(3)
                    sized(Array(text.utf8))
                }
            case .blob(let data):
                bytes.append(4)
                sized(data)
            }
        }
    }
}

// MARK: Decoding

extension TreeBlob {
    /// The tree `bytes` hold; throws ``Malformed`` for anything else.
    package init(decoding bytes: Data) throws(Malformed) {
        var reader = Reader(bytes: [UInt8](bytes))
        let format = try reader.byte("the format")
        guard format == Self.format else {
            throw Malformed(detail: "an unknown format \(format) (expected \(Self.format))")
        }
        let recordCount = try reader.count("the record count")
        var records: [Record] = []
        records.reserveCapacity(recordCount)
        for index in 1..<(recordCount + 1) {
            let at = reader.offset
            let owner = try reader.varint("record \(index)'s owner")
            guard owner < UInt64(index) else {
                throw Malformed(detail: "record \(index)'s owner \(owner) (byte \(at)) is not a record before it")
            }
            let slot = try reader.name("record \(index)'s slot")
            let position = try reader.int("record \(index)'s position")
            let valueID = try reader.int("record \(index)'s value id", as: Int64.self)
            records.append(Record(owner: Int(owner), slot: slot, position: position, valueID: valueID))
        }
        let containerCount = try reader.count("the container count")
        var containers: [Container] = []
        containers.reserveCapacity(containerCount)
        // Which records own a container already (an array: see RecordValues, and <doc:Performance>).
        var owned = [Bool](repeating: false, count: recordCount + 1)
        for index in 1..<(containerCount + 1) {
            let at = reader.offset
            let owner = try reader.varint("container \(index)'s owner")
            guard owner <= UInt64(recordCount) else {
                throw Malformed(detail: "container \(index)'s owner \(owner) (byte \(at)) is not one of the \(recordCount) records")
            }
            guard !owned[Int(owner)] else {
                throw Malformed(detail: "container \(index)'s owner \(owner) (byte \(at)) already has a container")
            }
            owned[Int(owner)] = true
            guard index > 1 || owner == 0 else {
                throw Malformed(detail: "the first container (byte \(at)) is not the root's")
            }
            let kind = try reader.name("container \(index)'s kind")
            let settingCount = try reader.count("container \(index)'s setting count")
            var settings: [Setting] = []
            for setting in 1..<(settingCount + 1) {
                let name = try reader.name("setting \(setting) of container \(index)")
                settings.append(Setting(name: name, value: try reader.value("setting \(setting) of container \(index)")))
            }
            containers.append(Container(owner: Int(owner), kind: kind, settings: settings))
        }
        guard reader.offset == reader.bytes.count else {
            throw Malformed(detail: "\(reader.bytes.count - reader.offset) bytes after the last container (byte \(reader.offset))")
        }
        self.init(records: records, containers: containers)
    }

    /// The bytes being read. Each read names what it reads for a message, built only when the
    /// bytes are wrong (a message built for every field cost a restore about 45k instructions).
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func byte(_ what: @autoclosure () -> String) throws(Malformed) -> UInt8 {
            guard offset < bytes.count else {
                throw Malformed(detail: "truncated: \(what()) is missing (byte \(offset))")
            }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint(_ what: @autoclosure () -> String) throws(Malformed) -> UInt64 {
            let start = offset
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try self.byte(what())
                let bits = UInt64(byte & 0x7F)
                // The tenth byte may hold only the 64th bit.
                guard shift < 63 || (shift == 63 && bits <= 1) else {
                    throw Malformed(detail: "\(what()) (byte \(start)) is a varint past 64 bits")
                }
                value |= bits << shift
                if byte & 0x80 == 0 {
                    // A last byte of 0 after others adds nothing: one value, one form.
                    guard byte != 0 || shift == 0 else {
                        throw Malformed(detail: "\(what()) (byte \(start)) is a varint with a needless last zero byte")
                    }
                    return value
                }
                shift += 7
            }
        }

        /// A varint that fits `T`: an `Int` is 32 bits on watchOS (arm64_32), where a larger
        /// value is malformed, never a trap.
        mutating func int<T: FixedWidthInteger>(_ what: @autoclosure () -> String, as type: T.Type = Int.self) throws(Malformed) -> T {
            let start = offset
            let value = try varint(what())
            guard let fitting = T(exactly: value) else {
                throw Malformed(detail: "\(what()) (byte \(start)) is \(value), past the largest integer")
            }
            return fitting
        }

        /// A count of things that follow, each at least one byte: never more than the bytes left.
        mutating func count(_ what: @autoclosure () -> String) throws(Malformed) -> Int {
            let start = offset
            let value = try varint(what())
            guard value <= UInt64(bytes.count - offset) else {
                throw Malformed(detail: "truncated: \(what()) (byte \(start)) is \(value), more than the \(bytes.count - offset) bytes left")
            }
            return Int(value)
        }

        mutating func sized(_ what: @autoclosure () -> String) throws(Malformed) -> ArraySlice<UInt8> {
            let length = try count(what())
            defer { offset += length }
            return bytes[offset..<(offset + length)]
        }

        /// UTF-8 text of a length and bytes; `start` is where the value began, for the message.
        mutating func text(_ what: @autoclosure () -> String, at start: Int) throws(Malformed) -> String {
            let content = try sized(what())
            guard let text = String(bytes: content, encoding: .utf8) else {
                throw Malformed(detail: "\(what()) (byte \(start)) is not UTF-8")
            }
            return text
        }

        mutating func released(_ index: UInt64, _ what: @autoclosure () -> String, at start: Int) throws(Malformed) -> String {
            guard let name = ReleasedNames.name(index) else {
                throw Malformed(detail: "\(what()) (byte \(start)) names released name \(index), which this version does not know")
            }
            return name
        }

        mutating func name(_ what: @autoclosure () -> String) throws(Malformed) -> String {
            let start = offset
            let code = try varint(what())
            return code == 0 ? try text(what(), at: start) : try released(code - 1, what(), at: start)
        }

        mutating func value(_ what: @autoclosure () -> String) throws(Malformed) -> Value {
            let start = offset
            switch try byte("\(what())'s value") {
            case 0:
                return .null
            case 1:
                let raw = try varint("\(what())'s value")
                return .integer(Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1))
            case 2:
                var bits: UInt64 = 0
                for _ in 0..<8 {
                    bits = bits << 8 | UInt64(try byte("\(what())'s value"))
                }
                return .real(Double(bitPattern: bits))
            case 3:
                return .text(try text("\(what())'s value", at: start))
            case 4:
                return .blob(Data(try sized("\(what())'s value")))
            case 5:
                return .text(try released(try varint("\(what())'s value"), "\(what())'s value", at: start))
            case let tag:
                throw Malformed(detail: "\(what())'s value (byte \(start)) has an unknown tag \(tag)")
            }
        }
    }
}
