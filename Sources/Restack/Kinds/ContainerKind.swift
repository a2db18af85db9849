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

/// What a setting may hold, as its kind declares it: what the store reads a stored setting as,
/// and what `check` judges stored settings by.
package enum ContainerSettingValues: Hashable, Sendable {
    /// One of these names (text).
    case choice([String])
    /// The index of an element of the slot of this name (a whole number): present exactly
    /// when the slot holds elements, and below their count (a tab bar's `selected`).
    case index(slot: String)
}

/// One setting of a container kind, as the kind declares it: its name, the values it may hold,
/// and the default written as nothing (in a state file, a plan, a stored row).
package struct ContainerSettingDeclaration: Hashable, Sendable {
    /// The name: the state file's key, the stored setting's name, the diff's field.
    package let name: String
    /// The values it may hold.
    package let values: ContainerSettingValues
    /// The value written as nothing; `nil` for a setting written whenever it has a value.
    package let unwrittenDefault: ContainerSetting?

    /// Whether a stored container of the kind must have the setting: a choice written
    /// whatever its value (a split's `focus`). An index is present exactly when its slot holds
    /// elements; a setting with an unwritten default may be absent.
    package var isRequired: Bool {
        if case .choice = values { unwrittenDefault == nil } else { false }
    }
}

/// Why stored rows are not a container of their kind: the setting at fault (its column) and a
/// phrase after the container's name ("has no valid focus").
package struct ContainerKindProblem: Error {
    package let setting: String
    package let phrase: String
}

/// Everything specific to one container kind, kept in that kind's own file: its slots and
/// settings, its JSON and stored validation, its restoration rules, its compact arrangement, its
/// deep-link steps, and how the inspector draws it. The planner, the JSON layer, the store, the
/// diff, the adapter and the inspector go through this protocol and never name a kind.
///
/// A kind is generic over the element its slots hold: saved records, planned records, an app's
/// nodes. What does not depend on the element (slots, settings, rules on the settings) is
/// written once for every element.
package protocol ContainerKind<Element> {
    /// What the slots hold.
    associatedtype Element

    /// The kind.
    static var kind: ContainerKindName { get }
    /// How messages name a container of this kind: `split`, `tab bar`.
    static var noun: String { get }
    /// The slots, in document order.
    static var slots: [ContainerSlot] { get }
    /// The names of the settings, in order: the state file's keys, the stored settings' names,
    /// the diff's fields.
    static var settingNames: [String] { get }
    /// The values each setting that names a choice may take, by setting name: what `check`
    /// judges stored rows by. Empty for a kind without such a setting.
    static var settingValues: [String: [String]] { get }
    /// Every valid combination of settings, each in the order of ``settingNames``, for a
    /// container whose slots hold `slotCounts` elements (in the order of ``slots``): what the
    /// property tests' generators choose from. By default every combination of the
    /// ``settingValues``; a kind with another setting (a tab bar's index) says its own.
    static func validSettings(slotCounts: [Int]) -> [[ContainerSetting?]]
    /// The settings that hold the index of an element of a slot, by setting name: the slot's
    /// name (a tab bar's `selected`, in `tabs`). Every setting is a choice (``settingValues``)
    /// or an index. Empty for most kinds.
    static var settingIndexes: [String: String] { get }
    /// Settings written in state files and stored rows only when they differ from these
    /// values, by name: a setting added to a kind after files and stores were made keeps those
    /// byte for byte. Empty for most kinds.
    static var unwrittenDefaults: [String: ContainerSetting] { get }

    /// The elements of each slot, in the order of ``slots`` (a single slot: none or one).
    var slotContents: [[Element]] { get }
    /// The settings, in the order of ``settingNames``; `nil` for none.
    var settings: [ContainerSetting?] { get }
    /// A container of this kind from the slots and settings of one (``slotContents`` and
    /// ``settings`` of a container of this kind, its elements mapped).
    init(slotContents: [[Element]], settings: [ContainerSetting?])
    /// The container.
    var container: Container<Element> { get }

    /// The container of a state file: its slots' records (a single slot holds at most one), and
    /// its settings, read and validated with `settings`.
    static func decoded(_ slots: [[RestorationRecord]], settings: JSONSettings) throws -> RestorationContainer
    /// The container of stored rows: its slots' records, in order, and the stored settings in
    /// the order of ``settingNames`` (`nil` for one not stored), as ``init(slotContents:settings:)``
    /// takes them (a store's restore makes no dictionary of them).
    static func stored(_ slots: [[RestorationRecord]], settings: [ContainerSetting?]) throws(ContainerKindProblem) -> RestorationContainer

    /// The kind's rules: plans its slots through `planner` (rules 1 to 4, in the order and with
    /// the skips the rules decide) and returns the restored container and what moved.
    func plan(_ planner: inout SlotPlanner) -> (content: Container<PlannedRecord>, notes: [RestorationPlan.Note.Kind])

    /// The settings a plan's JSON shows, by key, for a planned container of this kind.
    var plannedSettings: [(key: String, value: ContainerSetting?)] { get }
    /// Rule 8: the arrangement in a compact layout, the one stack shown and the elements
    /// hidden; `nil` for a kind that shows as it is.
    var compactArrangement: (stack: [Element], hidden: [Element])? { get }
    /// How `restore-inspect` draws a container of this kind and lists it in a plan: its panes
    /// or tab row, its compact stack's title, the settings a plan states (``ContainerDrawing``).
    var drawing: ContainerDrawing { get }

    /// A deep link reveals the child at `index` (in document order) with `replacement` in its
    /// place: a tab bar selects it; a sequence pops every element above it; a split focuses its
    /// side.
    func revealing(_ index: Int, replacedBy replacement: Element) -> DeepLinkReveal<Element>
    /// Where a deep link's pushed records go: here (in a sequence that truncates or not), into a
    /// child's container, or nowhere.
    var pushTarget: DeepLinkTarget { get }
    /// The container with a deep link's restored pushed records put where ``pushTarget`` said, by
    /// the rule that makes a link idempotent (``DeepLinkRun``, applied to the sequence the kind
    /// pushes onto): those already shown are revealed, what is above them popped, only the rest
    /// pushed. `candidates` are the children (in document order) that the path's last identifier
    /// names, when the path's last record is in this container and holds none; empty when the
    /// records go into a container the path revealed no record of.
    func pushing(_ pushed: [Element], revealing candidates: [Int], same: (Element, Element) -> Bool) -> DeepLinkPush<Element>
}

extension ContainerKind {
    package static var unwrittenDefaults: [String: ContainerSetting] { [:] }
    package static var settingValues: [String: [String]] { [:] }
    package static func validSettings(slotCounts: [Int]) -> [[ContainerSetting?]] {
        settingNames.reduce([[]]) { combinations, name in
            combinations.flatMap { combination in (settingValues[name] ?? []).map { combination + [.text($0)] } }
        }
    }
    package static var settingIndexes: [String: String] { [:] }

    /// The settings as the kind declares them, in the order of ``settingNames``: what the
    /// store keeps them by (a row per setting, named; no column per setting) and what `check`
    /// judges stored rows by. A setting declared neither a choice nor an index allows no value.
    package static var settingDeclarations: [ContainerSettingDeclaration] {
        settingNames.map { name in
            ContainerSettingDeclaration(
                name: name,
                values: settingIndexes[name].map { .index(slot: $0) } ?? .choice(settingValues[name] ?? []),
                unwrittenDefault: unwrittenDefaults[name]
            )
        }
    }
    package var compactArrangement: (stack: [Element], hidden: [Element])? { nil }
    package var plannedSettings: [(key: String, value: ContainerSetting?)] {
        zip(Self.settingNames, settings).map { ($0, $1) }
    }
}

extension RestorationContainer {
    /// The settings by name, those that have a value other than their kind's unwritten
    /// default: what the store writes, a row per setting.
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
        let parts = parts
        return zip(parts.kind.settingNames, parts.settings).compactMap { name, value in
            value != nil && parts.kind.unwrittenDefaults[name] == value ? nil : (name, value)
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

extension Optional where Wrapped == ContainerSetting {
    /// The choice this setting names, or `defaultValue` when it names none.
    package func choice<Choice: RawRepresentable>(default defaultValue: Choice) -> Choice where Choice.RawValue == String {
        if case .text(let name)? = self, let choice = Choice(rawValue: name) { choice } else { defaultValue }
    }

    /// The whole number this setting holds, if any.
    package var integer: Int? {
        if case .integer(let number)? = self { number } else { nil }
    }
}
