import ArgumentParser
import Foundation
import Restack
import RestackStore

/// `restore-inspect demo [--db PATH]`
struct Demo: ParsableCommand {
    /// The commands the demo suggests, as arguments: each plan hint names every known class and
    /// the session's layout, so that it reproduces the plan printed above. One drill-down session
    /// and, for the picture, the first tree restored in the compact layout.
    static func hints(path: String) -> [[String]] {
        let drillDown = DemoSessions.all[2]
        let tree = DemoSessions.all.first { session in
            session.history.last?.form == .tree && session.layout == .compact
        } ?? drillDown
        let known = DemoSessions.knownClasses.flatMap { ["--known-class", $0] }
        func plan(_ session: DemoSessions.Session) -> [String] {
            ["plan", "--db", path, "--session", session.name, "--layout", session.layout.rawValue] + known
        }
        return [
            ["sessions", "--db", path],
            ["show", "--db", path, "--session", drillDown.name],
            plan(tree) + ["--picture"],
            plan(drillDown) + ["--json"],
        ]
    }

    static let configuration = CommandConfiguration(
        abstract: "Create (or refresh) a demo store and show what each of its sessions restores, and why.",
        discussion: """
            Writes only the sessions named demo/...: other sessions in the store are left alone. \
            Plans use the demo app's known classes, as `plan --known-class` would.
            """
    )

    static var defaultPath: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("restack-demo.sqlite").path
    }

    @Option(name: .customLong("db"), help: ArgumentHelp("Where to write the demo store.", valueName: "path"))
    var path: String = Demo.defaultPath
    @OptionGroup var output: OutputOptions

    func validate() throws {
        try StoreOptions.validate(path)
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
            TreeText.plan(plan, of: tree)
        }
    }

    func run() throws {
        let reused = FileManager.default.fileExists(atPath: path)
        let store = try SnapshotStore(path: path, options: .commandLine)
        let existing = Set(try store.sessions().map(\.name))
        let others = existing.filter { name in !DemoSessions.all.contains { $0.name == name } }.count
        let resolver = RecordResolver.knownClasses(DemoSessions.knownClasses)
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
        try Failure.reporting("the demo sessions were written to \(path)") { () throws(OutputError) in
            if output.json {
                return try printJSON(results)
            }
            try Stdout.line("Demo store: \(Text.oneLine(path))")
            if reused {
                try Stdout.line("  (an existing store, reused: its demo/... sessions were written again, \(others) other session\(others == 1 ? "" : "s") left alone)")
            }
            try Stdout.line("Known classes: \(DemoSessions.knownClasses.joined(separator: ", "))\n")
            for result in results {
                try Stdout.line("\(result.session) (snapshot \(result.snapshot)): \(result.story)")
                try Stdout.line(result.text + "\n")
            }
            try Stdout.line("Look further (each command shows what was printed above):")
            for hint in Demo.hints(path: path) {
                try Stdout.line("  swift run restore-inspect " + hint.map(Text.shellWord).joined(separator: " "))
            }
        }
    }
}
