// Everything a kind's settings give, derived from its declarations (``ContainerKind/visitSettings(_:)``),
// written once for every kind: their descriptions, values and assembly, the judgement of stored
// ones, and what plans and the inspector state.

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

/// Sets each setting of a container of `Kind` from stored ones (`values`, in order; `nil` for
/// one not stored), judging each: a choice names one of its values (or is absent when its
/// default is unwritten, and is then the default), an index is present exactly when its slot
/// holds elements and names one. The first one that is not is ``problem``:
/// ``ContainerKind/stored(_:settings:)``.
private struct StoredSettings<Kind: ContainerKind>: ContainerSettingVisitor {
    let values: [ContainerSetting?]
    /// The container's slots, in the kind's order.
    let slots: [[Kind.Element]]
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
        let count = Kind.slots.firstIndex { $0.name == slot }.map { slots[$0].count } ?? 0
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

private struct StoredAssembly: ContainerKindVisitor {
    typealias Element = RestorationRecord
    let slots: [[RestorationRecord]]
    let settings: [ContainerSetting?]
    func visit<Kind: ContainerKind>(_ kind: Kind.Type) -> Result<RestorationContainer, ContainerKindProblem> where Kind.Element == Element {
        var container = Kind(slotContents: slots)
        var stored = StoredSettings<Kind>(values: settings, slots: slots)
        container.visitSettings(&stored)
        if let problem = stored.problem { return .failure(problem) }
        return .success(container.container)
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
        try RestorationContainer.open(kind, StoredAssembly(slots: slots, settings: settings)).get()
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
