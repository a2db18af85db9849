import ArgumentParser
import Restack

/// `restore-inspect`: look inside a Restack store.
struct RestoreInspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore-inspect",
        abstract: "Look inside a Restack store: sessions, snapshots, and what a restore would give and why.",
        discussion: """
            Every command prints a human-readable tree or table, or JSON with --json \
            (export prints a state file); plan and show --picture draw the screen. \
            Errors are one line on stderr, control characters escaped, with a documented exit code:
              64 usage error            65 invalid input file, or over the input limit
              66 store missing          67 session or snapshot not found, or nothing to diff
              68 store unreadable, malformed or unhealthy
              69 store written by a newer Restack
              73 store, or a demo class list, cannot be written (read-only, disk full)
              74 output could not be written (stdout closed or full): the command's work
                 is done; an import that exits 74 saved its snapshot
              75 store not available now: locked by another process, or protected
                 while the device is locked: try again
            """,
        version: RestackVersion.current,
        subcommands: [Demo.self, Sessions.self, History.self, Show.self, Check.self, Plan.self, Report.self, Diff.self, Export.self, Import.self, Unquarantine.self]
    )
}
