import Foundation

/// The top level of a format-2 state file: `formatVersion` and `root`.
struct TreeDocument: Codable {
    var tree: RestorationTree

    init(_ tree: RestorationTree) {
        self.tree = tree
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case formatVersion, root
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try decodeFormatVersion(container, forKey: .formatVersion)
        tree = RestorationTree(formatVersion: version, root: try container.decode(ContainerDocument.self, forKey: .root).container)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tree.formatVersion, forKey: .formatVersion)
        try container.encode(ContainerDocument(tree.root), forKey: .root)
    }
}

/// One record in a format-2 state file: a format-1 record, and optionally a container.
struct TreeRecord: Codable {
    var record: RestorationRecord

    init(_ record: RestorationRecord) {
        self.record = record
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case identifier
        case className = "class"
        case payload
        case container
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        record = RestorationRecord(
            identifier: try container.decodeIfPresent(String.self, forKey: .identifier),
            className: try container.decodeIfPresent(String.self, forKey: .className),
            payload: try container.decodeIfPresent(StrictBase64.self, forKey: .payload)?.data,
            container: try container.decodeIfPresent(ContainerDocument.self, forKey: .container)?.container
        )
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(record.identifier, forKey: .identifier)
        try container.encode(record.className, forKey: .className)
        try container.encodeIfPresent(record.payload, forKey: .payload)
        try container.encodeIfPresent(record.container.map(ContainerDocument.init), forKey: .container)
    }
}

/// A container in a format-2 state file: `kind` and exactly that kind's keys, its slots then its
/// settings, as the kind's file lists them (``ContainerKind``).
struct ContainerDocument: Codable {
    var container: RestorationContainer

    init(_ container: RestorationContainer) {
        self.container = container
    }

    static let kindKey = AnyCodingKey(stringValue: "kind")

    /// The keys a kind allows, `kind` first, then its slots and its settings.
    static func allowedKeys(_ kind: any ContainerKind.Type) -> [AnyCodingKey] {
        [kindKey] + kind.slots.map { AnyCodingKey(stringValue: $0.name) } + kind.settingNames.map(AnyCodingKey.init(stringValue:))
    }

    init(from decoder: any Decoder) throws {
        // The root is level 1; each record's `container` key on the way down adds one.
        let depth = 1 + decoder.codingPath.filter { $0.intValue == nil && $0.stringValue == TreeRecord.CodingKeys.container.stringValue }.count
        if depth > RestorationTree.maxContainerDepth {
            throw StateFileError(
                path: codingPathDescription(decoder.codingPath),
                problem: "containers nested deeper than \(RestorationTree.maxContainerDepth)"
            )
        }
        let keys = try decoder.container(keyedBy: AnyCodingKey.self)
        let kindName = try keys.decode(String.self, forKey: Self.kindKey)
        guard let kind = RestorationContainer.Kind(rawValue: kindName) else {
            let expected = RestorationContainer.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw StateFileError(path: codingPathDescription(decoder.codingPath + [Self.kindKey]), problem: "unknown kind \(String(reflecting: kindName)) (expected \(expected))")
        }
        let definition = kind.definition
        try rejectUnknownKeys(in: decoder, allowed: Self.allowedKeys(definition))
        var slots: [[RestorationRecord]] = []
        for slot in definition.slots {
            let key = AnyCodingKey(stringValue: slot.name)
            if slot.isSequence {
                slots.append(try keys.decode([TreeRecord].self, forKey: key).map(\.record))
            } else if slot.isRequired {
                slots.append(try keys.decode(TreeRecord?.self, forKey: key).map { [$0.record] } ?? [])
            } else {
                slots.append(try keys.decodeIfPresent(TreeRecord.self, forKey: key).map { [$0.record] } ?? [])
            }
        }
        let settings = try JSONSettings(keys: keys, path: decoder.codingPath)
            .read(definition.settingDeclarations, slots: definition.slots, slotCounts: slots.map(\.count))
        container = RestorationContainer(kind: kind, slots: slots, settings: settings)
    }

    func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: AnyCodingKey.self)
        let parts = container.parts
        try keys.encode(parts.kind.kind.rawValue, forKey: Self.kindKey)
        for (slot, records) in zip(parts.kind.slots, parts.slots) {
            let key = AnyCodingKey(stringValue: slot.name)
            if slot.isSequence {
                try keys.encode(records.map(TreeRecord.init), forKey: key)
            } else {
                try keys.encode(records.first.map(TreeRecord.init), forKey: key)
            }
        }
        for (name, value) in container.writtenSettings {
            try keys.encode(value, forKey: AnyCodingKey(stringValue: name))
        }
    }
}
