import ArgumentParser
import Restack

/// `restore-inspect show --db PATH --session ID [--snapshot N]`
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a snapshot's stored records (a tree's with their paths and containers), each marked restorable or not.",
        discussion: "A record is restorable when its identifier is neither missing nor empty (rule 1); whether the app can rebuild it is for `plan` to say."
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var selection: SnapshotSelection
    @OptionGroup var output: OutputOptions

    func run() throws {
        let stored = try selection.load(from: try store.openForReading())
        let view = ShowJSON(stored)
        if output.json {
            return try printJSON(view)
        }
        try Stdout.line("session \(Text.quoted(stored.info.session)) · \(Text.snapshotLine(stored.info))")
        if let root = view.root {
            try Stdout.line("  root: \(Text.container(root))")
        }
        var rows = [[view.root == nil ? "SLOT" : "PATH", "IDENTIFIER", "CLASS", "PAYLOAD", "RESTORABLE", "CONTAINER"]]
        rows += view.records.map { record in
            [record.path, Text.quoted(record.identifier), Text.cell(record.className, or: "(no class)"),
             record.payloadBytes.map { "\($0) bytes" } ?? "-", record.problem.map { "no: \($0)" } ?? "yes",
             record.container.map(Text.container) ?? ""]
        }
        try Stdout.line(Text.table(rows, indent: "  "))
    }
}
