import ArgumentParser
import Foundation
import Restack
import RestackStore
import RestackTerminalText

/// `restore-inspect diff (--db PATH --session ID [--from N] [--to M] | --input A --input B) [--json]`
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Say what changed between two snapshots, or two state files.",
        discussion: """
            Records added, removed, moved (same identifier, another path) and changed (identifier, \
            class or payload, with sizes and FNV-1a 64 hashes), and containers whose settings \
            changed. From a store, --to is the newest snapshot by default and --from the one saved \
            before --to. Format-1 states compare as trees with a drill-down root. Exits 0 whether \
            or not they differ.
            """
    )

    @Option(name: .customLong("db"), help: ArgumentHelp("The store file.", valueName: "path"))
    var db: String?
    @Flag(help: DemoOption.help)
    var demo = false
    /// The store: `--db`, or with `--demo` alone the demo's default store.
    var path: String? {
        db ?? (demo ? Demo.defaultPath : nil)
    }
    @Option(help: StoreOptions.ownerHelp)
    var owner: String?
    @Option(help: ArgumentHelp("The session's name (with --db).", valueName: "id"))
    var session: String?
    @Option(parsing: .unconditional,
            help: ArgumentHelp("The older snapshot (with --db); by default the one before --to.", valueName: "n"))
    var from: Int64?
    @Option(parsing: .unconditional,
            help: ArgumentHelp("The newer snapshot (with --db); the newest by default.", valueName: "n"))
    var to: Int64?
    @Option(name: .customLong("input"), help: ArgumentHelp("A state file; give two, old then new. - reads stdin.", valueName: "file"))
    var inputs: [String] = []
    @OptionGroup var output: OutputOptions

    func validate() throws {
        try StoreOptions.validate(db)
        switch (path, inputs.isEmpty) {
        case (nil, true):
            throw ValidationError("Give a store with --db and --session, or two state files with --input A --input B.")
        case (.some, false):
            throw ValidationError("Give either --db or --input, not both.")
        case (.some, true) where session == nil:
            throw ValidationError("--db needs --session to say which session to compare.")
        case (nil, false) where session != nil || from != nil || to != nil:
            throw ValidationError("--session, --from and --to go with --db, not --input.")
        case (nil, false) where inputs.count != 2:
            throw ValidationError("Give exactly two state files with --input (old, then new), not \(inputs.count).")
        case (nil, false) where inputs.allSatisfy({ $0 == "-" }):
            throw ValidationError("Only one --input can be - (stdin): it is read once.")
        default:
            break
        }
    }

    func run() throws {
        let old: DiffSide, new: DiffSide
        if let path, let session {
            let store = try SnapshotStore(readingAt: path, options: .commandLine(owner: owner))
            let history = try store.snapshots(session: session)
            let newer = try to ?? newest(history, session)
            let older = try from ?? previous(history, before: newer, session: session)
            old = DiffSide(try store.snapshot(id: older, session: session))
            new = DiffSide(try store.snapshot(id: newer, session: session))
        } else {
            old = DiffSide(file: inputs[0], tree: try StateFileInput.read(inputs[0]))
            new = DiffSide(file: inputs[1], tree: try StateFileInput.read(inputs[1]))
        }
        let diff = TreeDiff(from: old.tree, to: new.tree)
        if output.json {
            return try printJSON(DiffJSON(diff, old: old, new: new))
        }
        try DiffText.write(diff, old: old, new: new)
    }

    private func newest(_ history: [SnapshotInfo], _ session: String) throws -> Int64 {
        guard let last = history.last else { throw StoreError.sessionNotFound(session) }
        return last.id
    }

    private func previous(_ history: [SnapshotInfo], before id: Int64, session: String) throws -> Int64 {
        guard let earlier = history.last(where: { $0.id < id }) else {
            throw Failure(.notFound, "session \(Text.quoted(session)) has no snapshot before \(id) to compare it with: give --from")
        }
        return earlier.id
    }
}

/// One side of a diff: a stored snapshot or a state file, as a tree.
struct DiffSide {
    var tree: RestorationTree
    var snapshot: SnapshotInfo?
    var file: String?

    init(_ stored: StoredSnapshot) {
        tree = stored.tree
        snapshot = stored.info
    }

    init(file: String, tree: RestorationTree) {
        self.tree = tree
        self.file = file
    }

    /// `snapshot 4` or `file "a.json"`.
    var name: String {
        snapshot.map { "snapshot \($0.id)" } ?? "file \(Text.quoted(file))"
    }
}
