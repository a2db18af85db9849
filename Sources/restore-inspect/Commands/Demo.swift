import ArgumentParser
import Foundation
import Restack
import RestackStore
import RestackTerminalText

/// `restore-inspect demo [--db PATH]`
struct Demo: ParsableCommand {
    /// The commands the demo suggests, as arguments: each plan hint reproduces the plan printed
    /// above, with the app's class lists from the files the demo writes beside the store, and
    /// fits in 160 characters with the default store. The drill-down's table and JSON with the
    /// known classes; the picture of the tree whose class was renamed, with the aliases (every
    /// other class of that tree is known, so the aliases alone give the demo's plan).
    static func hints(path: String, files: ListFiles) -> [[String]] {
        let drillDown = "demo/mail-renamed-class"
        let renamed = "demo/sgb-in-a-tab"
        return [
            ["sessions", "--db", path],
            ["show", "--db", path, "--session", drillDown],
            ["plan", "--db", path, "--session", drillDown, "--known-classes-file", files.knownClasses],
            ["plan", "--db", path, "--session", drillDown, "--known-classes-file", files.knownClasses, "--json"],
            ["plan", "--db", path, "--session", renamed, "--aliases-file", files.aliases, "--picture"],
        ]
    }

    /// The demo app's class lists, in the files `plan --known-classes-file` and `--aliases-file`
    /// read: beside the store, named after it (`restack-demo.known-classes`, `restack-demo.aliases`).
    struct ListFiles {
        var knownClasses: String
        var aliases: String

        init(store path: String) {
            let url = URL(fileURLWithPath: path)
            let base = url.pathExtension.isEmpty ? url : url.deletingPathExtension()
            knownClasses = base.path + ".known-classes"
            aliases = base.path + ".aliases"
        }

        /// Writes both lists, one entry a line, each file replaced whole (written aside, then
        /// renamed): a failure leaves the file as it was.
        func write() throws(Failure) {
            let lists = [
                (knownClasses, DemoSessions.knownClasses),
                (aliases, DemoSessions.aliases.map { "\($0.old)=\($0.new)" }),
            ]
            for (path, lines) in lists {
                do {
                    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                } catch {
                    throw Failure(.cannotWrite, "cannot write the demo's class list \(Text.oneLine(path)): \(error.localizedDescription)")
                }
            }
        }
    }

    static let configuration = CommandConfiguration(
        abstract: "Create (or refresh) a demo store and show what each of its sessions restores, and why.",
        discussion: """
            Writes only the sessions named demo/...: other sessions in the store are left alone. \
            Plans use the demo app's known classes and renamed classes, which the demo writes \
            beside the store (NAME.known-classes and NAME.aliases, for the store NAME.sqlite) for \
            `plan --known-classes-file` and `--aliases-file`.
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
        /// The saved tree, for the text rendering.
        var tree: RestorationTree

        enum CodingKeys: String, CodingKey {
            case session, story, snapshot, plan
        }

        var text: String {
            PlanText.plan(plan, of: tree)
        }
    }

    func run() throws {
        let reused = FileManager.default.fileExists(atPath: path)
        let store = try SnapshotStore(path: path, options: .commandLine)
        let existing = Set(try store.sessions().map(\.name))
        let others = existing.filter { name in !DemoSessions.all.contains { $0.name == name } }.count
        let resolver = DemoSessions.resolver
        let files = ListFiles(store: path)
        var results: [SessionResult] = []
        for session in DemoSessions.all {
            if existing.contains(session.name) {
                try store.deleteSession(session.name)
            }
            for tree in session.history {
                try store.save(tree, session: session.name, appVersion: "demo")
            }
            // The demo store has no expiry: every session restores.
            guard let restoration = try store.restore(session: session.name, layout: session.layout, resolver: resolver).restoration else { continue }
            results.append(SessionResult(session: session.name, story: session.story, snapshot: restoration.snapshot.info.id,
                                         plan: restoration.plan, tree: restoration.snapshot.tree))
        }
        try files.write()
        try Failure.reporting("the demo sessions were written to \(path)") { () throws(OutputError) in
            if output.json {
                return try printJSON(results)
            }
            try Stdout.line("Demo store: \(Text.oneLine(path))")
            if reused {
                try Stdout.line("  (an existing store, reused: its demo/... sessions were written again, \(others) other session\(others == 1 ? "" : "s") left alone)")
            }
            try Stdout.line("Known classes (\(Text.oneLine(files.knownClasses))): \(DemoSessions.knownClasses.joined(separator: ", "))")
            let renames = DemoSessions.aliases.map { "\($0.old) -> \($0.new)" }.joined(separator: ", ")
            try Stdout.line("Renamed classes (\(Text.oneLine(files.aliases))): \(renames)\n")
            for result in results {
                try Stdout.line("\(result.session) (snapshot \(result.snapshot)): \(result.story)")
                try Stdout.line(result.text + "\n")
            }
            try Stdout.line("Look further (each command shows what was printed above):")
            for hint in Demo.hints(path: path, files: files) {
                try Stdout.line("  swift run restore-inspect " + hint.map(Text.shellWord).joined(separator: " "))
            }
        }
    }
}
