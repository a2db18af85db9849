import Foundation

/// The JSON form of a plan, as `restore-inspect plan --json` prints it.
///
/// ```json
/// { "left":  [ {"identifier": "inbox", "class": "InboxController", "from": {"slot": "left", "index": 0}} ],
///   "right": {"identifier": "message-42", "class": "MessageController", "from": {"slot": "right"}},
///   "dropped": [ {"from": {"slot": "left", "index": 1}, "identifier": null, "reason": "missing-identifier"} ],
///   "rightPromotedToLeft": false,
///   "warnings": [] }
/// ```
///
/// `right` is `null` when the right slot stays empty. A dropped entry also carries its `class`.
/// A record the resolver renamed has its new `class` and `renamedFrom`, the saved class name;
/// other records have no `renamedFrom` key.
/// A warning is an object with `kind`, `identifier`, `from` (its slots) and `message`.
/// Keys may be added in later versions; none will be removed or change meaning.
extension RestorationPlan: Encodable {
    enum CodingKeys: String, CodingKey {
        case left, right, dropped, rightPromotedToLeft, warnings
    }

    /// Encodes the plan in the documented JSON shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(left, forKey: .left)
        try container.encode(right, forKey: .right)
        try container.encode(dropped, forKey: .dropped)
        try container.encode(rightPromotedToLeft, forKey: .rightPromotedToLeft)
        try container.encode(warnings, forKey: .warnings)
    }

    /// The plan as pretty-printed JSON with sorted keys, ending with a newline.
    public func jsonData() -> Data {
        encodeJSON(self)
    }
}

extension RestorationPlan.Entry: Encodable {
    enum CodingKeys: String, CodingKey {
        case identifier
        case className = "class"
        case from
        case renamedFrom
    }

    /// Encodes `identifier`, `class` and `from`, and `renamedFrom` (the saved class name) only
    /// for a renamed record, so that a plan without renames is byte for byte as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(record.identifier, forKey: .identifier)
        try container.encode(record.className, forKey: .className)
        try container.encode(from, forKey: .from)
        try container.encodeIfPresent(renamedFrom, forKey: .renamedFrom)
    }
}

extension RestorationPlan.Dropped: Encodable {
    enum CodingKeys: String, CodingKey {
        case identifier
        case className = "class"
        case from
        case reason
    }

    /// Encodes `identifier`, `class`, `from` and `reason`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(record.identifier, forKey: .identifier)
        try container.encode(record.className, forKey: .className)
        try container.encode(from, forKey: .from)
        try container.encode(reason.rawValue, forKey: .reason)
    }
}

extension Slot: Encodable {
    enum CodingKeys: String, CodingKey {
        case slot, index
    }

    /// Encodes `{"slot": "left", "index": 2}` or `{"slot": "right"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .left(let index):
            try container.encode("left", forKey: .slot)
            try container.encode(index, forKey: .index)
        case .right:
            try container.encode("right", forKey: .slot)
        }
    }
}

extension RestorationWarning: Encodable {
    enum CodingKeys: String, CodingKey {
        case kind, identifier, from, message, paths
    }

    /// Encodes `kind`, `identifier`, and `from` (its slots) with a readable `message` for a
    /// format-1 plan, or `paths` for a format-2 plan.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .duplicateIdentifier(let identifier, let slots):
            try container.encode(identifier, forKey: .identifier)
            try container.encode(slots, forKey: .from)
            try container.encode(description, forKey: .message)
        case .duplicateIdentifierInContainer(let identifier, let paths):
            try container.encode(identifier, forKey: .identifier)
            try container.encode(paths, forKey: .paths)
        }
    }
}
