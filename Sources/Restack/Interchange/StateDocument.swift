import Foundation

/// The top level of a format-1 state file: a drill-down tree in the format-1 form.
struct StateDocument: Codable {
    var formatVersion: Int
    var root: DrillDownContainer<RestorationRecord>

    init(formatVersion: Int, root: DrillDownContainer<RestorationRecord>) {
        self.formatVersion = formatVersion
        self.root = root
    }

    var tree: RestorationTree {
        .drillDown(formatVersion: formatVersion, left: root.left, right: root.right)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case formatVersion, left, right
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try decodeFormatVersion(container, forKey: .formatVersion)
        let left = try container.decode([StateRecord].self, forKey: .left)
        let right = try container.decodeIfPresent(StateRecord.self, forKey: .right)
        formatVersion = version
        root = DrillDownContainer(left: left.map(\.record), right: right?.record)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(root.left.map(StateRecord.init), forKey: .left)
        try container.encode(root.right.map(StateRecord.init), forKey: .right)
    }
}

/// Reads the format version: a whole number, 1 or more.
func decodeFormatVersion<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Int {
    let version = try decodeWholeNumber(container, forKey: key, place: "formatVersion")
    guard version >= 1 else {
        throw StateFileError(path: "formatVersion", problem: "must be 1 or more, found \(version)")
    }
    return version
}

/// Reads a whole number exactly: `9007199254740993` is that number, not the nearest double. A
/// number with a fraction, or a whole number outside `Int`'s range, is an error that quotes the
/// number as written (`found 1.5`, `9223372036854775808 is out of range`), never a rounded
/// double. `1.0` and `2e0` are whole numbers.
func decodeWholeNumber<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key, place: String) throws -> Int {
    // `JSONDecoder` reads an Int through a double when the text has a fraction or an exponent
    // (9007199254740993.5 would be 9007199254740994): the number is read as a Decimal, which
    // keeps up to 38 digits as written, and judged from those.
    if var exact = try? container.decode(Decimal.self, forKey: key) {
        var whole = Decimal()
        NSDecimalRound(&whole, &exact, 0, .plain)
        guard whole == exact else {
            throw StateFileError(path: place, problem: "expected a whole number, found \(exact)")
        }
        guard let value = Int(exact.description) else {
            throw StateFileError(path: place, problem: "out of range: \(exact) is not a whole number from \(Int.min) to \(Int.max)")
        }
        return value
    }
    // Not a number (the decoder's type error names the place), or one past Decimal's range.
    let number = try container.decode(Double.self, forKey: key)
    throw StateFileError(path: place, problem: "out of range: \(number) is not a whole number from \(Int.min) to \(Int.max)")
}

/// One record in a format-1 state file: no container.
struct StateRecord: Codable {
    var record: RestorationRecord

    init(_ record: RestorationRecord) {
        self.record = record
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case identifier
        case className = "class"
        case payload
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        record = RestorationRecord(
            identifier: try container.decodeIfPresent(String.self, forKey: .identifier),
            className: try container.decodeIfPresent(String.self, forKey: .className),
            payload: try container.decodeIfPresent(StrictBase64.self, forKey: .payload)?.data
        )
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(record.identifier, forKey: .identifier)
        try container.encode(record.className, forKey: .className)
        try container.encodeIfPresent(record.payload, forKey: .payload)
    }
}
