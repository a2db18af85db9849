import Foundation
import Restack
import RestackStore

/// Prints a value as pretty-printed JSON with sorted keys; dates as ISO 8601 with milliseconds.
func printJSON(_ value: some Encodable) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(formatDate(date))
    }
    // The values printed here are strings, numbers, arrays and plain objects: encoding cannot fail.
    let data = try! encoder.encode(value)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

/// One shared, immutable style: making a formatter per date cost seconds on 100,000 sessions.
private let iso8601 = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

/// `2026-11-21T12:00:00.000Z`.
func formatDate(_ date: Date) -> String {
    iso8601.format(date)
}

/// `sessions --json`: one object per session.
struct SessionJSON: Encodable {
    var name: String
    var snapshotCount: Int
    var latestSnapshot: Int64?
    var latestSavedAt: Date?

    init(_ info: SessionInfo) {
        name = info.name
        snapshotCount = info.snapshotCount
        latestSnapshot = info.latestSnapshotID
        latestSavedAt = info.latestSavedAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(snapshotCount, forKey: .snapshotCount)
        try container.encode(latestSnapshot, forKey: .latestSnapshot)
        try container.encode(latestSavedAt, forKey: .latestSavedAt)
    }

    enum CodingKeys: String, CodingKey {
        case name, snapshotCount, latestSnapshot, latestSavedAt
    }
}

/// `history --json` and the `snapshot` of `show --json`: one object per snapshot.
struct SnapshotJSON: Encodable {
    var id: Int64
    var session: String
    var formatVersion: Int
    var appVersion: String?
    var savedAt: Date
    var recordCount: Int
    var unconfirmedRestores: Int
    var quarantinedAt: Date?

    init(_ info: SnapshotInfo) {
        id = info.id
        session = info.session
        formatVersion = info.formatVersion
        appVersion = info.appVersion
        savedAt = info.savedAt
        recordCount = info.recordCount
        unconfirmedRestores = info.unconfirmedRestores
        quarantinedAt = info.quarantinedAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(session, forKey: .session)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(appVersion, forKey: .appVersion)
        try container.encode(savedAt, forKey: .savedAt)
        try container.encode(recordCount, forKey: .recordCount)
        try container.encode(unconfirmedRestores, forKey: .unconfirmedRestores)
        try container.encode(quarantinedAt != nil, forKey: .quarantined)
        try container.encode(quarantinedAt, forKey: .quarantinedAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, session, formatVersion, appVersion, savedAt, recordCount, unconfirmedRestores, quarantined, quarantinedAt
    }
}

/// `show --json`: the snapshot and each stored record, marked restorable or not (rule 1).
struct ShowJSON: Encodable {
    struct Record: Encodable {
        var from: Slot
        var identifier: String?
        var className: String?
        var payloadBytes: Int?
        var restorable: Bool
        var problem: String?

        enum CodingKeys: String, CodingKey {
            case from, identifier, className = "class", payloadBytes, restorable, problem
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(identifier, forKey: .identifier)
            try container.encode(className, forKey: .className)
            try container.encode(payloadBytes, forKey: .payloadBytes)
            try container.encode(restorable, forKey: .restorable)
            try container.encode(problem, forKey: .problem)
        }
    }

    var snapshot: SnapshotJSON
    var records: [Record]

    init(_ stored: StoredSnapshot) {
        snapshot = SnapshotJSON(stored.info)
        records = stored.state.slottedRecords.map { slot, record in
            let problem = Restorer.identifierProblem(of: record)
            return Record(
                from: slot, identifier: record.identifier, className: record.className,
                payloadBytes: record.payload?.count, restorable: problem == nil, problem: problem?.rawValue
            )
        }
    }
}

/// `check --json`.
struct CheckJSON: Encodable {
    var path: String
    var healthy: Bool
    var integrity: [String]
    var problems: [String]
    var appliedMigrations: [String]
    var knownMigrations: [String]
    var sessions: Int?
    var snapshots: Int?
    var records: Int?

    init(_ report: StoreCheckReport) {
        path = report.path
        healthy = report.isHealthy
        integrity = report.integrity
        problems = report.problems
        appliedMigrations = report.appliedMigrations
        knownMigrations = report.knownMigrations
        sessions = report.sessionCount
        snapshots = report.snapshotCount
        records = report.recordCount
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(healthy, forKey: .healthy)
        try container.encode(integrity, forKey: .integrity)
        try container.encode(problems, forKey: .problems)
        try container.encode(appliedMigrations, forKey: .appliedMigrations)
        try container.encode(knownMigrations, forKey: .knownMigrations)
        try container.encode(sessions, forKey: .sessions)
        try container.encode(snapshots, forKey: .snapshots)
        try container.encode(records, forKey: .records)
    }

    enum CodingKeys: String, CodingKey {
        case path, healthy, integrity, problems, appliedMigrations, knownMigrations, sessions, snapshots, records
    }
}

/// `plan --json` from a store: the plan's documented keys, plus the snapshot it came from and
/// the newer snapshots the crash-loop guard passed over.
struct StorePlanJSON: Encodable {
    var plan: RestorationPlan
    var snapshot: SnapshotInfo
    var skippedQuarantined: [Int64]

    enum CodingKeys: String, CodingKey {
        case snapshot, skippedQuarantined
    }

    func encode(to encoder: any Encoder) throws {
        try plan.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(SnapshotJSON(snapshot), forKey: .snapshot)
        try container.encode(skippedQuarantined, forKey: .skippedQuarantined)
    }
}
