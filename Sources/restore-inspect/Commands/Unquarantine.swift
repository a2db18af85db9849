import ArgumentParser
import RestackStore

/// `restore-inspect unquarantine --db PATH [--session ID] --snapshot N [--json]`
struct Unquarantine: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lift the crash-loop guard's quarantine from a snapshot, so that restores may use it again.",
        discussion: """
            Also resets the snapshot's count of unconfirmed restores. This command writes to the store. \
            With --session, a snapshot of another session is not found (67) and nothing is written.
            """
    )

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("The session the snapshot must belong to; checked before anything is written.", valueName: "id"))
    var session: String?
    @Option(parsing: .unconditional,
            help: ArgumentHelp("The snapshot's id, from `history`.", valueName: "n"))
    var snapshot: Int64
    @OptionGroup var output: OutputOptions

    /// `unquarantine --json`: the snapshot after the change, and whether it was quarantined.
    struct Report: Encodable {
        var snapshot: SnapshotJSON
        var wasQuarantined: Bool
    }

    func run() throws {
        let opened = try store.openExistingForWriting()
        let before = try opened.snapshot(id: snapshot, session: session).info
        try opened.liftQuarantine(snapshotID: snapshot)
        let done = "snapshot \(snapshot) is no longer quarantined"
        try Failure.reporting(done) { () throws(OutputError) in
            if output.json {
                // The snapshot as it is now: the change above, read back.
                var after = before
                after.quarantinedAt = nil
                after.unconfirmedRestores = 0
                after.isProvisional = false
                return try printJSON(Report(snapshot: SnapshotJSON(after), wasQuarantined: before.isQuarantined))
            }
            try Stdout.line(done)
        }
    }
}
