import ArgumentParser
import RestackStore

/// `restore-inspect import --db PATH --session ID --input FILE`
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save a state file as a new snapshot of a session.",
        discussion: "Creates the store if it does not exist. An invalid file writes nothing."
    )

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("The session's name.", valueName: "id"))
    var session: String
    @Option(help: ArgumentHelp("The state file; - reads stdin.", valueName: "file"))
    var input: String
    @Option(help: ArgumentHelp("The app version to record with the snapshot.", valueName: "version"))
    var appVersion: String?
    @OptionGroup var output: OutputOptions

    func run() throws {
        // Read and validate the whole file before touching the store.
        let state = try StateFileInput.read(input)
        let info = try SnapshotStore(path: store.path, options: .commandLine).save(state, session: session, appVersion: appVersion)
        if output.json {
            return printJSON(SnapshotJSON(info))
        }
        print("saved session \(Text.quoted(info.session)) · \(Text.snapshotLine(info))")
    }
}
