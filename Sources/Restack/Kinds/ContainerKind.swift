import Foundation

/// One slot of a container kind: its name (the state file's key, the path step, the stored
/// `slot`) and whether it holds a sequence of records or at most one.
package struct ContainerSlot: Sendable {
    /// The slot's name: `left`, `right`, `records`...
    package let name: String
    /// A sequence of records, bottom first (`left`, `tabs`), or at most one record (`right`).
    package let isSequence: Bool
    /// Whether a state file must have the key; a single slot's value may be `null` even then.
    package let isRequired: Bool

    /// The step of the record at `index` of this slot (`0` for a single slot).
    package func step(_ index: Int) -> RecordPath.Step {
        RecordPath.Step(name, isSequence ? index : nil)
    }
}

extension ContainerKind {
    package static var unwrittenDefaults: [String: ContainerSetting] { [:] }
}

/// A setting of a container (a split's `focus`, a tab bar's `selected`), as state files, plans,
/// stored rows and diffs spell it.
package enum ContainerSetting: Hashable, Sendable, Encodable {
    case text(String)
    case integer(Int)
    case bool(Bool)

    /// The value as text, for a diff.
    package var text: String {
        switch self {
        case .text(let text): text
        case .integer(let number): String(number)
        case .bool(let flag): String(flag)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .integer(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        }
    }
}

/// Why stored rows are not a container of their kind: the setting at fault (its column) and a
/// phrase after the container's name ("has no valid focus").
package struct ContainerKindProblem: Error {
    package let setting: String
    package let phrase: String
}

/// Everything specific to one container kind, kept in that kind's own file: its slots and
/// settings, its JSON and stored validation, its restoration rule and its compact arrangement.
/// The planner, the JSON layer, the store and the diff go through this protocol and never name a
/// kind.
package protocol ContainerKind: Hashable, Sendable {
    /// The kind.
    static var kind: RestorationContainer.Kind { get }
    /// How messages name a container of this kind: `split`, `tab bar`.
    static var noun: String { get }
    /// The slots, in document order.
    static var slots: [ContainerSlot] { get }
    /// The names of the settings, in order: the state file's keys, the stored columns, the
    /// diff's fields.
    static var settingNames: [String] { get }
    /// Settings written in state files and stored rows only when they differ from these
    /// values, by name: a setting added to a kind after files and stores were made keeps those
    /// byte for byte. Empty for most kinds.
    static var unwrittenDefaults: [String: ContainerSetting] { get }

    /// The records of each slot, in the order of ``slots`` (a single slot: none or one).
    var slotContents: [[RestorationRecord]] { get }
    /// The settings, in the order of ``settingNames``; `nil` for none.
    var settings: [ContainerSetting?] { get }
    /// The container.
    var container: RestorationContainer { get }

    /// The container of a state file: its slots' records (a single slot holds at most one), and
    /// its settings, read and validated with `settings`.
    static func decoded(_ slots: [[RestorationRecord]], settings: JSONSettings) throws -> Self
    /// The container of stored rows: its slots' records, in order, and the stored settings by
    /// name.
    static func stored(_ slots: [[RestorationRecord]], settings: [String: ContainerSetting]) throws(ContainerKindProblem) -> Self

    /// The kind's rule: plans its slots through `planner` (rules 1 to 4, in the order and with the
    /// skips the rule decides) and returns the restored content and what moved.
    func plan(_ planner: inout SlotPlanner) -> (content: PlannedContainer.Content, notes: [RestorationPlan.Note.Kind])

    /// A deep link reveals the child at `index` (in ``PlannedContainer/children`` order) of
    /// `content`, a planned container of this kind, with `replacement` in its place: a tab bar
    /// selects it; a sequence pops every record above it; a split focuses its side.
    static func revealing(_ index: Int, replacedBy replacement: PlannedRecord, in content: PlannedContainer.Content) -> DeepLinkReveal
    /// Where a deep link's pushed records go in `content`, a planned container of this kind: here
    /// (planned through `pusher`, which asks the resolver), into a child's container, or nowhere.
    static func pushing(_ pusher: inout DeepLinkPusher, onto content: PlannedContainer.Content) -> DeepLinkPush
}

/// A planned container's content as its kind describes it: one switch on
/// ``PlannedContainer/Content`` leads here, and everything else is generic.
package struct PlannedParts {
    /// The restored records of each slot, in the kind's slot order.
    var slots: [[PlannedRecord]]
    /// The settings a plan's JSON shows, by key.
    var settings: [(key: String, value: ContainerSetting?)]
    /// The container as it restores, ready to save again: made only when asked for.
    var restore: () -> RestorationContainer
    /// The arrangement in a compact layout (rule 8); `nil` for a kind that has none.
    var compact: CompactArrangement?
}

extension RestorationContainer {
    /// The settings by name, those that have a value other than their kind's unwritten
    /// default: what the store writes in the columns of those names.
    package var storedSettings: [String: ContainerSetting] {
        var result: [String: ContainerSetting] = [:]
        for (name, value) in writtenSettings {
            result[name] = value
        }
        return result
    }

    /// The settings a state file writes, in order: every setting of the kind (`nil` as
    /// `null`), except one equal to its kind's unwritten default.
    package var writtenSettings: [(name: String, value: ContainerSetting?)] {
        let definition = definition
        let kind = type(of: definition)
        return zip(kind.settingNames, definition.settings).compactMap { name, value in
            value != nil && kind.unwrittenDefaults[name] == value ? nil : (name, value)
        }
    }

    /// The container as its kind's definition.
    package var definition: any ContainerKind {
        switch self {
        case .drillDown(let container): container
        case .stack(let container): container
        case .split(let container): container
        case .tabs(let container): container
        case .presentation(let container): container
        }
    }
}

extension RestorationContainer.Kind {
    /// The kind's definition.
    package var definition: any ContainerKind.Type {
        switch self {
        case .drillDown: DrillDownContainer.self
        case .stack: StackContainer.self
        case .split: SplitContainer.self
        case .tabs: TabsContainer.self
        case .presentation: PresentationContainer.self
        }
    }

    /// The slots of every kind, in kind order: the stored slot names.
    package static let allSlots: [ContainerSlot] = allCases.flatMap { $0.definition.slots }
}

extension PlannedContainer.Content {
    /// The content as its kind describes it.
    var parts: PlannedParts {
        switch self {
        case .drillDown(let left, let right): DrillDownContainer.parts(left: left, right: right)
        case .stack(let records, let afterDrop): StackContainer.parts(records: records, afterDrop: afterDrop)
        case .split(let primary, let detail, let focus, let policy): SplitContainer.parts(primary: primary, detail: detail, focus: focus, policy: policy)
        case .tabs(let tabs, let selected): TabsContainer.parts(tabs: tabs, selected: selected)
        case .presentation(let base, let presented): PresentationContainer.parts(base: base, presented: presented)
        }
    }

    /// The content's kind.
    var kind: RestorationContainer.Kind {
        switch self {
        case .drillDown: .drillDown
        case .stack: .stack
        case .split: .split
        case .tabs: .tabs
        case .presentation: .presentation
        }
    }
}

/// A state file's settings of one container, read with the messages every setting gets.
package struct JSONSettings {
    let keys: KeyedDecodingContainer<AnyCodingKey>
    let path: [any CodingKey]

    /// A string naming one case of `Choice`, or `defaultValue` when absent or null.
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, default defaultValue: Choice) throws -> Choice where Choice.RawValue == String {
        let codingKey = AnyCodingKey(stringValue: key)
        guard let name = try keys.decodeIfPresent(String.self, forKey: codingKey) else { return defaultValue }
        guard let choice = Choice(rawValue: name) else {
            let expected = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw StateFileError(path: codingPathDescription(path + [codingKey]), problem: "unknown value \(String(reflecting: name)) (expected \(expected))")
        }
        return choice
    }

    /// A whole number, or `nil` when absent or null: judged from the digits as written (see
    /// `decodeWholeNumber`), so that 0.5 or 1e300 gets its own message.
    func wholeNumber(_ key: String) throws -> Int? {
        let codingKey = AnyCodingKey(stringValue: key)
        guard try keys.contains(codingKey) && !keys.decodeNil(forKey: codingKey) else { return nil }
        return try decodeWholeNumber(keys, forKey: codingKey, place: place(key))
    }

    /// `root.primary[0].container.selected` for a key of this container.
    func place(_ key: String) -> String {
        codingPathDescription(path + [AnyCodingKey(stringValue: key)])
    }
}
