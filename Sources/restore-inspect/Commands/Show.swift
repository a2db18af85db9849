import ArgumentParser
import Restack
import RestackTerminalText

/// `restore-inspect show --db PATH --session ID [--snapshot N]`
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a snapshot's stored records (a tree's with their paths and containers), each marked restorable or not.",
        discussion: """
            A record is restorable when its identifier is neither missing nor empty (rule 1); whether \
            the app can rebuild it is for `plan` to say. Without --snapshot, the session's newest \
            snapshot, quarantined or not (`plan` follows the crash-loop guard); the output says which. \
            --picture draws the stored screen, every restorable record kept.
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var selection: SnapshotSelection
    @OptionGroup var output: OutputOptions
    @OptionGroup var picture: PictureOptions
    @Option(help: ArgumentHelp("With --picture: the layout it shows, regular (the default) or compact.", valueName: "layout"))
    var layout: LayoutOption?

    func validate() throws {
        if layout != nil && !picture.picture {
            throw ValidationError("--layout goes with --picture: the records listed do not depend on it.")
        }
        if picture.picture && output.json {
            throw ValidationError("Give --picture (for people) or --json (for programs), not both.")
        }
    }

    func run() throws {
        let stored = try selection.load(from: try store.openForReading())
        let chosen = SnapshotChoice(snapshot: stored.info.id, by: selection.snapshot == nil ? .newest : .option, skippedQuarantined: [])
        let view = ShowJSON(stored, chosen: chosen)
        if output.json {
            return try printJSON(view)
        }
        try Stdout.line("session \(Text.quoted(stored.info.session)) · \(Text.snapshotLine(stored.info))")
        try Stdout.line("  " + chosen.line)
        if picture.picture {
            let tree = stored.tree
            let plan = Restorer.plan(tree, layout: (layout ?? .regular).value)
            return try ScreenPicture(tree: tree, plan: plan, style: TerminalStyle(colored: picture.colored)).write()
        }
        if let root = view.root {
            try Stdout.line("  root: \(Text.container(root))")
        }
        var rows = [[view.root == nil ? "SLOT" : "PATH", "IDENTIFIER", "CLASS", "PAYLOAD", "RESTORABLE", "CONTAINER"]]
        rows += view.records.map { record in
            [record.path, Text.quoted(record.identifier), Text.cell(record.className, or: "(no class)"),
             record.payloadText, record.reason.map { "no: \($0)" } ?? "yes",
             record.container.map(Text.container) ?? ""]
        }
        try Stdout.line(Text.table(rows, indent: "  "))
    }
}
