import ArgumentParser
import Foundation
import Restack
import RestackStore

/// `restore-inspect plan (--db PATH --session ID [--snapshot N] | --input FILE) [--layout regular|compact] [--known-class NAME]... [--alias OLD=NEW]...`
struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what a restore would give, and why each dropped record is dropped.",
        discussion: """
            Plans a stored snapshot (--db, --session, --snapshot) or a state file (--input, - for \
            stdin; format 1 or 2) for a layout (--layout, regular by default; compact adds each \
            split's and drill-down's single stack and hidden records). Without --known-class \
            every restorable record rebuilds; with one or more, a record rebuilds only if its \
            class is one of them. --alias OLD=NEW says a class was renamed: a record saved as \
            OLD is planned as NEW (chains are followed; a cycle or an old name given two new \
            names is a usage error). Without --snapshot the snapshot is the one a restore would \
            use: the newest, unless the crash-loop guard quarantined it; the output says which and \
            why. --picture draws the screen instead of listing the records.
            """
    )

    @Option(name: .customLong("db"), help: ArgumentHelp("The store file.", valueName: "path"))
    var path: String?
    @Option(help: ArgumentHelp("The session's name (with --db).", valueName: "id"))
    var session: String?
    @Option(help: ArgumentHelp("A snapshot id (with --db); by default the crash-loop guard's choice: the newest not quarantined.", valueName: "n"))
    var snapshot: Int64?
    @Option(help: ArgumentHelp("A state file to plan instead of a stored snapshot; - reads stdin.", valueName: "file"))
    var input: String?
    @Option(name: .customLong("known-class"), help: ArgumentHelp("A class the app can rebuild; repeat for more.", valueName: "name"))
    var knownClasses: [String] = []
    @Option(name: .customLong("alias"), help: ArgumentHelp("A renamed class, OLD=NEW (split at the first =); repeat for more.", valueName: "old=new"))
    var aliasPairs: [AliasOption] = []
    @Option(help: ArgumentHelp("The layout to restore into: regular or compact.", valueName: "layout"))
    var layout: LayoutOption = .regular
    @OptionGroup var output: OutputOptions
    @OptionGroup var picture: PictureOptions

    func validate() throws {
        if picture.picture && output.json {
            throw ValidationError("Give --picture (for people) or --json (for programs), not both.")
        }
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
        do {
            _ = try ClassAliases(aliasPairs.map(\.pair))
        } catch {
            throw ValidationError("--alias: \(error)")
        }
    }

    var resolver: RecordResolver {
        let known: RecordResolver = knownClasses.isEmpty ? .acceptAll : .knownClasses(knownClasses)
        // validate() has checked the table.
        guard !aliasPairs.isEmpty, let aliases = try? ClassAliases(aliasPairs.map(\.pair)) else { return known }
        return known.renaming(aliases)
    }

    func run() throws {
        if let input {
            let tree = try StateFileInput.read(input)
            let plan = Restorer.plan(tree, layout: layout.value, resolver: resolver)
            if picture.picture {
                return try drawPicture(of: tree, plan)
            }
            return try output.json ? printJSON(plan) : Stdout.line(TreeText.plan(plan, of: tree))
        }
        let store = try SnapshotStore(readingAt: path!, options: .commandLine)
        // Without --snapshot: what a restore would give, crash-loop guard included.
        let restoration = try snapshot.map { id throws(StoreError) in
            StoreRestoration(snapshot: try store.snapshot(id: id, session: session), layout: layout.value, resolver: resolver)
        } ?? store.restore(session: session!, layout: layout.value, resolver: resolver)
        let info = restoration.snapshot.info
        let choice = SnapshotChoice(snapshot: info.id, by: snapshot != nil ? .option : restoration.fellBack ? .crashLoopGuard : .newest,
                                    skippedQuarantined: restoration.skippedQuarantined)
        if output.json {
            return try printJSON(StorePlanJSON(plan: restoration.plan, snapshot: info, skippedQuarantined: restoration.skippedQuarantined, chosen: choice))
        }
        try Stdout.line("session \(Text.quoted(info.session)) · \(Text.snapshotLine(info))")
        if restoration.fellBack {
            let skipped = restoration.skippedQuarantined.map(String.init).joined(separator: ", ")
            try Stdout.line("  fell back: newer snapshots \(skipped) are quarantined by the crash-loop guard")
        }
        try Stdout.line("  " + choice.line)
        if picture.picture {
            return try drawPicture(of: restoration.snapshot.tree, restoration.plan)
        }
        try Stdout.line(TreeText.plan(restoration.plan, of: restoration.snapshot.tree))
    }

    /// `--picture`: the screen `plan` restores from `tree`; from a store, the store's own plan.
    private func drawPicture(of tree: RestorationTree, _ plan: RestorationPlan) throws(OutputError) {
        try ScreenPicture(tree: tree, plan: plan, style: TerminalStyle(colored: picture.colored)).write()
    }
}

/// `--alias OLD=NEW`: split at the first `=`; both names non-empty.
struct AliasOption: ExpressibleByArgument {
    var pair: ClassAliases.Pair

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        let old = String(argument[..<equals])
        let new = String(argument[argument.index(after: equals)...])
        guard !old.isEmpty, !new.isEmpty else { return nil }
        pair = ClassAliases.Pair(old: old, new: new)
    }
}

/// `--layout regular|compact`.
enum LayoutOption: String, ExpressibleByArgument, CaseIterable {
    case regular, compact

    var value: Layout {
        switch self {
        case .regular: .regular
        case .compact: .compact
        }
    }
}
