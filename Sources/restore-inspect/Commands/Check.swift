import ArgumentParser
import Foundation

/// `restore-inspect check --db PATH`
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a store's integrity, schema version and counts.",
        discussion: "Exits with 68 when the store is unhealthy, after printing what was found."
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let report = try store.openForReading().check()
        if output.json {
            printJSON(CheckJSON(report))
        } else {
            print(Text.table([
                ["store", report.path],
                ["integrity", report.integrity.joined(separator: "; ")],
                ["problems", report.problems.isEmpty ? "none" : report.problems.joined(separator: "; ")],
                ["schema", "\(report.appliedMigrations.count) of \(report.knownMigrations.count) migrations (\(report.appliedMigrations.last ?? "none"))"],
                ["sessions", report.sessionCount.map(String.init) ?? "unreadable"],
                ["snapshots", report.snapshotCount.map(String.init) ?? "unreadable"],
                ["records", report.recordCount.map(String.init) ?? "unreadable"],
                ["verdict", report.isHealthy ? "healthy" : "UNHEALTHY"],
            ]))
        }
        if !report.isHealthy {
            let findings = report.problems + report.integrity.filter { $0 != "ok" }.map { $0.replacingOccurrences(of: "\n", with: "; ") }
            throw Failure(.storeUnreadable, "\(report.path) is unhealthy: \(findings.count) finding\(findings.count == 1 ? "" : "s"), first: \(findings.first ?? "?")")
        }
    }
}
