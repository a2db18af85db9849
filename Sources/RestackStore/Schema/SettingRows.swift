import GRDB
import GRDBSQLite
import Restack

/// Container settings as rows of `restack_setting`: one row per setting a container has, named
/// as its kind names it, its value text or an integer as the kind declares it
/// (``ContainerSettingDeclaration``). A default written as nothing is no row.
///
/// No setting has a column of its own (migration 8): a new setting, or a new kind with
/// settings, needs no migration. Reading judges each row by its kind's declaration (a name the
/// kind does not declare, a value of another class, is a damaged value, never a trap), and
/// `check`'s judgements of settings are written from the same declarations (``checks``).
enum SettingRows {
    // MARK: Writing

    /// Settings rows per `INSERT` at most: the most settings a kind declares.
    static let maxSettings = max(1, RestorationContainer.Kind.allCases.map { $0.definition.settingNames.count }.max() ?? 1)

    /// `INSERT`s of 1 ... ``maxSettings`` setting rows: a container's settings in one statement.
    static let insertSQL: [String] = (1...maxSettings).map { count in
        "INSERT INTO restack_setting (snapshot_id, owner, name, value) VALUES "
            + Array(repeating: "(?, ?, ?, ?)", count: count).joined(separator: ", ")
    }

    /// Writes the settings of the container at `owner`: each that has a value, a row.
    static func insert(_ db: Database, _ settings: [(name: String, value: ContainerSetting?)], snapshotID: Int64, owner: String) throws {
        var values: [DatabaseValue] = []
        for (name, value) in settings {
            guard let value else { continue }
            values.append(snapshotID.databaseValue)
            values.append(owner.databaseValue)
            values.append(name.databaseValue)
            values.append(value.databaseValue)
        }
        guard !values.isEmpty else { return }
        try db.cachedStatement(sql: insertSQL[values.count / 4 - 1]).execute(binding: values)
    }

    // MARK: Reading

    /// A setting's name as a joined row reads it: NULL when the container has no setting.
    private static let joinedName = StoredColumn("restack_setting", "name", .text, nullable: true)

    /// Each kind's declared settings by name, made once.
    private static let declarations: [RestorationContainer.Kind: [String: ContainerSettingDeclaration]] = Dictionary(
        uniqueKeysWithValues: RestorationContainer.Kind.allCases.map { kind in
            (kind, Dictionary(kind.definition.settingDeclarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }))
        })

    /// The setting on the row `step` stands on, from column `first` (its name, then its
    /// value), of a container of `kind`: `nil` when the row joins no setting. A name `kind`
    /// does not declare, or a value of a class its declaration does not allow, is damaged.
    static func setting(_ step: SQLiteStatement, from first: Int, of kind: RestorationContainer.Kind, snapshotID: Int64,
                        owner: String) throws(DamagedValue) -> (name: String, value: StoredSetting)? {
        let values = StoredValues(statement: step, name: .container(snapshot: snapshotID))
        guard let name = try values.exactText(first, joinedName) else { return nil }
        guard let declaration = declarations[kind]?[name] else {
            throw DamagedValue(detail: StoredColumn.settingName.problem(
                in: "snapshot \(snapshotID)", "the \(kind.definition.noun) at \"\(owner)\" has no setting \"\(name)\""))
        }
        let row = StoredValues(statement: step, name: .setting(snapshot: snapshotID, owner: owner, name: name))
        switch declaration.values {
        case .choice:
            return (name, .text(try row.requiredExactText(first + 1, .settingValue(.text))))
        case .index:
            return (name, .integer(try row.integer(first + 1, .settingValue(.integer))))
        }
    }

    /// Stored settings that are not a container of their kind: the message names the setting.
    static func damaged(_ snapshotID: Int64, owner: String, setting: String, _ what: String) -> DamagedValue {
        DamagedValue(detail: StoredColumn.settingValue(.text).problem(
            in: StoredRow.setting(snapshot: snapshotID, owner: owner, name: setting).description, what))
    }

    // MARK: Checking

    /// Every kind with its declared settings.
    private static let declared: [(kind: String, settings: [ContainerSettingDeclaration])] = RestorationContainer.Kind.allCases.map {
        ($0.rawValue, $0.definition.settingDeclarations)
    }
    /// Every declared setting of every kind, with its kind's name.
    private static let settings: [(kind: String, setting: ContainerSettingDeclaration)] = declared.flatMap { kind, settings in
        settings.map { (kind, $0) }
    }

    /// SQL quoting of a name: `'focus'`.
    private static func quoted(_ name: String) -> String {
        "'" + name.replacingOccurrences(of: "'", with: "''") + "'"
    }
    private static func list(_ names: [String]) -> String {
        names.map(quoted).joined(separator: ", ")
    }
    /// `split focus`, `tabs selected`.
    private static func label(_ kind: String, _ setting: ContainerSettingDeclaration) -> String {
        "\(kind) \(setting.name)"
    }
    /// The condition that the setting row `s` of container row `c` is `setting` of `kind`.
    private static func isSetting(_ kind: String, _ setting: ContainerSettingDeclaration) -> String {
        "(c.kind = \(quoted(kind)) AND s.name = \(quoted(setting.name))"
    }
    /// The class a setting's value must have, as `typeof()` names it.
    private static func storageClass(_ setting: ContainerSettingDeclaration) -> StorageClass {
        if case .index = setting.values { .integer } else { .text }
    }
    /// The choices of every choice setting: `(kind, setting, values)`.
    private static let choices = settings.compactMap { kind, setting -> (String, ContainerSettingDeclaration, [String])? in
        if case .choice(let values) = setting.values { (kind, setting, values) } else { nil }
    }
    /// The index settings: `(kind, setting, slot)`.
    private static let indexes = settings.compactMap { kind, setting -> (String, ContainerSettingDeclaration, String)? in
        if case .index(let slot) = setting.values { (kind, setting, slot) } else { nil }
    }

    /// The setting rows joined to their containers, of known kinds.
    private static let joined = """
        SELECT DISTINCT s.snapshot_id FROM restack_setting s
        JOIN restack_container c ON c.snapshot_id = s.snapshot_id AND c.owner = s.owner
        WHERE c.kind IN (\(list(declared.map(\.kind))))
        """

    /// Restack's invariants of the settings rows, each a query for the ids of the snapshots that
    /// break it, every one written from the kinds' declarations: no kind or setting is named
    /// here. A container of an unknown kind is reported by its kind, and its settings not
    /// judged.
    static let checks: [(String, String)] = [
        ("restack_setting.owner: a setting of no container", """
            SELECT DISTINCT s.snapshot_id FROM restack_setting s
            WHERE NOT EXISTS (SELECT 1 FROM restack_container c WHERE c.snapshot_id = s.snapshot_id AND c.owner = s.owner)
            """),
        ("restack_setting.name: a setting its container's kind does not have (\(declared.map { "\($0.kind): \($0.settings.isEmpty ? "none" : $0.settings.map(\.name).joined(separator: ", "))" }.joined(separator: "; ")))", """
            \(joined) AND NOT (\((declared.filter { !$0.settings.isEmpty }.map { "(c.kind = \(quoted($0.kind)) AND s.name IN (\(list($0.settings.map(\.name)))))" } + ["0"]).joined(separator: " OR ")))
            """),
        ("restack_setting.value: a value of a class its setting does not hold (\(settings.map { "\(label($0.kind, $0.setting)): \(storageClass($0.setting).phrase)" }.joined(separator: "; ")))", """
            \(joined) AND (\((settings.map { "\(isSetting($0.kind, $0.setting)) AND typeof(s.value) != '\(storageClass($0.setting).rawValue)')" } + ["0"]).joined(separator: " OR ")))
            """),
        ("restack_setting.value: a choice its setting does not have (\(choices.map { "\(label($0.0, $0.1)): \($0.2.joined(separator: ", "))" }.joined(separator: "; ")))", """
            \(joined) AND (\((choices.map { "\(isSetting($0.0, $0.1)) AND typeof(s.value) = 'text' AND s.value NOT IN (\(list($0.2))))" } + ["0"]).joined(separator: " OR ")))
            """),
        ("restack_setting.value: a negative index (\(indexes.map { label($0.0, $0.1) }.joined(separator: ", ")))", """
            \(joined) AND (\((indexes.map { "\(isSetting($0.0, $0.1)) AND typeof(s.value) = 'integer' AND s.value < 0)" } + ["0"]).joined(separator: " OR ")))
            """),
    ]

    /// The containers whose settings are out of range, as SQL over the container row `c`: a
    /// required setting missing; an index at or past its slot's count, or absent while its
    /// slot holds records (or present while it holds none).
    static let outOfRange: String = {
        func value(_ name: String) -> String {
            "(SELECT s.value FROM restack_setting s WHERE s.snapshot_id = c.snapshot_id AND s.owner = c.owner AND s.name = \(quoted(name)))"
        }
        func count(_ slot: String) -> String {
            "(SELECT COUNT(*) FROM restack_record r WHERE r.snapshot_id = c.snapshot_id AND r.parent = c.owner AND r.slot = \(quoted(slot)))"
        }
        let required = settings.filter(\.setting.isRequired).map { kind, setting in
            "(c.kind = \(quoted(kind)) AND \(value(setting.name)) IS NULL)"
        }
        let ranges = indexes.map { kind, setting, slot in
            "(c.kind = \(quoted(kind)) AND (\(value(setting.name)) IS NOT NULL AND \(value(setting.name)) >= \(count(slot))"
                + " OR \(value(setting.name)) IS NULL AND \(count(slot)) > 0))"
        }
        return (required + ranges + ["0"]).joined(separator: "\n   OR ")
    }()
}

/// A setting as a row holds it.
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

extension ContainerSetting {
    /// The value to bind in a setting row.
    var databaseValue: DatabaseValue {
        switch self {
        case .text(let text): text.databaseValue
        case .integer(let number): number.databaseValue
        case .bool(let flag): flag.databaseValue
        }
    }
}
