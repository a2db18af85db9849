import ArgumentParser
import RestackStore
import RestackTerminalText

/// `restore-inspect import --db PATH --session ID --input FILE`
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save a state file as a new snapshot of a session.",
        discussion: """
            Creates the store if it does not exist. Takes format 1 or format 2. An invalid file \
            writes nothing. --policy CLASS=never (or --policies-file) saves the state as an app \
            with that policy does: each record of the class, and what is above it in its \
            sequence, is left out and noted not-saved. Exits with 74 \
            only when the snapshot was saved but this report could not be written.
            """
    )

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("The session's name.", valueName: "id"))
    var session: String
    @Option(help: ArgumentHelp("The state file; - reads stdin.", valueName: "file"))
    var input: String
    @Option(help: ArgumentHelp("The app version to record with the snapshot.", valueName: "version"))
    var appVersion: String?
    @OptionGroup var policyOptions: PolicyOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let policies = try policyOptions.policies()
        // Read and validate the whole file before touching the store.
        let tree = try StateFileInput.read(input)
        var options = SnapshotStore.Options.commandLine
        options.appVersion = appVersion
        options.policies = policies
        let info = try SnapshotStore(path: store.path, options: options).save(tree, session: session)
        // Exit 74 from here on means "saved, but not reported": no failure to save exits 74.
        try Failure.reporting("snapshot \(info.id) was saved to session \(Text.quoted(info.session)) in \(store.path)") { () throws(OutputError) in
            if output.json {
                try printJSON(SnapshotJSON(info))
            } else {
                try Stdout.line("saved session \(Text.quoted(info.session)) · \(Text.snapshotLine(info))")
            }
        }
    }
}
