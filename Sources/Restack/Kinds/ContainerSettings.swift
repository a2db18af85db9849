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
/// kind's file: a split declares its `focus` (a ``SplitSide``, `primary` by default, the side
/// shown when only one shows) and its `compact` policy (stated in a plan's text only) in two
/// calls of its ``ContainerKind/visitSettings(_:)``.
///
/// A visitor, not a list of key paths: in code generic over the element, a key path is made
/// anew at every use (figures: the store's Performance article).
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
    ///   - noun: What messages call it: `has no valid <noun>`; its name by default.
    package mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ name: String, _ value: inout Value, default defaultValue: Value, writtenAtDefault: Bool = true, plan: PlanStatement = .always,
        isFocus: Bool = false, noun: String? = nil
    ) where Value.RawValue == String {
        choice(name, &value, default: defaultValue, traits: ChoiceTraits(writtenAtDefault: writtenAtDefault, plan: plan, isFocus: isFocus, noun: noun ?? name))
    }
}

/// Why stored rows are not a container of their kind: the setting at fault (its column) and a
/// phrase after the container's name ("has no valid focus").
package struct ContainerKindProblem: Error {
    package let setting: String
    package let phrase: String
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
