import Restack

/// Container settings as a tree holds them (``TreeBlob``): each setting a container has, named
/// as its kind names it, its value text or an integer as the kind declares it
/// (``ContainerSettingDeclaration``). A default written as nothing is no entry.
///
/// No setting has a column of its own: a new setting, or a new kind with settings, needs no
/// migration. Reading (and `check`, which reads every tree) judges each entry by its kind's
/// declaration: a name the kind does not declare, a value of another class, is a damaged value,
/// never a trap.
enum SettingEntries {
    /// Judges the setting `entry` of a container of `kind` at `owner` (a path, made only for a
    /// message) by the kind's declarations (`declarations`, in the order of its setting names)
    /// and puts it in its place in `settings` (in the same order): a name `kind` does not
    /// declare, a name given twice, or a value of a class its declaration does not allow, is
    /// damaged. The declarations are searched, not hashed: a container has a setting or two.
    static func setting(_ entry: TreeBlob.Setting, of kind: RestorationContainer.Kind, declarations: [ContainerSettingDeclaration],
                        into settings: inout [ContainerSetting?], snapshotID: Int64, owner: @autoclosure () -> String) throws(DamagedValue) {
        guard let index = declarations.firstIndex(where: { $0.name == entry.name }) else {
            throw TreeReader.damaged(snapshotID, "the \(kind.definition.noun) at \"\(owner())\" has no setting \"\(entry.name)\"")
        }
        guard settings[index] == nil else {
            throw TreeReader.damaged(snapshotID, "the container at \"\(owner())\" has the setting \"\(entry.name)\" twice")
        }
        switch (declarations[index].values, entry.value) {
        case (.choice, .text(let text)):
            settings[index] = StoredSetting.text(text).setting
        case (.index, .integer(let number)):
            settings[index] = StoredSetting.integer(number).setting
        case (.choice, let value), (.index, let value):
            let expected: StorageClass = if case .choice = declarations[index].values { .text } else { .integer }
            throw damaged(snapshotID, owner: owner(), setting: entry.name, "expected \(expected.phrase), found \(value.storageClass.phrase)")
        }
    }

    /// Stored settings that are not a container of their kind: the message names the setting.
    static func damaged(_ snapshotID: Int64, owner: String, setting: String, _ what: String) -> DamagedValue {
        TreeReader.damaged(snapshotID, "the setting \"\(setting)\" of the container at \"\(owner)\": \(what)")
    }
}

extension TreeBlob.Value {
    /// The storage class the value would have in a column.
    var storageClass: StorageClass {
        switch self {
        case .null: .null
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .blob: .blob
        }
    }
}

/// A setting's value as its kind reads it from a tree: text, or an integer.
enum StoredSetting {
    case text(String)
    case integer(Int64)

    /// The setting, as its kind reads it; an integer beyond `Int` cannot be one.
    var setting: ContainerSetting {
        switch self {
        case .text(let text): .text(text)
        case .integer(let number): Int(exactly: number).map { .integer($0) } ?? .text(String(number))
        }
    }
}
