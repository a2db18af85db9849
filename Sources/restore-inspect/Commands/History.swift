import ArgumentParser

/// `restore-inspect history --db PATH --session ID`
struct History: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List a session's snapshots, oldest first.")

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("The session's name.", valueName: "id"))
    var session: String
    @OptionGroup var output: OutputOptions

    func run() throws {
        let snapshots = try store.openForReading().snapshots(session: session)
        if output.json {
            return try printJSON(snapshots.map(SnapshotJSON.init))
        }
        var rows = [["SNAPSHOT", "SAVED", "FORMAT", "RECORDS", "APP VERSION", "GUARD"]]
        rows += snapshots.map {
            ["\($0.id)", formatDate($0.savedAt), "\($0.formatVersion)", "\($0.recordCount)", Text.cell($0.appVersion, or: "-"),
             Text.guardState($0)]
        }
        try Stdout.line(Text.table(rows))
    }
}
