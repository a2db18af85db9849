import ArgumentParser
import Foundation
import RestackStore
import RestackTerminalText

/// `restore-inspect check --db PATH`
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a store's integrity, schema version and counts.",
        discussion: "Exits with 68 when the store is unhealthy, after printing what was found (68 also when that report could not be written)."
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let report = try store.openForReading().check()
        do {
            try write(report)
        } catch where report.isHealthy {
            throw error
        } catch {
            // The verdict is the exit code's to give: an unhealthy store exits 68 even when the
            // report is lost (the message says so).
            throw unhealthy(report, note: "; the report could not be written: \(error)")
        }
        if !report.isHealthy {
            throw unhealthy(report)
        }
    }

    private func write(_ report: StoreCheckReport) throws(OutputError) {
        if output.json {
            try printJSON(CheckJSON(report))
        } else {
            try Stdout.line(Text.table([
                ["store", Text.oneLine(report.path)],
                // SQLite's messages name indexes and tables, and Restack's name values, as the
                // file spells them: escaped like every string from a file.
                ["integrity", Text.oneLine(report.integrity.joined(separator: "; "))],
                ["problems", report.problems.isEmpty ? "none" : Text.oneLine(report.problems.joined(separator: "; "))],
                ["schema", "\(report.appliedMigrations.count) of \(report.knownMigrations.count) migrations (\(Text.oneLine(report.appliedMigrations.last ?? "none")))"],
                ["sessions", report.sessionCount.map(String.init) ?? "unreadable"],
                ["snapshots", report.snapshotCount.map(String.init) ?? "unreadable"],
                ["records", report.recordCount.map(String.init) ?? "unreadable"],
                ["verdict", report.isHealthy ? "healthy" : "UNHEALTHY"],
            ]))
        }
    }

    private func unhealthy(_ report: StoreCheckReport, note: String = "") -> Failure {
        let findings = report.problems + report.integrity.filter { $0 != "ok" }.map { $0.replacingOccurrences(of: "\n", with: "; ") }
        return Failure(.storeUnreadable, "\(report.path) is unhealthy: \(findings.count) finding\(findings.count == 1 ? "" : "s"), first: \(findings.first ?? "?")\(note)")
    }
}
