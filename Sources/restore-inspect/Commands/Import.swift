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
            sequence, is left out and noted not-saved. --max-records N and --max-bytes N set the \
            store's caps (1000 records and 1 MiB by default); over one, --over-cap fail (the \
            default) writes nothing, --over-cap truncate saves the largest part that fits by the \
            budget rule, each place records went noted over-budget. Exits with 74 \
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
    @Option(name: .customLong("max-records"), parsing: .unconditional,
            help: ArgumentHelp("The most records a snapshot may hold (at least 0); 1000 by default.", valueName: "n"))
    var maxRecords: Int?
    @Option(name: .customLong("max-bytes"), parsing: .unconditional,
            help: ArgumentHelp("The most bytes (payloads, identifiers, class names) a snapshot may hold (at least 0); 1 MiB by default.", valueName: "n"))
    var maxBytes: Int?
    @Option(name: .customLong("over-cap"), help: ArgumentHelp("What a state over a cap does: fail (write nothing) or truncate (save what fits).", valueName: "fail|truncate"))
    var overCap: OverCapOption = .fail

    func validate() throws {
        if let maxRecords, maxRecords < 0 { throw ValidationError("--max-records: \(maxRecords) is below 0") }
        if let maxBytes, maxBytes < 0 { throw ValidationError("--max-bytes: \(maxBytes) is below 0") }
    }
    @OptionGroup var output: OutputOptions

    func run() throws {
        let policies = try policyOptions.policies()
        // Read and validate the whole file before touching the store.
        let tree = try StateFileInput.read(input)
        var options = store.options
        options.appVersion = appVersion
        options.policies = policies
        if let maxRecords { options.limits.maxRecordCount = maxRecords }
        if let maxBytes { options.limits.maxSnapshotBytes = maxBytes }
        options.limits.overCap = overCap.value
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

/// `--over-cap fail|truncate`.
enum OverCapOption: String, ExpressibleByArgument, CaseIterable {
    case fail, truncate

    var value: SnapshotStore.Limits.OverCap {
        switch self {
        case .fail: .fail
        case .truncate: .truncate
        }
    }
}
