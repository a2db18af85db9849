import ArgumentParser
import Foundation
import Restack
import RestackStore
import RestackTerminalText

/// `restore-inspect plan (--db PATH --session ID [--snapshot N | --expire-after AGE] | --input FILE) [--deep-link FILE] [--layout regular|compact] [--known-class NAME]... [--alias OLD=NEW]... [--policy CLASS=POLICY]... [--snapshot-age AGE] [--restored | --json | --picture | --as-link [--max-bytes N]]`
struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what a restore would give, and why each dropped record is dropped.",
        discussion: """
            Plans a stored snapshot (--db, --session, --snapshot) or a state file (--input, - for \
            stdin; format 1 or 2, or a SwiftUI NavigationPath representation: a JSON array) for a layout (--layout, regular by default; compact adds each \
            split's and drill-down's single stack and hidden records). Without --known-class \
            every restorable record rebuilds; with one or more, a record rebuilds only if its \
            class is one of them. --alias OLD=NEW says a class was renamed: a record saved as \
            OLD is planned as NEW (chains are followed; a cycle or an old name given two new \
            names is a usage error). Without --snapshot the snapshot is the one a restore would \
            use: the newest, unless the crash-loop guard quarantined it; the output says which and \
            why. --picture draws the screen instead of listing the records. --restored prints the \
            restored state itself, as a state file in the form it was read in (a path as a path \
            array on one line, format 2 as format 2, format 1 as format 1), ready to save or to \
            hand to NavigationPath(_:). --deep-link FILE merges a deep link ({"path": \
            [identifiers], "push": [records]}) into the plan by the deep-link rules; the plan is \
            then printed as a format-2 plan (and --restored as format 2), whatever the state's \
            form; with --picture, the screen after the link, its records marked +. --expire-after AGE (seconds, or a number with s, m, h or d) \
            plans as an app whose store expires snapshots after AGE: a snapshot saved longer ago \
            (or dated further ahead) is reported expired, with nothing restored, and is kept. \
            --policy CLASS=POLICY (or --policies-file, one per line) gives the app's persistence \
            policies: not-restored drops the class's records not-restored, within:AGE drops them \
            expired-screen from a snapshot older than AGE (a stored snapshot's age by this \
            machine's clock; a state file's from --snapshot-age, or none). \
            --as-link prints the restored screen as a deep-link file (for Handoff), which \
            --deep-link reads on the other side; --max-bytes N keeps it within N bytes, the \
            records nearest the screen first, and says on stderr what it left out.
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
            help: ArgumentHelp("A snapshot id (with --db); by default the crash-loop guard's choice: the newest not quarantined.", valueName: "n"))
    var snapshot: Int64?
    @Option(name: .customLong("input"), help: ArgumentHelp("A state file to plan instead of a stored snapshot; - reads stdin.", valueName: "file"))
    var inputs: [String] = []
    /// The one `--input` (validate() refuses several: `plan` plans one file).
    var input: String? { inputs.last }
    @Option(name: .customLong("known-class"), help: ArgumentHelp("A class the app can rebuild; repeat for more.", valueName: "name"))
    var knownClasses: [String] = []
    @Option(name: .customLong("alias"), help: ArgumentHelp("A renamed class, OLD=NEW (split at the first =); repeat for more.", valueName: "old=new"))
    var aliasPairs: [AliasOption] = []
    @Option(name: .customLong("known-classes-file"), help: ArgumentHelp("A file of classes the app can rebuild, one per line (for long lists; adds to --known-class).", valueName: "file"))
    var knownClassesFile: String?
    @Option(name: .customLong("aliases-file"), help: ArgumentHelp("A file of renamed classes, one OLD=NEW per line (for long lists; adds to --alias).", valueName: "file"))
    var aliasesFile: String?
    @Option(name: .customLong("expire-after"), parsing: .unconditional,
            help: ArgumentHelp("With --db: the store's expiry, such as 14d, 36h or 3600 (seconds); by default snapshots never expire.", valueName: "age"),
            transform: ExpiryOption.parse)
    var expireAfter: SnapshotStore.Expiry?
    @Option(name: .customLong("snapshot-age"), parsing: .unconditional,
            help: ArgumentHelp("With --input: how long ago the state was saved, for the within:AGE policies (a stored snapshot's age is read from it).", valueName: "age"))
    var snapshotAge: String?
    @OptionGroup var policyOptions: PolicyOptions
    @Option(name: .customLong("deep-link"), help: ArgumentHelp("A deep-link file to merge into the plan; - reads stdin.", valueName: "file"))
    var deepLink: String?
    @Option(help: ArgumentHelp("The layout to restore into: regular or compact.", valueName: "layout"))
    var layout: LayoutOption = .regular
    @Flag(help: "Print the restored state as a state file, in the form it was read in, instead of the plan.")
    var restored = false
    @Flag(name: .customLong("as-link"), help: "Print the restored screen as a deep-link file instead of the plan.")
    var asLink = false
    @Option(name: .customLong("max-bytes"), help: ArgumentHelp("With --as-link: the most bytes the deep-link file may take.", valueName: "n"))
    var maxBytes: Int?
    @OptionGroup var output: OutputOptions
    @OptionGroup var picture: PictureOptions

    func validate() throws {
        try StoreOptions.validate(db)
        if demo && input != nil {
            throw ValidationError("--demo plans the demo store: give --input without it.")
        }
        if inputs.count > 1 {
            throw ValidationError("Give one --input, not \(inputs.count): plan plans one state file (diff compares two).")
        }
        if deepLink == "-" && input == "-" {
            throw ValidationError("--input and --deep-link cannot both read stdin.")
        }
        if picture.picture && output.json {
            throw ValidationError("Give --picture (for people) or --json (for programs), not both.")
        }
        if restored && (picture.picture || output.json) {
            throw ValidationError("--restored prints the restored state itself: give it without --\(output.json ? "json" : "picture").")
        }
        if asLink && (restored || picture.picture || output.json) {
            throw ValidationError("--as-link prints a deep-link file: give it without --restored, --picture or --json.")
        }
        if let maxBytes {
            guard asLink else { throw ValidationError("--max-bytes goes with --as-link.") }
            guard maxBytes > 0 else { throw ValidationError("--max-bytes: \(maxBytes) is not a number of bytes; give 1 or more.") }
        }
        switch (path, input) {
        case (nil, nil):
            throw ValidationError("Give a store with --db and --session, or a state file with --input.")
        case (.some, .some):
            throw ValidationError("Give either --db or --input, not both.")
        case (.some, nil) where session == nil:
            throw ValidationError("--db needs --session to say which session to plan.")
        case (.some, nil) where snapshotAge != nil:
            throw ValidationError("--snapshot-age goes with --input: a stored snapshot's age is read from it.")
        case (nil, .some) where session != nil || snapshot != nil || expireAfter != nil:
            throw ValidationError("--session, --snapshot and --expire-after go with --db, not --input.")
        case (.some, nil) where snapshot != nil && expireAfter != nil:
            throw ValidationError("--expire-after says what a restore would choose; --snapshot chooses instead: give one or the other.")
        default:
            break
        }
        do {
            _ = try ClassAliases(aliasPairs.map(\.pair))
        } catch {
            throw ValidationError("--alias: \(error)")
        }
    }

    /// The resolver of `--known-class`, `--alias` and their file forms. Repeating an option
    /// costs swift-argument-parser time that grows with the square of the repetitions (10,000
    /// `--known-class` values took 7.2 s): a long list goes in a file, read here in one pass.
    func makeResolver() throws -> RecordResolver {
        // `--demo`: the demo app's classes, which the other class options add to.
        var names = (demo ? DemoSessions.knownClasses : []) + knownClasses
        var pairs = (demo ? DemoSessions.aliases : []) + aliasPairs.map(\.pair)
        if let knownClassesFile {
            names += try Self.lines(of: knownClassesFile, option: "--known-classes-file")
        }
        if let aliasesFile {
            for (number, line) in try Self.lines(of: aliasesFile, option: "--aliases-file").enumerated() {
                guard let alias = AliasOption(argument: line) else {
                    throw ValidationError("--aliases-file: line \(number + 1) is not OLD=NEW: \(line)")
                }
                pairs.append(alias.pair)
            }
        }
        let known: RecordResolver = names.isEmpty && knownClassesFile == nil ? .acceptAll : .knownClasses(names)
        guard !pairs.isEmpty else { return known }
        do {
            return known.renaming(try ClassAliases(pairs))
        } catch {
            throw ValidationError("--alias: \(error)")
        }
    }

    /// The non-empty lines of a list file (`\n` or `\r\n`), read in bounded memory.
    static func lines(of path: String, option: String) throws -> [String] {
        let data: Data
        do {
            data = try StateFileInput.readBytes(path, limit: 64 * 1024 * 1024)
        } catch {
            throw ValidationError("\(option): \(error.message)")
        }
        // Split as bytes: to Swift, "\r\n" is one Character, not a line break after "\r".
        return [UInt8](data).split(separator: 0x0A).compactMap { line in
            let bytes = line.last == 0x0D ? line.dropLast() : line
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
    }

    func run() throws {
        let policies = try policyOptions.policies()
        let age = try snapshotAge.map { argument in try ExpiryOption.seconds(argument, option: "--snapshot-age") }
        let resolver = try makeResolver()
        let link = try deepLink.map { path throws(Failure) in try DeepLinkInput.read(path) }
        /// The plan with the deep link merged, when there is one.
        func linked(_ plan: RestorationPlan) -> RestorationPlan {
            link.map { plan.merging($0, resolver: resolver) } ?? plan
        }
        if let input {
            let tree = try StateFileInput.read(input)
            let plan = linked(Restorer.plan(tree, layout: layout.value, resolver: resolver.applying(policies, snapshotAge: age)))
            if asLink {
                return try printLink(plan)
            }
            if restored {
                return try printRestored(plan)
            }
            if picture.picture {
                return try drawPicture(of: tree, plan, linked: link != nil)
            }
            return try output.json ? printJSON(plan) : Stdout.line(PlanText.plan(plan, of: tree))
        }
        var options = SnapshotStore.Options.commandLine(owner: owner)
        options.expiry = expireAfter
        options.policies = policies
        let store = try SnapshotStore(readingAt: path!, options: options)
        // Without --snapshot: what a restore would give, crash-loop guard (and expiry) included.
        let answer = try snapshot.map { id throws(StoreError) in
            let chosen = try store.snapshot(id: id, session: session)
            return .restore(StoreRestoration(snapshot: chosen, layout: layout.value, resolver: options.applyingPolicies(to: resolver, for: chosen)))
        } ?? store.restore(session: session!, layout: layout.value, resolver: resolver)
        let restoration: StoreRestoration
        switch answer {
        case .restore(let planned):
            restoration = planned
        case .expired(let info):
            if restored {
                throw Failure(.invalidInput, "nothing restores: snapshot \(info.id) expired (--expire-after); it is kept")
            }
            return try printExpired(info, expiry: options.expiry)
        case .nothingSaved:
            // The command names a session to inspect: one that does not exist is an error here.
            throw StoreError.sessionNotFound(session!)
        }
        let info = restoration.snapshot.info
        if asLink {
            return try printLink(linked(restoration.plan))
        }
        if restored {
            return try printRestored(linked(restoration.plan))
        }
        let choice = SnapshotChoice(snapshot: info.id, by: snapshot != nil ? .option : restoration.fellBack ? .crashLoopGuard : .newest,
                                    skippedQuarantined: restoration.skippedQuarantined)
        let plan = linked(restoration.plan)
        if output.json {
            return try printJSON(StorePlanJSON(plan: plan, snapshot: info, skippedQuarantined: restoration.skippedQuarantined, chosen: choice))
        }
        try Stdout.line("session \(Text.quoted(info.session)) · \(Text.snapshotLine(info))")
        if restoration.fellBack {
            let skipped = restoration.skippedQuarantined.map(String.init).joined(separator: ", ")
            try Stdout.line("  fell back: newer snapshots \(skipped) are quarantined by the crash-loop guard")
        }
        try Stdout.line("  " + choice.line)
        if picture.picture {
            return try drawPicture(of: restoration.snapshot.tree, plan, linked: link != nil)
        }
        try Stdout.line(PlanText.plan(plan, of: restoration.snapshot.tree))
    }

    /// `--restored`: the restored state, as ``StateFile/encode(_:)`` writes it in the plan's form;
    /// a path's one line gets a newline after it, as every line of output does.
    private func printRestored(_ plan: RestorationPlan) throws {
        guard let tree = plan.restoredTree else {
            throw Failure(.invalidInput, "nothing restores: format version \(plan.formatVersion) is not one a \(plan.form.rawValue) state restores in (every record is dropped unsupported-format)")
        }
        try Stdout.state(tree)
    }

    /// `--as-link`: the restored screen as a deep-link file, within `--max-bytes`; what it left
    /// out on stderr.
    private func printLink(_ plan: RestorationPlan) throws {
        let made = plan.link(maxBytes: maxBytes ?? .max)
        try Stdout.write(made.link.jsonData())
        if !made.leftOut.isEmpty {
            let places = made.leftOut.map(\.description).joined(separator: ", ")
            Stderr.line("left out for --max-bytes \(maxBytes ?? 0): \(made.leftOut.count) record\(made.leftOut.count == 1 ? "" : "s") (\(places))")
        }
    }

    /// A restore that would find its snapshot expired: nothing restored, the snapshot kept.
    private func printExpired(_ info: SnapshotInfo, expiry: SnapshotStore.Expiry?) throws(OutputError) {
        let age = expiry?.age ?? 0
        if output.json {
            return try printJSON(ExpiredPlanJSON(snapshot: SnapshotJSON(info), expireAfterSeconds: age))
        }
        try Stdout.line("session \(Text.quoted(info.session)) · \(Text.snapshotLine(info))")
        let dated = info.savedAt > Date() ? "dated more than \(ExpiryOption.describe(age)) ahead (a clock set back?)" : "saved more than \(ExpiryOption.describe(age)) ago"
        try Stdout.line("  expired: \(dated); a restore restores nothing and the app starts afresh; the snapshot is kept")
    }

    /// `--picture`: the screen `plan` restores from `tree`; from a store, the store's own plan.
    /// With a deep link, the screen after it: the merged plan's restored tree, the link's records
    /// marked (a merged plan that restores nothing is drawn over the saved tree, every record
    /// dropped).
    private func drawPicture(of tree: RestorationTree, _ plan: RestorationPlan, linked: Bool) throws(OutputError) {
        let style = TerminalStyle(colored: picture.colored)
        if linked, let screen = ScreenPicture(linked: plan, style: style) {
            return try screen.write()
        }
        try ScreenPicture(tree: tree, plan: plan, style: style).write()
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

/// `--expire-after AGE`: seconds, or a number with `s`, `m`, `h` or `d`; more than 0.
///
/// An age is digits with at most one decimal point, then perhaps a unit: a fraction is an age
/// (`0.5` is half a second, `1.5h` 90 minutes), and one longer than any clock reaches
/// (`99999999999999999999`) expires nothing, as no `--expire-after` does. It has no sign: a
/// negative age (`-1`, `-0`, `-inf`) gets the range message that `0` gets, and `+5` is not an age.
enum ExpiryOption {
    /// The expiry `argument` says, or a usage error naming what is wrong with it.
    static func parse(_ argument: String) throws -> SnapshotStore.Expiry {
        let seconds = try Self.seconds(argument, option: "--expire-after")
        do {
            return try SnapshotStore.Expiry(after: seconds)
        } catch {
            throw ValidationError("--expire-after: \(error)")
        }
    }

    /// The age `argument` says, in seconds, or a usage error that names `option`: more than 0
    /// and finite.
    static func seconds(_ argument: String, option: String) throws -> TimeInterval {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var text = Substring(argument)
        var unit = 1.0
        if let last = text.last, let scale = units[last] {
            unit = scale
            text = text.dropLast()
        }
        let number: Double
        if text.first == "-", let negative = Double(text) {
            // Out of range, as 0 is: Expiry says so below.
            number = negative
        } else {
            // Digits and one point only: no sign, exponent, "inf" or "nan" slips through Double's parser.
            guard text.contains(where: \.isNumber), text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  let unsigned = Double(text) else {
                throw ValidationError("\(option): \(Text.quoted(argument)) is not an age; give seconds, or a number with s, m, h or d (14d, 36h, 3600)")
            }
            number = unsigned
        }
        let seconds = number * unit
        guard option == "--expire-after" || (seconds.isFinite && seconds > 0) else {
            throw ValidationError("\(option): an age must be more than 0 seconds and finite, not \(Text.quoted(argument))")
        }
        return seconds
    }

    /// An age in the largest whole unit: `14d`, `36h`, `90m`, `45s`.
    static func describe(_ seconds: TimeInterval) -> String {
        for (unit, scale) in [("d", 86400.0), ("h", 3600), ("m", 60)] where seconds >= scale && seconds.truncatingRemainder(dividingBy: scale) == 0 {
            return "\(Int(seconds / scale))\(unit)"
        }
        return seconds == seconds.rounded() && seconds < 1e15 ? "\(Int(seconds))s" : "\(seconds)s"
    }
}
