import Foundation
import GRDB
import RestackStore

/// A setting's value as a damage writes it, of any storage class. Not part of Restack's API.
public enum SettingLiteral: Sendable, Hashable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// One value of each class.
    public static let ofEveryClass: [SettingLiteral] = [.null, .integer(42), .real(1.5), .text("x"), .blob([0, 0xFF])]

    /// The class, as `typeof()` names it.
    public var className: String {
        switch self {
        case .null: "NULL"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }

    var value: TreeBlob.Value {
        switch self {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .blob(let bytes): .blob(Data(bytes))
        }
    }

    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .text(let text): "'\(text)'"
        case .blob(let bytes): "X'\(bytes.map { String(format: "%02X", $0) }.joined())'"
        }
    }
}

/// A change to one entry of a snapshot's tree (`restack_snapshot.tree`), as damage or an edit
/// outside Restack would make it: the fixture's session "s" (its newest snapshot's second
/// record) for records, session "u" (its tree) for containers and settings. Not part of
/// Restack's API.
public enum TreeEdit: Sendable, Hashable, CustomStringConvertible {
    /// The second record's slot.
    case slot(String)
    /// The second record's position.
    case position(Int)
    /// The second record's owner (the index of the record whose container holds it; 0 is the root).
    case owner(Int)
    /// The second record's value id.
    case valueID(Int64)
    /// The kind of the container at `tabs[0]` of session "u".
    case kind(String)
    /// The name of the setting `from` of the first container of kind `kind` of session "u"'s
    /// tree, now `to`.
    case settingName(kind: String, from: String, to: String)
    /// The value of the setting `name` of the first container of kind `kind` of session "u"'s
    /// tree.
    case settingValue(kind: String, name: String, SettingLiteral)
    /// The tree of session "s"'s newest snapshot replaced by these bytes.
    case bytes([UInt8])

    public var description: String {
        switch self {
        case .slot(let slot): "slot '\(slot)'"
        case .position(let position): "position \(position)"
        case .owner(let owner): "owner \(owner)"
        case .valueID(let id): "value id \(id)"
        case .kind(let kind): "kind '\(kind)'"
        case .settingName(let kind, let from, let to): "setting \(kind).\(from) named '\(to)'"
        case .settingValue(let kind, let name, let value): "setting \(kind).\(name) = \(value)"
        case .bytes(let bytes): "bytes \(bytes)"
        }
    }

    /// The session whose newest snapshot's tree the edit changes.
    var session: String {
        switch self {
        case .kind, .settingName, .settingValue: "u"
        default: "s"
        }
    }

    /// Makes the edit in the store at `path` (closed).
    func apply(to path: String) throws {
        let id = try Self.snapshotID(of: session, at: path)
        if case .bytes(let bytes) = self {
            try Self.write(Data(bytes), snapshot: id, at: path)
            return
        }
        var tree = try Self.tree(of: session, at: path)
        switch self {
        case .slot(let slot): tree.records[1].slot = slot
        case .position(let position): tree.records[1].position = position
        case .owner(let owner): tree.records[1].owner = owner
        case .valueID(let valueID): tree.records[1].valueID = valueID
        case .kind(let kind):
            // The container at tabs[0]: owned by the first record.
            guard let index = tree.containers.firstIndex(where: { $0.owner == 1 }) else {
                throw DatabaseError(message: "no container at tabs[0]")
            }
            tree.containers[index].kind = kind
        case .settingName(let kind, let from, let to):
            try Self.editSetting(from, of: kind, in: &tree) { $0.name = to }
        case .settingValue(let kind, let name, let value):
            try Self.editSetting(name, of: kind, in: &tree) { $0.value = value.value }
        case .bytes:
            break
        }
        try Self.write(tree.encoded, snapshot: id, at: path)
    }

    private static func editSetting(_ name: String, of kind: String, in tree: inout TreeBlob, _ edit: (inout TreeBlob.Setting) -> Void) throws {
        for container in tree.containers.indices where tree.containers[container].kind == kind {
            if let setting = tree.containers[container].settings.firstIndex(where: { $0.name == name }) {
                edit(&tree.containers[container].settings[setting])
                return
            }
        }
        throw DatabaseError(message: "no setting \(name) of a \(kind) in the tree: DamagedStores.fixtureTree must hold one, away from its unwritten default")
    }

    /// The id of the newest snapshot of `session` in the store at `path`.
    static func snapshotID(of session: String, at path: String) throws -> Int64 {
        try DatabaseQueue(path: path).read { db in
            try Int64.fetchOne(db, sql: """
                SELECT MAX(s.id) FROM restack_snapshot s JOIN restack_session ss ON ss.id = s.session_id WHERE ss.name = ?
                """, arguments: [session])
        } ?? 0
    }

    /// The tree of the newest snapshot of `session` in the store at `path`.
    package static func tree(of session: String, at path: String) throws -> TreeBlob {
        let id = try snapshotID(of: session, at: path)
        let bytes = try DatabaseQueue(path: path).read { db in
            try Data.fetchOne(db, sql: "SELECT tree FROM restack_snapshot WHERE id = ?", arguments: [id])
        } ?? Data()
        return try TreeBlob(decoding: bytes)
    }

    /// Writes `bytes` as the tree of snapshot `id` of the store at `path`, nothing else changed.
    public static func write(_ bytes: Data, snapshot id: Int64, at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            // As a literal: GRDB binds an empty `Data` as NULL.
            let hex = bytes.map { String(format: "%02X", $0) }.joined()
            try db.execute(sql: "UPDATE restack_snapshot SET tree = X'\(hex)' WHERE id = ?", arguments: [id])
        }
        try queue.close()
    }

    /// Rewrites the tree of snapshot `id` of the store at `path` with `edit` made to its entries.
    package static func edit(snapshot id: Int64, at path: String, _ edit: (inout TreeBlob) throws -> Void) throws {
        let bytes = try DatabaseQueue(path: path).read { db in
            try Data.fetchOne(db, sql: "SELECT tree FROM restack_snapshot WHERE id = ?", arguments: [id])
        } ?? Data()
        var tree = try TreeBlob(decoding: bytes)
        try edit(&tree)
        try write(tree.encoded, snapshot: id, at: path)
    }
}
