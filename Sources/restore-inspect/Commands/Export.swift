import ArgumentParser
import Foundation
import Restack

/// `restore-inspect export --db PATH --session ID [--snapshot N]`
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a snapshot as a state file.",
        discussion: "A format-1 state as format 1, a tree as format 2. The output imports back unchanged: export, import, export gives identical JSON."
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var selection: SnapshotSelection
    /// Accepted like every command's `--json`: a state file is JSON already, printed the same.
    @OptionGroup var output: OutputOptions

    func run() throws {
        let stored = try selection.load(from: try store.openForReading())
        try Stdout.state(stored.tree)
    }
}
