import Foundation

/// The JSON form of a plan, as `restore-inspect plan --json` prints it for a format-2 state; a plan
/// of a format-1 drill-down (its ``RestorationPlan/form``) is written in the format-1 plan's shape
/// instead, byte for byte as format 1 always wrote it.
///
/// ```json
/// { "formatVersion": 2, "layout": "compact",
///   "root": { "kind": "split", "focus": "detail", "detailPlaceholder": false,
///             "primary": [ {"identifier": "nav", "class": "NavController", "from": "primary[0]",
///                           "container": {"kind": "tabs", "selected": 0, "tabs": [ {"identifier": "inbox", "class": "InboxController", "from": "primary[0]/tabs[0]"} ]}} ],
///             "detail": [ {"identifier": "message-42", "class": "MessageController", "from": "detail[0]"} ],
///             "compact": {"stack": ["primary[0]", "detail[0]"], "hidden": []} },
///   "dropped":  [ {"path": "primary[0]/tabs[1]", "identifier": null, "class": "X", "reason": "missing-identifier"} ],
///   "notes":    [ {"kind": "focus-moved", "path": ""} ],
///   "warnings": [ {"kind": "duplicate-identifier", "identifier": "x", "paths": ["records[0]", "records[2]"]} ] }
/// ```
///
/// Planned containers: `drillDown` {left, right}, `stack` {records}, `split` {primary, detail,
/// focus, detailPlaceholder}, `tabs` {tabs, selected}, `presentation` {base (a record or null),
/// presented}; `compact` only for a split or a drill-down
/// planned for the compact layout. `root` is `null` when nothing is planned (rule 10). A record
/// has `container` only when it holds one, and `renamedFrom` (its saved class name; `class` is
/// the new one) only when the resolver renamed it. A plan merged with a deep link
/// (``RestorationPlan/merging(_:resolver:)``) is always written in this shape; its records from
/// the link have a `null` `from` and `"deepLink": true`, and its `deep-link-unmatched` note an
/// `identifier`. No plan without a link has either key. A `payload-upgraded` note (a payload read
/// as an older shape, ``PayloadShapes``) has the record's `path` and the `shape`; a
/// `payload-upgrade-failed` note, the step that threw as its `shape`.
extension RestorationPlan: Encodable {
    enum CodingKeys: String, CodingKey {
        case formatVersion, layout, root, dropped, notes, warnings
    }

    /// Encodes the plan in the documented JSON shape of its form.
    public func encode(to encoder: any Encoder) throws {
        if form == .drillDown {
            return try DrillDownPlanJSON(plan: self).encode(to: encoder)
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(layout.rawValue, forKey: .layout)
        try container.encode(root, forKey: .root)
        try container.encode(dropped, forKey: .dropped)
        try container.encode(notes, forKey: .notes)
        try container.encode(warnings, forKey: .warnings)
    }

    /// The plan as pretty-printed JSON with sorted keys, ending with a newline.
    package func jsonData() -> Data {
        encodeJSON(self)
    }
}

extension RestorationPlan.Dropped: Encodable {
    enum CodingKeys: String, CodingKey {
        case path, identifier, className = "class", reason, deepLink
    }

    /// Encodes `path`, `identifier`, `class` and `reason`; for a record a deep link pushed (its
    /// `path` is its place in the link, `push[i]`), also `"deepLink": true`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(record.identifier, forKey: .identifier)
        try container.encode(record.className, forKey: .className)
        try container.encode(reason.rawValue, forKey: .reason)
        if path.isInDeepLink {
            try container.encode(true, forKey: .deepLink)
        }
    }
}

extension RestorationPlan.Note: Encodable {
    enum CodingKeys: String, CodingKey {
        case kind, path, identifier, shape
    }

    /// Encodes `kind`, the container's (or record's) `path`, `identifier` only for a note that
    /// has one (`deep-link-unmatched`), and `shape` only for a note that has one
    /// (`payload-upgraded`, `payload-upgrade-failed`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.rawValue, forKey: .kind)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(identifier, forKey: .identifier)
        try container.encodeIfPresent(shape, forKey: .shape)
    }
}

extension PlannedRecord: Encodable {
    enum CodingKeys: String, CodingKey {
        case identifier, className = "class", from, container, renamedFrom, deepLink
    }

    /// Encodes `identifier`, `class`, `from`, `renamedFrom` (the saved class name) only for a
    /// renamed record, and `container` only when the record holds one. A record from a deep link
    /// has a `null` `from` and `"deepLink": true`; no other record has `deepLink`.
    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(record.identifier, forKey: .identifier)
        try keys.encode(record.className, forKey: .className)
        if isFromDeepLink {
            try keys.encodeNil(forKey: .from)
            try keys.encode(true, forKey: .deepLink)
        } else {
            try keys.encode(from, forKey: .from)
        }
        try keys.encodeIfPresent(renamedFrom, forKey: .renamedFrom)
        try keys.encodeIfPresent(container, forKey: .container)
    }
}

extension PlannedContainer: Encodable {
    /// Encodes `kind`, the kind's restored slots and settings (as its file lists them), and
    /// `compact` when arranged.
    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: AnyCodingKey.self)
        try keys.encode(kind.rawValue, forKey: AnyCodingKey(stringValue: "kind"))
        let parts = content.parts
        for (slot, records) in zip(parts.kind.slots, parts.slots) {
            let key = AnyCodingKey(stringValue: slot.name)
            if slot.isSequence {
                try keys.encode(records, forKey: key)
            } else {
                try keys.encode(records.first, forKey: key)
            }
        }
        for (name, value) in content.definition.plannedSettings {
            try keys.encode(value, forKey: AnyCodingKey(stringValue: name))
        }
        try keys.encodeIfPresent(compact, forKey: AnyCodingKey(stringValue: "compact"))
    }
}

extension CompactArrangement: Encodable {
    enum CodingKeys: String, CodingKey {
        case stack, hidden
    }

    /// Encodes `stack` and `hidden` as lists of saved paths.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stack, forKey: .stack)
        try container.encode(hidden, forKey: .hidden)
    }
}

extension RestorationWarning: Encodable {
    enum CodingKeys: String, CodingKey {
        case kind, identifier, paths
    }

    /// Encodes `kind`, `identifier` and `paths`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .duplicateIdentifier(let identifier, let paths):
            try container.encode(identifier, forKey: .identifier)
            try container.encode(paths, forKey: .paths)
        }
    }
}

extension RecordPath: Encodable {
    /// Encodes the path as its string: `primary[0]/tabs[1]`, `""` for the root.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
