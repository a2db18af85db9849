import ArgumentParser
import RestackStore

/// `restore-inspect unquarantine --db PATH --snapshot N`
struct Unquarantine: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lift the crash-loop guard's quarantine from a snapshot, so that restores may use it again.",
        discussion: "Also resets the snapshot's count of unconfirmed restores. This command writes to the store."
    )

    @OptionGroup var store: StoreOptions
    @Option(help: ArgumentHelp("The snapshot's id, from `history`.", valueName: "n"))
    var snapshot: Int64

    func run() throws {
        try store.openExistingForWriting().liftQuarantine(snapshotID: snapshot)
        try Failure.reporting("snapshot \(snapshot) is no longer quarantined") { () throws(OutputError) in
            try Stdout.line("snapshot \(snapshot) is no longer quarantined")
        }
    }
}
