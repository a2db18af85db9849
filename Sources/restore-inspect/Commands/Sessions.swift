import ArgumentParser

/// `restore-inspect sessions --db PATH`
struct Sessions: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the sessions of a store, with the extent of their history.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let sessions = try store.openForReading().sessions()
        if output.json {
            return printJSON(sessions.map(SessionJSON.init))
        }
        guard !sessions.isEmpty else {
            return print("no sessions in \(store.path)")
        }
        var rows = [["SESSION", "SNAPSHOTS", "LATEST", "SAVED"]]
        rows += sessions.map { session in
            [Text.quoted(session.name), "\(session.snapshotCount)",
             session.latestSnapshotID.map(String.init) ?? "-", session.latestSavedAt.map(formatDate) ?? "-"]
        }
        print(Text.table(rows))
    }
}
