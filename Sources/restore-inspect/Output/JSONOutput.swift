import Foundation
import Restack
import RestackStore
import RestackTerminalText

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
    /// The session's owner; null for the default owner.
    @NullEncoded var owner: String?
    var name: String
    var snapshotCount: Int
    @NullEncoded var latestSnapshot: Int64?
    @NullEncoded var latestSavedAt: Date?

    init(_ info: SessionInfo) {
        owner = info.owner
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
    /// `drillDown` for a format-1 state, `tree` for a format-2 tree.
    var shape: String

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
        shape = info.form.rawValue
    }
}

/// `show --json`: the snapshot and each stored record, marked restorable or not (rule 1).
struct ShowJSON: Encodable {
    struct Record: Encodable {
        /// The top-level slot of a format-1 record (`{"slot": "left", "index": 0}`); `null` for
        /// a record nested in a tree, which `path` names.
        @NullEncoded var from: FormatOnePlace?
        var path: String
        @NullEncoded var identifier: String?
        @NullEncoded var className: String?
        @NullEncoded var payloadBytes: Int?
        /// The JSON value the payload holds, when it is one in `RecordPayload`'s encoding (a typed
        /// route's); `null` otherwise (``PayloadJSON``).
        @NullEncoded var payloadJSON: PayloadJSON.Value?
        /// The payload as `show`'s text lists it: its JSON, or its size. Not encoded.
        var payloadText: String
        var restorable: Bool
        /// Deprecated: the same value as `reason`, kept because keys are never removed.
        @NullEncoded var problem: String?
        /// Why the record cannot be restored, in `plan`'s vocabulary; `null` when it can.
        @NullEncoded var reason: String?
        /// The container this record holds, if any: its kind and settings.
        @NullEncoded var container: ContainerJSON?

        enum CodingKeys: String, CodingKey {
            case from, path, identifier, className = "class", payloadBytes, payloadJSON, restorable, problem, reason, container
        }
    }

    /// A stored container's kind and settings, as a state file writes them (a setting at its
    /// unwritten default, or with no value, is left out), each named as its kind declares it.
    struct ContainerJSON: Encodable {
        var kind: String
        /// The settings written, in the order the kind declares them.
        var settings: [(name: String, value: ContainerSetting)]

        init(_ container: RestorationContainer) {
            kind = container.kind.rawValue
            settings = container.writtenSettings.compactMap { name, value in value.map { (name, $0) } }
        }

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var keys = encoder.container(keyedBy: Key.self)
            try keys.encode(kind, forKey: Key(stringValue: "kind"))
            for (name, value) in settings {
                try keys.encode(value, forKey: Key(stringValue: name))
            }
        }
    }

    var snapshot: SnapshotJSON
    /// The root container of a tree snapshot; absent for a format-1 snapshot (a drill-down).
    var root: ContainerJSON?
    var records: [Record]
    /// Which snapshot is shown, and why.
    var chosen: SnapshotChoice

    init(_ stored: StoredSnapshot, chosen: SnapshotChoice) {
        self.chosen = chosen
        snapshot = SnapshotJSON(stored.info)
        let tree = stored.tree
        root = tree.form == .drillDown ? nil : ContainerJSON(tree.root)
        records = tree.allRecords.map { path, record in
            let problem = Restorer.identifierProblem(of: record)
            return Record(
                from: tree.drillDown != nil && path.steps.count == 1 ? FormatOnePlace(path.steps[0]) : nil, path: path.description, identifier: record.identifier, className: record.className,
                payloadBytes: record.payload?.count, payloadJSON: PayloadJSON.value(of: record.payload),
                payloadText: PayloadJSON.cell(record.payload) ?? record.payload.map { "\($0.count) bytes" } ?? "-",
                restorable: problem == nil, problem: problem?.rawValue,
                reason: problem?.rawValue, container: record.container.map(ContainerJSON.init)
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
struct StorePlanJSON<Plan: Encodable>: Encodable {
    var plan: Plan
    var snapshot: SnapshotInfo
    var skippedQuarantined: [Int64]
    /// Which snapshot was planned, and why.
    var chosen: SnapshotChoice

    enum CodingKeys: String, CodingKey {
        case snapshot, skippedQuarantined, chosen
    }

    func encode(to encoder: any Encoder) throws {
        try plan.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(SnapshotJSON(snapshot), forKey: .snapshot)
        try container.encode(skippedQuarantined, forKey: .skippedQuarantined)
        try container.encode(chosen, forKey: .chosen)
    }
}

/// `plan --json --db ... --expire-after AGE` when the snapshot a restore would choose expired:
/// nothing is planned, and the snapshot is kept.
struct ExpiredPlanJSON: Encodable {
    /// Always `true`: tells this answer from a plan.
    var expired = true
    /// The snapshot that would not be restored.
    var snapshot: SnapshotJSON
    /// The expiry it was judged by, in seconds.
    var expireAfterSeconds: Double
}

extension Stdout {
    /// Writes a state in its form, as ``StateFile/encode(_:)`` writes it, ending with the newline
    /// every output ends with (a path's one line has none of its own).
    static func state(_ tree: RestorationTree) throws(OutputError) {
        var data = StateFile.encode(tree)
        if data.last != 0x0A {
            data.append(0x0A)
        }
        try write(data)
    }
}
