import ArgumentParser
import Foundation
import Restack
import RestackStore
import RestackTerminalText

/// `restore-inspect demo [--db PATH]`
struct Demo: ParsableCommand {
    /// The commands the demo suggests, as arguments: each reproduces what the demo printed of a
    /// session, with the demo app's classes (`--demo`), and is under 100 characters with the
    /// default store. A session's rows, its plan as text and JSON, and the picture of the tree
    /// whose tab's class was renamed.
    static func hints(path: String) -> [[String]] {
        let demo = path == defaultPath ? ["--demo"] : ["--demo", "--db", path]
        let drillDown = "demo/mail-renamed-class"
        let renamed = "demo/sgb-in-a-tab"
        return [
            ["sessions"] + demo,
            ["show"] + demo + ["--session", drillDown],
            ["plan"] + demo + ["--session", drillDown],
            ["plan"] + demo + ["--session", drillDown, "--json"],
            ["plan"] + demo + ["--session", renamed, "--picture"],
        ]
    }

    /// The demo app's class lists, in the files `plan --known-classes-file` and `--aliases-file`
    /// read: beside the store, named after it (`restack-demo.known-classes`, `restack-demo.aliases`).
    /// The same lists as `--demo` gives.
    struct ListFiles {
        var knownClasses: String
        var aliases: String

        init(store path: String) {
            let url = URL(fileURLWithPath: path)
            let base = url.pathExtension.isEmpty ? url : url.deletingPathExtension()
            knownClasses = base.path + ".known-classes"
            aliases = base.path + ".aliases"
        }

        private var lists: [(path: String, lines: [String])] {
            [(knownClasses, DemoSessions.knownClasses), (aliases, DemoSessions.aliases.map { "\($0.old)=\($0.new)" })]
        }

        /// Throws, naming the path, when a folder (or a link to one) is where a list goes: checked
        /// before anything is written, so that the demo then writes nothing. The lists' folder is
        /// the store's: a folder missing or not writable is the store's to report (66, 73), when
        /// it is opened, before anything is written too.
        func check() throws(Failure) {
            for (path, _) in lists {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    throw Failure(.cannotWrite, "cannot write the demo's class list \(Text.oneLine(path)): a folder is in its place; nothing was written")
                }
            }
        }

        /// Writes both lists, one entry a line, each file replaced whole (written aside, then
        /// renamed): a failure leaves the file as it was.
        func write() throws(Failure) {
            for (path, lines) in lists {
                do {
                    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                } catch {
                    throw Failure(.cannotWrite, "cannot write the demo's class list \(Text.oneLine(path)): \(Self.describe(error))")
                }
            }
        }

        /// The system's words for a failed write (`Permission denied`), not Foundation's
        /// "NSCocoaErrorDomain error 512".
        static func describe(_ error: any Error) -> String {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if let underlying, underlying.domain == NSPOSIXErrorDomain {
                return String(cString: strerror(Int32(underlying.code)))
            }
            return error.localizedDescription
        }
    }

    static let configuration = CommandConfiguration(
        abstract: "Create (or refresh) a demo store and show what each of its sessions restores, and why.",
        discussion: """
            Writes only the sessions named demo/...: other sessions in the store are left alone. \
            Prints one line per session (what restores, what is dropped and why), planned with the \
            demo app's known and renamed classes, then commands to look further: --demo in a \
            command is the demo store with those classes. The lists are also written beside the \
            store (NAME.known-classes and NAME.aliases, for the store NAME.sqlite) for \
            `plan --known-classes-file` and `--aliases-file`. Every path is checked before \
            anything is written. --json prints each session's story and plan.
            """
    )

    /// `/tmp/restack-demo.sqlite`: the same path on every machine that has `/tmp` (the documents'
    /// commands use it, and it keeps the demo's commands short), else in the temporary folder.
    static var defaultPath: String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/tmp", isDirectory: &isFolder), isFolder.boolValue {
            return "/tmp/restack-demo.sqlite"
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("restack-demo.sqlite").path
    }

    @Option(name: .customLong("db"), help: ArgumentHelp("Where to write the demo store.", valueName: "path"))
    var path: String = Demo.defaultPath
    @OptionGroup var output: OutputOptions

    func validate() throws {
        try StoreOptions.validate(path)
        let files = ListFiles(store: path)
        if [files.knownClasses, files.aliases].contains(path) {
            throw ValidationError("--db: the store cannot be named like the demo's class lists (*.known-classes, *.aliases).")
        }
    }

    struct SessionResult: Encodable {
        var session: String
        var story: String
        var snapshot: Int64
        /// The plan, in its form's JSON shape (format 1 for a format-1 drill-down).
        var plan: RestorationPlan

        /// `demo/mail-gap`, `3`, `(none) missing-identifier`: the session, what its plan restores
        /// (and into which layout when compact), and each dropped record with the reason.
        var row: [String] {
            let restored = "\(plan.restoredRecords.count)\(plan.layout == .compact ? " (compact)" : "")"
            let dropped = plan.dropped.map { "\(Text.quoted($0.record.identifier)) \($0.reason.rawValue)" }
            return [Text.oneLine(session), restored, dropped.isEmpty ? "-" : dropped.joined(separator: ", ")]
        }
    }

    func run() throws {
        let files = ListFiles(store: path)
        // Every path first: a list that cannot be written leaves the store as it was.
        try files.check()
        let reused = FileManager.default.fileExists(atPath: path)
        var options = SnapshotStore.Options.commandLine
        options.appVersion = "demo"
        let store = try SnapshotStore(path: path, options: options)
        // Session names by their bytes, as the store keeps them.
        let existing = Set(try store.sessions().map { ExactString($0.name) })
        let others = existing.subtracting(DemoSessions.all.map { ExactString($0.name) }).count
        try files.write()
        let resolver = DemoSessions.resolver
        var results: [SessionResult] = []
        for session in DemoSessions.all {
            if existing.contains(ExactString(session.name)) {
                try store.deleteSession(session.name)
            }
            for tree in session.history {
                try store.save(tree, session: session.name)
            }
            // The demo store has no expiry: every session restores.
            guard let restoration = try store.restore(session: session.name, layout: session.layout, resolver: resolver).restoration else { continue }
            results.append(SessionResult(session: session.name, story: session.story, snapshot: restoration.snapshot.info.id, plan: restoration.plan))
        }
        try Failure.reporting("the demo sessions were written to \(path)") { () throws(OutputError) in
            if output.json {
                return try printJSON(results)
            }
            try Stdout.line("Demo store: \(Text.oneLine(path))")
            if reused {
                try Stdout.line("  an existing store, reused: its demo/... sessions written again, \(others) other session\(others == 1 ? "" : "s") left alone")
            }
            let list = URL(fileURLWithPath: files.knownClasses).lastPathComponent
            try Stdout.line("Planned with the demo app's classes (also beside it: \(Text.oneLine(list)) and .aliases)\n")
            try Stdout.line(Text.table([["SESSION", "RESTORED", "DROPPED, AND WHY"]] + results.map(\.row)))
            try Stdout.line("\nLook further (--demo: the demo store and its app's classes):")
            for hint in Demo.hints(path: path) {
                try Stdout.line("  swift run restore-inspect " + hint.map(Text.shellWord).joined(separator: " "))
            }
        }
    }
}
