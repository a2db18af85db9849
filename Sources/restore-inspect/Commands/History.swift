import ArgumentParser
import RestackTerminalText

/// `restore-inspect history --db PATH --session ID [--limit N] [--newest-first]`
struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List a session's snapshots, oldest first (--newest-first for the reverse).",
        discussion: "--limit N prints the first N in that order; the table ends with the total count. --json prints the same rows as an array."
    )

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("The session's name.", valueName: "id"))
    var session: String
    @OptionGroup var listing: ListingOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let all = try store.openForReading().snapshots(session: session)
        let snapshots = listing.apply(all)
        if output.json {
            return try printJSON(snapshots.map(SnapshotJSON.init))
        }
        var rows = [["SNAPSHOT", "SAVED", "FORMAT", "RECORDS", "APP VERSION", "GUARD"]]
        rows += snapshots.map {
            ["\($0.id)", formatDate($0.savedAt), "\($0.formatVersion)", "\($0.recordCount)", Text.cell($0.appVersion, or: "-"),
             Text.guardState($0)]
        }
        try Stdout.line(Text.table(rows))
        try Stdout.line(listing.footer(shown: snapshots.count, total: all.count, noun: "snapshot"))
    }
}
