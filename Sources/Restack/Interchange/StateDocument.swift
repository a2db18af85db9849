import Foundation

/// The top level of a format-1 state file: a drill-down tree in the format-1 form.
struct StateDocument: Codable {
    var formatVersion: Int
    var root: DrillDownContainer

    init(formatVersion: Int, root: DrillDownContainer) {
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
    // Read as a number first, so that 1.5 gets its own message rather than a parse error.
    let number = try container.decode(Double.self, forKey: key)
    guard number == number.rounded(), abs(number) < 1e15 else {
        throw StateFileError(path: "formatVersion", problem: "expected a whole number, found \(number)")
    }
    let version = Int(number)
    guard version >= 1 else {
        throw StateFileError(path: "formatVersion", problem: "must be 1 or more, found \(version)")
    }
    return version
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
