import ArgumentParser
import Foundation
import Restack
import RestackStore
import RestackTerminalText

/// `restore-inspect report --db PATH [--session ID] [--json]`
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sum the recorded restore outcomes per app version, worst first.",
        discussion: """
            Each line is one app version: its confirmed restores, how many fell back to an older \
            snapshot (crash-loop guard) or found their snapshot expired, then the records its \
            restores dropped, by reason and class, most first. Versions are ordered worst first: \
            most dropped records, then fallbacks, expired, restores. --session keeps one session's \
            outcomes (outcomes outlive a deleted session). Read-only, like every inspection.
            """
    )

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("Only this session's outcomes.", valueName: "id"))
    var session: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        let store = try store.openForReading()
        let outcomes = try store.restoreOutcomes(session: session)
        // The session by its bytes, as the store finds it: `café` as U+00E9 is not `cafe` U+0301.
        if let session, outcomes.isEmpty, try !store.sessions().contains(where: { $0.name.hasSameBytes(as: session) }) {
            throw StoreError.sessionNotFound(session)
        }
        let report = RestoreOutcomeReport(outcomes)
        if output.json {
            return try printJSON(ReportJSON(report, session: session, outcomes: outcomes.count))
        }
        guard !report.versions.isEmpty else {
            return try Stdout.line("no restore outcomes recorded\(session.map { " for session \(Text.quoted($0))" } ?? "")")
        }
        for version in report.versions {
            try Stdout.line(Self.line(version))
        }
    }

    /// `3.0 (45): 120 restores, 2 fell back; unresolved-class LegacyMessageController x14`.
    static func line(_ version: RestoreOutcomeReport.Version) -> String {
        var counts = ["\(version.restores) restore\(version.restores == 1 ? "" : "s")"]
        if version.fellBack > 0 {
            counts.append("\(version.fellBack) fell back")
        }
        if version.expired > 0 {
            counts.append("\(version.expired) expired")
        }
        let drops = version.drops.isEmpty ? "nothing dropped" : version.drops.map { drop in
            "\(drop.reason.rawValue) \(Text.cell(drop.className, or: "(no class)")) x\(drop.count)"
        }.joined(separator: ", ")
        return "\(Text.cell(version.appVersion, or: "(unknown version)")): \(counts.joined(separator: ", ")); \(drops)"
    }
}

/// `report --json`: the outcomes' sums per app version, worst first.
struct ReportJSON: Encodable {
    struct Drop: Encodable {
        var reason: String
        @NullEncoded var className: String?
        var count: Int

        enum CodingKeys: String, CodingKey {
            case reason, className = "class", count
        }
    }

    struct Version: Encodable {
        @NullEncoded var appVersion: String?
        var restores: Int
        var fellBack: Int
        var expired: Int
        var restoredRecords: Int
        var droppedRecords: Int
        var drops: [Drop]
        var firstRecordedAt: Date
        var lastRecordedAt: Date
    }

    @NullEncoded var session: String?
    /// How many outcomes were summed.
    var outcomes: Int
    var versions: [Version]

    init(_ report: RestoreOutcomeReport, session: String?, outcomes: Int) {
        self.session = session
        self.outcomes = outcomes
        versions = report.versions.map { version in
            Version(appVersion: version.appVersion, restores: version.restores, fellBack: version.fellBack, expired: version.expired,
                    restoredRecords: version.restoredRecords, droppedRecords: version.droppedRecords,
                    drops: version.drops.map { Drop(reason: $0.reason.rawValue, className: $0.className, count: $0.count) },
                    firstRecordedAt: version.firstRecordedAt, lastRecordedAt: version.lastRecordedAt)
        }
    }
}
