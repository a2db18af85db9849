// Makes the upgrade fixtures with the released code (schema m001 + m002): stores with hostile
// text, several sessions, history and a quarantined snapshot, and what the released code reads
// from them (exports, snapshot information, plans, the crash-loop guard's choice).
import Foundation
import GRDB
import Restack
import RestackMigrations
import RestackStore

let folder = URL(fileURLWithPath: CommandLine.arguments[1])
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

func record(_ id: String?, _ cls: String?, _ payload: Data? = nil) -> RestorationRecord {
    RestorationRecord(identifier: id, className: cls, payload: payload)
}
let hostile: [String] = [
    "nul\u{0}inside", "\u{202E}rtl-override", "👩‍👩‍👧‍👦", "   ", "'; DROP TABLE restack_record; --",
    "é", "e\u{301}", String(repeating: "long-", count: 14_000), "line\nbreak\ttab", "\u{FEFF}bom", "🙂\u{0}🙃",
]
let binary = Data((0..<256).map { UInt8($0) })
let base = Date(timeIntervalSince1970: 1_790_000_000.123)

struct Expected: Encodable {
    struct Snapshot: Encodable {
        var id: Int64
        var formatVersion: Int
        var appVersion: String?   // base64 of the UTF-8 bytes
        var savedAtMilliseconds: Int64
        var recordCount: Int
        var unconfirmedRestores: Int
        var quarantinedAtMilliseconds: Int64?
        var export: String        // base64 of StateFile.encode(state)
        var plan: String          // base64 of the plan JSON, every record rebuildable
    }
    struct Session: Encodable {
        var name: String          // base64 of the UTF-8 bytes
        var snapshots: [Snapshot]
        var restoredSnapshot: Int64?
        var skippedQuarantined: [Int64]
    }
    var schema: [String]
    var sessions: [Session]
}

func b64(_ s: String?) -> String? { s.map { Data($0.utf8).base64EncodedString() } }
func ms(_ d: Date) -> Int64 { Int64((d.timeIntervalSince1970 * 1000).rounded(.down)) }

func expected(_ store: SnapshotStore, schema: [String]) throws -> Expected {
    var sessions: [Expected.Session] = []
    for session in try store.sessions() {
        var snapshots: [Expected.Snapshot] = []
        for info in try store.snapshots(session: session.name) {
            let stored = try store.snapshot(id: info.id, session: session.name)
            snapshots.append(.init(
                id: info.id, formatVersion: info.formatVersion, appVersion: b64(info.appVersion),
                savedAtMilliseconds: ms(info.savedAt), recordCount: info.recordCount,
                unconfirmedRestores: info.unconfirmedRestores, quarantinedAtMilliseconds: info.quarantinedAt.map(ms),
                export: StateFile.encode(stored.state).base64EncodedString(),
                plan: Restorer.plan(for: stored.state).jsonData().base64EncodedString()))
        }
        let restoration = try? store.restore(session: session.name)
        sessions.append(.init(name: b64(session.name)!, snapshots: snapshots,
                              restoredSnapshot: restoration?.snapshot.info.id,
                              skippedQuarantined: restoration?.skippedQuarantined ?? []))
    }
    return Expected(schema: schema, sessions: sessions)
}

func write(_ value: Expected, _ name: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try (encoder.encode(value) + Data("\n".utf8)).write(to: folder.appendingPathComponent(name))
}

// Store 1: the released schema, m001 + m002, written through the released API.
let path = folder.appendingPathComponent("released-m002.sqlite").path
try? FileManager.default.removeItem(atPath: path)
do {
    let store = try SnapshotStore(path: path, options: .init(retention: .init(keepLast: 4)))
    // Hostile text in every field, history with pruning (ids with gaps).
    for (round, text) in hostile.enumerated() {
        let state = DrillDownState(
            left: [record("root", "RootController"), record(text, text, Data(text.utf8)), record(nil, "NoIdentifier"), record("", "")],
            right: round % 2 == 0 ? record("right-\(round)", "Right\(text)", round % 4 == 0 ? Data() : binary) : nil)
        try store.save(state, session: "hostile", appVersion: text, savedAt: base.addingTimeInterval(Double(round)))
    }
    for (index, name) in ["é", "e\u{301}", "nul\u{0}session", "\u{202E}session", "   "].enumerated() {
        try store.save(DrillDownState(left: [record("a\(index)", "A")], right: record("r", nil)), session: name,
                       appVersion: nil, savedAt: base.addingTimeInterval(100 + Double(index)))
    }
    // The crash-loop guard: a quarantined snapshot, and one with an unconfirmed restore.
    let good = DrillDownState(left: [record("mailboxes", "MailboxesController"), record("inbox", "InboxController")])
    let bad = DrillDownState(left: [record("mailboxes", "MailboxesController")], right: record("crash", "CrashController"))
    try store.save(good, session: "crashy", appVersion: "1.0", savedAt: base.addingTimeInterval(200))
    try store.save(bad, session: "crashy", appVersion: "1.0", savedAt: base.addingTimeInterval(201))
    _ = try store.beginRestore(session: "crashy")
    _ = try store.beginRestore(session: "crashy")
    let fallback = try store.beginRestore(session: "crashy")        // quarantines bad
    precondition(fallback.fellBack)
    try store.save(good, session: "counting", appVersion: "1.0", savedAt: base.addingTimeInterval(300))
    _ = try store.beginRestore(session: "counting")                  // one unconfirmed restore
    // Formats the released code did not support: restored as nothing, exported as written.
    try store.save(DrillDownState(formatVersion: 2, left: [record("notes", "NotesController")]), session: "newer-format",
                   appVersion: "9.0", savedAt: base.addingTimeInterval(400))
    try store.save(DrillDownState(formatVersion: 7, left: [record("x", "X")], right: record("y", "Y")), session: "newer-format",
                   appVersion: "9.1", savedAt: base.addingTimeInterval(401))
    try store.save(DrillDownState(left: []), session: "empty", savedAt: base.addingTimeInterval(500))
    try write(try expected(store, schema: SnapshotStore.knownMigrations), "released-m002.expected.json")
}
// Close every connection and fold the WAL into the file, so the fixture is one file.
do {
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE; PRAGMA journal_mode = WAL") }
    try queue.close()
}

// Store 2: migration m001 only, as the first release wrote it, rows as its SQL stored them.
let path1 = folder.appendingPathComponent("released-m001.sqlite").path
try? FileManager.default.removeItem(atPath: path1)
do {
    let queue = try DatabaseQueue(path: path1)
    try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
    var migrator = DatabaseMigrator()
    let first = RestackMigrations.all[0]
    migrator.registerMigration(first.identifier) { try $0.execute(sql: first.sql) }
    try migrator.migrate(queue)
    try queue.write { db in
        try db.execute(sql: "INSERT INTO restack_session (name, created_at) VALUES (CAST(? AS TEXT), ?)", arguments: [Data("nul\u{0}old".utf8), 1_700_000_000_000])
        try db.execute(sql: "INSERT INTO restack_session (name, created_at) VALUES (?, ?)", arguments: ["old", 1_700_000_000_000])
        for (snapshot, session) in [(1, 1), (2, 2), (3, 2)] {
            try db.execute(sql: "INSERT INTO restack_snapshot (id, session_id, format_version, app_version, saved_at) VALUES (?, ?, 1, ?, ?)",
                           arguments: [snapshot, session, "0.9", 1_700_000_000_000 + snapshot])
            try db.execute(sql: "INSERT INTO restack_record VALUES (?, 'left', 0, CAST(? AS TEXT), 'RootController', ?)",
                           arguments: [snapshot, Data("ro\u{0}ot".utf8), binary])
            try db.execute(sql: "INSERT INTO restack_record VALUES (?, 'left', 1, ?, NULL, X'')", arguments: [snapshot, "é"])
            try db.execute(sql: "INSERT INTO restack_record VALUES (?, 'right', 0, NULL, 'Orphan', NULL)", arguments: [snapshot])
        }
    }
    try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    try queue.close()
}
print("fixtures written to \(folder.path)")

// What the released code reads from the m001 store once it has migrated a copy of it.
do {
    let copy = folder.appendingPathComponent("m001-copy.sqlite").path
    try? FileManager.default.removeItem(atPath: copy)
    try FileManager.default.copyItem(atPath: path1, toPath: copy)
    let store = try SnapshotStore(path: copy)
    try write(try expected(store, schema: ["restack.m001_initial"]), "released-m001.expected.json")
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) }
}
