import Foundation

/// The JSON form of the plan of a format-1 drill-down, as `restore-inspect plan --json` prints it:
/// the format-1 codec of a ``RestorationPlan`` in the ``RestorationTree/Form/drillDown`` form,
/// written from its root, a planned drill-down (its slots, and the `right-promoted` note of rule 5).
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
/// other records have no `renamedFrom` key. A warning is an object with `kind`, `identifier`,
/// `from` (its slots) and `message`. A plan for the compact layout adds `layout` and `compact`,
/// the drill-down's single stack. Keys may be added in later versions; none will be removed or
/// change meaning.
struct DrillDownPlanJSON: Encodable {
    var plan: RestorationPlan

    enum CodingKeys: String, CodingKey {
        case left, right, dropped, rightPromotedToLeft, warnings, layout, compact
    }

    /// Encodes the plan's root, a drill-down (an empty one when nothing is planned, rule 10).
    func encode(to encoder: any Encoder) throws {
        let root = if case .drillDown(let root)? = plan.root?.content { root } else { DrillDownContainer<PlannedRecord>(left: []) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(root.left.map(Entry.init), forKey: .left)
        try container.encode(root.right.map(Entry.init), forKey: .right)
        try container.encode(plan.dropped.map(Dropped.init), forKey: .dropped)
        try container.encode(plan.notes.contains { $0.kind == .rightPromoted && $0.path == .root }, forKey: .rightPromotedToLeft)
        try container.encode(plan.warnings.map(Warning.init), forKey: .warnings)
        if plan.layout == .compact {
            try container.encode(plan.layout.rawValue, forKey: .layout)
            try container.encode(plan.root?.compact ?? CompactArrangement(stack: [], hidden: []), forKey: .compact)
        }
    }

    /// The slot a format-1 path names, its top-level step.
    static func slot(_ path: RecordPath) -> FormatOnePlace? {
        path.steps.count == 1 ? FormatOnePlace(path.steps[0]) : nil
    }

    /// A restored record: `identifier`, `class`, `from`, and `renamedFrom` only for a renamed
    /// record, so that a plan without renames is byte for byte as before.
    struct Entry: Encodable {
        var planned: PlannedRecord

        init(_ planned: PlannedRecord) {
            self.planned = planned
        }

        enum CodingKeys: String, CodingKey {
            case identifier, className = "class", from, renamedFrom
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(planned.record.identifier, forKey: .identifier)
            try container.encode(planned.record.className, forKey: .className)
            try container.encode(DrillDownPlanJSON.slot(planned.from), forKey: .from)
            try container.encodeIfPresent(planned.renamedFrom, forKey: .renamedFrom)
        }
    }

    /// A dropped record: `identifier`, `class`, `from` and `reason`.
    struct Dropped: Encodable {
        var dropped: RestorationPlan.Dropped

        init(_ dropped: RestorationPlan.Dropped) {
            self.dropped = dropped
        }

        enum CodingKeys: String, CodingKey {
            case identifier, className = "class", from, reason
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(dropped.record.identifier, forKey: .identifier)
            try container.encode(dropped.record.className, forKey: .className)
            try container.encode(DrillDownPlanJSON.slot(dropped.path), forKey: .from)
            try container.encode(dropped.reason.rawValue, forKey: .reason)
        }
    }

    /// A warning: `kind`, `identifier`, `from` (its slots) and a readable `message`.
    struct Warning: Encodable {
        var warning: RestorationWarning

        init(_ warning: RestorationWarning) {
            self.warning = warning
        }

        enum CodingKeys: String, CodingKey {
            case kind, identifier, from, message
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(warning.kind, forKey: .kind)
            switch warning {
            case .duplicateIdentifier(let identifier, let paths):
                try container.encode(identifier, forKey: .identifier)
                try container.encode(paths.compactMap(DrillDownPlanJSON.slot), forKey: .from)
                let places = paths.map(\.description).joined(separator: ", ")
                try container.encode("identifier \"\(identifier)\" is used by \(paths.count) restored records (\(places)); all are kept", forKey: .message)
            }
        }
    }
}

/// A record's place in a format-1 document, as format 1 writes it: `{"slot": "left", "index": 2}`,
/// or `{"slot": "right"}` for the right slot. The `from` of a format-1 plan's records, and of
/// `restore-inspect show --json`'s records of a drill-down.
package struct FormatOnePlace: Encodable {
    let step: RecordPath.Step

    package init(_ step: RecordPath.Step) {
        self.step = step
    }

    enum CodingKeys: String, CodingKey {
        case slot, index
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(step.slotName, forKey: .slot)
        if step == .right { return }
        try container.encode(step.index, forKey: .index)
    }
}
