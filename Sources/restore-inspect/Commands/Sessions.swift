import ArgumentParser

/// `restore-inspect sessions --db PATH`
struct Sessions: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the sessions of a store, with the extent of their history.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let sessions = try store.openForReading().sessions()
        if output.json {
            return try printJSON(sessions.map(SessionJSON.init))
        }
        guard !sessions.isEmpty else {
            return try Stdout.line("no sessions in \(Text.oneLine(store.path))")
        }
        var rows = [["SESSION", "SNAPSHOTS", "LATEST", "SAVED"]]
        rows += sessions.map { session in
            [Text.quoted(session.name), "\(session.snapshotCount)",
             session.latestSnapshotID.map(String.init) ?? "-", session.latestSavedAt.map(formatDate) ?? "-"]
        }
        try Stdout.line(Text.table(rows))
    }
}
