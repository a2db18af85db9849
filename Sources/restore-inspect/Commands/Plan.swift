import ArgumentParser
import Foundation
import Restack
import RestackStore

/// `restore-inspect plan (--db PATH --session ID [--snapshot N] | --input FILE) [--known-class NAME]...`
struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what a restore would give, and why each dropped record is dropped.",
        discussion: """
            Plans a stored snapshot (--db, --session, --snapshot) or a state file (--input, - for \
            stdin). Without --known-class every restorable record rebuilds; with one or more, a \
            record rebuilds only if its class is one of them.
            """
    )

    @Option(name: .customLong("db"), help: ArgumentHelp("The store file.", valueName: "path"))
    var path: String?
    @Option(help: ArgumentHelp("The session's name (with --db).", valueName: "id"))
    var session: String?
    @Option(help: ArgumentHelp("A snapshot id (with --db); the newest by default.", valueName: "n"))
    var snapshot: Int64?
    @Option(help: ArgumentHelp("A state file to plan instead of a stored snapshot; - reads stdin.", valueName: "file"))
    var input: String?
    @Option(name: .customLong("known-class"), help: ArgumentHelp("A class the app can rebuild; repeat for more.", valueName: "name"))
    var knownClasses: [String] = []
    @OptionGroup var output: OutputOptions

    func validate() throws {
        switch (path, input) {
        case (nil, nil):
            throw ValidationError("Give a store with --db and --session, or a state file with --input.")
        case (.some, .some):
            throw ValidationError("Give either --db or --input, not both.")
        case (.some, nil) where session == nil:
            throw ValidationError("--db needs --session to say which session to plan.")
        case (nil, .some) where session != nil || snapshot != nil:
            throw ValidationError("--session and --snapshot go with --db, not --input.")
        default:
            break
        }
    }

    var resolver: RecordResolver {
        knownClasses.isEmpty ? .acceptAll : .knownClasses(knownClasses)
    }

    func run() throws {
        if let input {
            let state = try StateFileInput.read(input)
            let plan = Restorer.plan(for: state, resolver: resolver)
            return try output.json ? printJSON(plan) : Stdout.line(Text.plan(plan))
        }
        let store = try SnapshotStore(readingAt: path!, options: .commandLine)
        // Without --snapshot: what a restore would give, crash-loop guard included.
        let restoration = try snapshot.map { id throws(StoreError) in
            let stored = try store.snapshot(id: id, session: session)
            return StoreRestoration(snapshot: stored, plan: Restorer.plan(for: stored.state, resolver: resolver))
        } ?? store.restore(session: session!, resolver: resolver)
        let info = restoration.snapshot.info
        if output.json {
            return try printJSON(StorePlanJSON(plan: restoration.plan, snapshot: info, skippedQuarantined: restoration.skippedQuarantined))
        }
        try Stdout.line("session \(Text.quoted(info.session)) · \(Text.snapshotLine(info))")
        if restoration.fellBack {
            let skipped = restoration.skippedQuarantined.map(String.init).joined(separator: ", ")
            try Stdout.line("  fell back: newer snapshots \(skipped) are quarantined by the crash-loop guard")
        }
        try Stdout.line(Text.plan(restoration.plan))
    }
}
