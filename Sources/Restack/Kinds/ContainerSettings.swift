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

/// Where a plan (its JSON, its text) states a setting.
package enum PlanStatement: Hashable, Sendable {
    /// Always, whatever its value (`null` for none); the text compares it with the saved value
    /// (`focus detail (saved primary)`).
    case always
    /// Only away from its default, for a container restored or not: a setting added after plans
    /// were made keeps them byte for byte (a stack's `afterDrop`).
    case awayFromDefault
    /// In the text only: the JSON shows what it did instead (a split's `compact`, whose effect is
    /// the plan's `compact` arrangement, the key of the same name).
    case textOnly
}

/// One setting of a container kind, as the kind declares it: its name, the values it may hold,
/// its default, where files and plans state it, and the words of messages about it.
package struct ContainerSettingDeclaration: Hashable, Sendable {
    /// The name: the state file's key, the stored setting's name, the diff's field.
    package let name: String
    /// The values it may hold.
    package let values: ContainerSettingValues
    /// What a state file without the key (or with `null`) means: a choice's default; `nil` for
    /// an index (no element).
    package let defaultValue: ContainerSetting?
    /// Whether state files and stored rows leave the setting out at its default (a setting
    /// added to a kind after files and stores were made keeps those byte for byte).
    package let isUnwrittenAtDefault: Bool
    /// Where a plan states it.
    package let plan: PlanStatement
    /// Whether the setting names the slot shown when only one shows (a split's side, a column):
    /// the container's focus (``ContainerKind/focusedSlot``), marked in the picture.
    package let isFocus: Bool
    /// What messages call it: a choice's `has no valid <noun>` (`focus`, `compact policy`), an
    /// index's element (`selects a tab it does not have`).
    package let noun: String

    /// The value written as nothing; `nil` for a setting written whenever it has a value.
    package var unwrittenDefault: ContainerSetting? {
        isUnwrittenAtDefault ? defaultValue : nil
    }

    /// Whether a stored container of the kind must have the setting: a choice written
    /// whatever its value (a split's `focus`). An index is present exactly when its slot holds
    /// elements; a setting with an unwritten default may be absent.
    package var isRequired: Bool {
        if case .choice = values { unwrittenDefault == nil } else { false }
    }

    /// Whether `value` is written (in a state file, a stored row): not its unwritten default.
    func isWritten(_ value: ContainerSetting?) -> Bool {
        value == nil || value != unwrittenDefault
    }

    /// Whether a plan of a container holding `value` states it in its JSON.
    func isPlanned(_ value: ContainerSetting?) -> Bool {
        switch plan {
        case .always: true
        case .awayFromDefault: value != defaultValue
        case .textOnly: false
        }
    }
}

/// What a kind declares each of its settings to, once, in its own file
/// (``ContainerKind/visitSettings(_:)``): the setting's name, the property that holds it (given
/// `inout`, so that a visitor reads it or sets it), its values and default, and where files and
/// plans state it. Every operation on settings (reading and setting them, describing them, judging
/// stored ones) is a visitor, written once for every kind: a new setting is one more call in its
/// kind's file.
///
/// ```swift
/// package mutating func visitSettings(_ settings: inout some ContainerSettingVisitor) {
///     settings.choice("focus", &focus, default: .primary, isFocus: true, noun: "focus")
///     settings.choice("compact", &compact, default: .merge, plan: .textOnly, noun: "compact policy")
/// }
/// ```
///
/// A visitor, not a list of key paths: in code generic over the element, a key path is made
/// anew at every use, which cost a nested restore 2.6 times its instructions
/// (<doc:Performance>).
package protocol ContainerSettingVisitor {
    /// A setting naming one case of `Value` (text in files and rows), held by `value`: see
    /// ``choice(_:_:default:writtenAtDefault:plan:isFocus:noun:)``.
    mutating func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _ value: inout Value, default defaultValue: Value,
                                                                 traits: ChoiceTraits) where Value.RawValue == String
    /// A setting holding the index of an element of the slot `slot` (a whole number), or `nil`
    /// when the slot is empty, held by `value`; always written and planned (`null` for none).
    ///
    /// - Parameters:
    ///   - name: The setting's name.
    ///   - value: The property that holds it.
    ///   - slot: The slot it indexes.
    ///   - element: What messages call an element of the slot: `selects a <element> it does not
    ///     have`, `the index of the <name> <element>`.
    mutating func index(_ name: String, _ value: inout Int?, slot: String, element: String)
}

/// How a choice setting is written and stated (``ContainerSettingVisitor/choice(_:_:default:writtenAtDefault:plan:isFocus:noun:)``).
package struct ChoiceTraits: Sendable {
    var writtenAtDefault: Bool
    var plan: PlanStatement
    var isFocus: Bool
    var noun: String
}

extension ContainerSettingVisitor {
    /// A setting naming one case of `Value` (text in files and rows), held by `value`.
    ///
    /// - Parameters:
    ///   - name: The setting's name.
    ///   - value: The property that holds it.
    ///   - defaultValue: What a state file without it means.
    ///   - writtenAtDefault: Whether files and rows write it at its default (`false`: only
    ///     away from it, and a stored container without it has the default).
    ///   - plan: Where a plan states it.
    ///   - isFocus: Whether its values are the kind's slots, the one shown when only one shows.
    ///   - noun: What messages call it: `has no valid <noun>`.
    package mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ name: String, _ value: inout Value, default defaultValue: Value, writtenAtDefault: Bool = true, plan: PlanStatement = .always,
        isFocus: Bool = false, noun: String
    ) where Value.RawValue == String {
        choice(name, &value, default: defaultValue, traits: ChoiceTraits(writtenAtDefault: writtenAtDefault, plan: plan, isFocus: isFocus, noun: noun))
    }
}

/// Why stored rows are not a container of their kind: the setting at fault (its column) and a
/// phrase after the container's name ("has no valid focus").
package struct ContainerKindProblem: Error {
    package let setting: String
    package let phrase: String
}

// MARK: - Derived from the declarations, for every kind

/// Describes each setting: ``ContainerKind/settingDeclarations``.
private struct SettingDescriptions: ContainerSettingVisitor {
    var declarations: [ContainerSettingDeclaration] = []

    mutating func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _ value: inout Value, default defaultValue: Value,
                                                                 traits: ChoiceTraits) where Value.RawValue == String {
        declarations.append(ContainerSettingDeclaration(
            name: name, values: .choice(Value.allCases.map { $0.rawValue }), defaultValue: .text(defaultValue.rawValue),
            isUnwrittenAtDefault: !traits.writtenAtDefault, plan: traits.plan, isFocus: traits.isFocus, noun: traits.noun
        ))
    }

    mutating func index(_ name: String, _ value: inout Int?, slot: String, element: String) {
        declarations.append(ContainerSettingDeclaration(
            name: name, values: .index(slot: slot), defaultValue: nil, isUnwrittenAtDefault: false, plan: .always, isFocus: false, noun: element
        ))
    }
}

/// Reads each setting: ``ContainerKind/settings``.
private struct SettingValues: ContainerSettingVisitor {
    var values: [ContainerSetting?] = []

    mutating func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _ value: inout Value, default defaultValue: Value,
                                                                 traits: ChoiceTraits) where Value.RawValue == String {
        values.append(.text(value.rawValue))
    }

    mutating func index(_ name: String, _ value: inout Int?, slot: String, element: String) {
        values.append(value.map { .integer($0) })
    }
}

/// Sets each setting from `values`, in order; a value that is not one the setting may hold sets
/// its default: ``ContainerKind/init(slotContents:settings:)``.
private struct SettingAssignment: ContainerSettingVisitor {
    let values: [ContainerSetting?]
    var next = 0

    mutating func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _ value: inout Value, default defaultValue: Value,
                                                                 traits: ChoiceTraits) where Value.RawValue == String {
        value = values[next].choice(default: defaultValue)
        next += 1
    }

    mutating func index(_ name: String, _ value: inout Int?, slot: String, element: String) {
        value = values[next].integer
        next += 1
    }
}

/// Sets each setting from stored ones (`values`, in order; `nil` for one not stored), judging
/// each: a choice names one of its values (or is absent when its default is unwritten, and is
/// then the default), an index is present exactly when its slot holds elements and names one.
/// The first one that is not is ``problem``: ``ContainerKind/stored(_:settings:)``.
private struct StoredSettings: ContainerSettingVisitor {
    let values: [ContainerSetting?]
    let slots: [ContainerSlot]
    let slotCounts: [Int]
    var next = 0
    var problem: ContainerKindProblem?

    mutating func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _ value: inout Value, default defaultValue: Value,
                                                                 traits: ChoiceTraits) where Value.RawValue == String {
        defer { next += 1 }
        switch values[next] {
        case nil where !traits.writtenAtDefault:
            value = defaultValue
        case .text(let text)?:
            if let choice = Value(rawValue: text) { value = choice } else { fallthrough }
        default:
            problem = problem ?? ContainerKindProblem(setting: name, phrase: "has no valid \(traits.noun)")
        }
    }

    mutating func index(_ name: String, _ value: inout Int?, slot: String, element: String) {
        defer { next += 1 }
        let count = slots.firstIndex { $0.name == slot }.map { slotCounts[$0] } ?? 0
        switch values[next] {
        case nil where count == 0:
            value = nil
        case .integer(let index)? where (0..<count).contains(index):
            value = index
        default:
            problem = problem ?? ContainerKindProblem(setting: name, phrase: "selects a \(element) it does not have")
        }
    }
}

extension ContainerKind {
    /// A container of this kind with empty slots, every setting at its default.
    private static var empty: Self {
        Self(slotContents: slots.map { _ in [] })
    }

    /// The settings as the kind declares them, in order: what the store keeps them by (a row
    /// per setting, named; no column per setting) and what `check` judges stored rows by.
    package static var settingDeclarations: [ContainerSettingDeclaration] {
        var empty = empty
        var descriptions = SettingDescriptions()
        empty.visitSettings(&descriptions)
        return descriptions.declarations
    }

    /// The names of the settings, in order: the state file's keys, the stored settings' names,
    /// the diff's fields.
    package static var settingNames: [String] {
        settingDeclarations.map(\.name)
    }

    /// The values each setting that names a choice may take, by setting name.
    package static var settingValues: [String: [String]] {
        var result: [String: [String]] = [:]
        for declaration in settingDeclarations {
            if case .choice(let names) = declaration.values { result[declaration.name] = names }
        }
        return result
    }

    /// Every valid combination of settings, each in the order of ``settingNames``, for a
    /// container whose slots hold `slotCounts` elements (in the order of ``slots``): what the
    /// property tests' generators choose from. A choice takes each of its values; an index each
    /// element of its slot, or none when the slot is empty.
    package static func validSettings(slotCounts: [Int]) -> [[ContainerSetting?]] {
        settingDeclarations.reduce([[]]) { combinations, declaration in
            let values: [ContainerSetting?] = switch declaration.values {
            case .choice(let names): names.map { .text($0) }
            case .index(let slot):
                slots.firstIndex { $0.name == slot }.map { slotCounts[$0] == 0 ? [nil] : (0..<slotCounts[$0]).map { .integer($0) } } ?? [nil]
            }
            return combinations.flatMap { combination in values.map { combination + [$0] } }
        }
    }

    /// The settings, in the order of ``settingNames``; `nil` for none.
    package var settings: [ContainerSetting?] {
        var copy = self
        var values = SettingValues()
        copy.visitSettings(&values)
        return values.values
    }

    /// A container of this kind from the slots and settings of one (``slotContents`` and
    /// ``settings`` of a container of this kind, its elements mapped).
    package init(slotContents: [[Element]], settings: [ContainerSetting?]) {
        self.init(slotContents: slotContents)
        var assignment = SettingAssignment(values: settings)
        visitSettings(&assignment)
    }

    /// The container of stored rows: its slots' records, in order, and the stored settings in
    /// the order of ``settingNames`` (`nil` for one not stored), each judged by its declaration:
    /// a choice names one of its values (or is absent when its default is unwritten, and then
    /// is the default), an index is present exactly when its slot holds elements and names one.
    package static func stored(_ slots: [[RestorationRecord]], settings: [ContainerSetting?]) throws(ContainerKindProblem) -> RestorationContainer {
        var container = RestorationContainer.definition(of: kind).init(slotContents: slots)
        var stored = StoredSettings(values: settings, slots: Self.slots, slotCounts: slots.map(\.count))
        container.visitSettings(&stored)
        if let problem = stored.problem { throw problem }
        return container.container
    }

    /// The settings a plan's JSON shows, by key, for a planned container of this kind: each
    /// setting its declaration plans (``PlanStatement``), then, for each slot where the app
    /// shows its placeholder, whether it does (`detailPlaceholder`).
    package var plannedSettings: [(key: String, value: ContainerSetting?)] {
        var result: [(key: String, value: ContainerSetting?)] = []
        for (declaration, value) in zip(Self.settingDeclarations, settings) where declaration.isPlanned(value) {
            result.append((declaration.name, value))
        }
        for (slot, elements) in zip(Self.slots, slotContents) where slot.showsPlaceholder {
            result.append(("\(slot.name)Placeholder", .bool(elements.isEmpty)))
        }
        return result
    }

    /// The settings a plan's text states (``PlanStatement``), with their phrases (`focus detail`,
    /// `nothing selected`), then the placeholders shown (`detail placeholder`).
    package var statedSettings: [ContainerDrawing.Setting] {
        var result: [ContainerDrawing.Setting] = []
        for (declaration, value) in zip(Self.settingDeclarations, settings) {
            if declaration.plan == .awayFromDefault && value == declaration.defaultValue { continue }
            result.append(ContainerDrawing.Setting(
                name: declaration.name, value: value?.text ?? "none",
                phrase: value.map { "\(declaration.name) \($0.text)" } ?? "nothing \(declaration.name)",
                isSaved: declaration.plan == .awayFromDefault
            ))
        }
        for (slot, elements) in zip(Self.slots, slotContents) where slot.showsPlaceholder && elements.isEmpty {
            result.append(ContainerDrawing.Setting(name: "\(slot.name)Placeholder", phrase: "\(slot.name) placeholder"))
        }
        return result
    }

    /// The slot shown when only one shows (a split's side, a column), as the setting declared
    /// the focus names it; `nil` for a kind without one.
    package var focusedSlot: String? {
        for (declaration, value) in zip(Self.settingDeclarations, settings) where declaration.isFocus {
            return value?.text
        }
        return nil
    }

    /// Whether the app shows its placeholder in a slot of this container: one that shows it
    /// (``ContainerSlot/showsPlaceholder``) is empty.
    package var showsPlaceholder: Bool {
        zip(Self.slots, slotContents).contains { $0.showsPlaceholder && $1.isEmpty }
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
        return zip(parts.kind.settingDeclarations, parts.settings).compactMap { declaration, value in
            declaration.isWritten(value) ? (declaration.name, value) : nil
        }
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
