import Foundation
import Restack
import RestackStore

/// Prints a value as pretty-printed JSON with sorted keys; dates as ISO 8601 with milliseconds.
func printJSON(_ value: some Encodable) throws(OutputError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(formatDate(date))
    }
    // The values printed here are strings, numbers, arrays and plain objects: encoding cannot fail.
    var data = try! encoder.encode(value)
    data.append(0x0A)
    try Stdout.write(data)
}

/// An optional that encodes `nil` as an explicit `null`, so every documented key is present.
/// (Synthesized `Encodable` leaves a `nil` optional out.)
@propertyWrapper
struct NullEncoded<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

/// `sessions --json`: one object per session.
struct SessionJSON: Encodable {
    var name: String
    var snapshotCount: Int
    @NullEncoded var latestSnapshot: Int64?
    @NullEncoded var latestSavedAt: Date?

    init(_ info: SessionInfo) {
        name = info.name
        snapshotCount = info.snapshotCount
        latestSnapshot = info.latestSnapshotID
        latestSavedAt = info.latestSavedAt
    }
}

/// `history --json` and the `snapshot` of `show --json`: one object per snapshot.
struct SnapshotJSON: Encodable {
    var id: Int64
    var session: String
    var formatVersion: Int
    @NullEncoded var appVersion: String?
    var savedAt: Date
    var recordCount: Int
    var unconfirmedRestores: Int
    var quarantined: Bool
    @NullEncoded var quarantinedAt: Date?
    var provisional: Bool

    init(_ info: SnapshotInfo) {
        id = info.id
        session = info.session
        formatVersion = info.formatVersion
        appVersion = info.appVersion
        savedAt = info.savedAt
        recordCount = info.recordCount
        unconfirmedRestores = info.unconfirmedRestores
        quarantined = info.isQuarantined
        quarantinedAt = info.quarantinedAt
        provisional = info.isProvisional
    }
}

/// `show --json`: the snapshot and each stored record, marked restorable or not (rule 1).
struct ShowJSON: Encodable {
    struct Record: Encodable {
        var from: Slot
        @NullEncoded var identifier: String?
        @NullEncoded var className: String?
        @NullEncoded var payloadBytes: Int?
        var restorable: Bool
        @NullEncoded var problem: String?

        enum CodingKeys: String, CodingKey {
            case from, identifier, className = "class", payloadBytes, restorable, problem
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
    @NullEncoded var sessions: Int?
    @NullEncoded var snapshots: Int?
    @NullEncoded var records: Int?

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
