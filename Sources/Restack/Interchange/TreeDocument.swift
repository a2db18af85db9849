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

/// A container in a format-2 state file: `kind` and exactly that kind's keys.
struct ContainerDocument: Codable {
    var container: RestorationContainer

    init(_ container: RestorationContainer) {
        self.container = container
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, left, right, records, primary, detail, focus, compact, tabs, selected
    }

    /// The keys each kind allows, `kind` included.
    static func allowedKeys(_ kind: RestorationContainer.Kind) -> [CodingKeys] {
        switch kind {
        case .drillDown: [.kind, .left, .right]
        case .stack: [.kind, .records]
        case .split: [.kind, .primary, .detail, .focus, .compact]
        case .tabs: [.kind, .tabs, .selected]
        }
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
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        let kindName = try keys.decode(String.self, forKey: .kind)
        guard let kind = RestorationContainer.Kind(rawValue: kindName) else {
            let expected = RestorationContainer.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw StateFileError(path: codingPathDescription(decoder.codingPath + [CodingKeys.kind]), problem: "unknown kind \(String(reflecting: kindName)) (expected \(expected))")
        }
        try rejectUnknownKeys(in: decoder, allowed: Self.allowedKeys(kind))
        func records(_ key: CodingKeys) throws -> [RestorationRecord] {
            try keys.decode([TreeRecord].self, forKey: key).map(\.record)
        }
        switch kind {
        case .drillDown:
            container = .drillDown(DrillDownContainer(left: try records(.left), right: try keys.decodeIfPresent(TreeRecord.self, forKey: .right)?.record))
        case .stack:
            container = .stack(StackContainer(records: try records(.records)))
        case .split:
            container = .split(SplitContainer(
                primary: try records(.primary),
                detail: try records(.detail),
                focus: try Self.decodeChoice(keys, .focus, default: .primary, path: decoder.codingPath),
                compact: try Self.decodeChoice(keys, .compact, default: .merge, path: decoder.codingPath)
            ))
        case .tabs:
            let tabs = try records(.tabs)
            let place = codingPathDescription(decoder.codingPath + [CodingKeys.selected])
            let selected = try !keys.contains(.selected) || keys.decodeNil(forKey: .selected)
                ? nil : decodeWholeNumber(keys, forKey: .selected, place: place)
            switch (selected, tabs.isEmpty) {
            case (nil, false):
                throw StateFileError(path: place, problem: "required when there are tabs (the index of the selected tab)")
            case (let index?, true):
                throw StateFileError(path: place, problem: "must be absent or null when there are no tabs, found \(index)")
            case (let index?, false) where !tabs.indices.contains(index):
                throw StateFileError(path: place, problem: "out of range: \(index) is not in 0...\(tabs.count - 1)")
            default:
                container = .tabs(TabsContainer(tabs: tabs, selected: selected))
            }
        }
    }

    /// A string setting naming one case of `Choice`, or its default when absent or null.
    private static func decodeChoice<Choice: RawRepresentable & CaseIterable>(
        _ keys: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, default defaultValue: Choice, path: [any CodingKey]
    ) throws -> Choice where Choice.RawValue == String {
        guard let name = try keys.decodeIfPresent(String.self, forKey: key) else { return defaultValue }
        guard let choice = Choice(rawValue: name) else {
            let expected = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw StateFileError(path: codingPathDescription(path + [key]), problem: "unknown value \(String(reflecting: name)) (expected \(expected))")
        }
        return choice
    }

    func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(container.kind.rawValue, forKey: .kind)
        switch container {
        case .drillDown(let drillDown):
            try keys.encode(drillDown.left.map(TreeRecord.init), forKey: .left)
            try keys.encode(drillDown.right.map(TreeRecord.init), forKey: .right)
        case .stack(let stack):
            try keys.encode(stack.records.map(TreeRecord.init), forKey: .records)
        case .split(let split):
            try keys.encode(split.primary.map(TreeRecord.init), forKey: .primary)
            try keys.encode(split.detail.map(TreeRecord.init), forKey: .detail)
            try keys.encode(split.focus.rawValue, forKey: .focus)
            try keys.encode(split.compact.rawValue, forKey: .compact)
        case .tabs(let tabs):
            try keys.encode(tabs.tabs.map(TreeRecord.init), forKey: .tabs)
            try keys.encode(tabs.selected, forKey: .selected)
        }
    }
}
