import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// `restore-inspect` and owners: `sessions` names each session's owner (text and JSON),
/// `--owner` scopes every command, and after a logout no command shows anything of the owner.
@Suite("restore-inspect and owners")
struct OwnerCommandTests {
    static let state = RestorationTree.drillDown(left: [RestorationRecord(identifier: "mail", className: "MailController")])

    @Test func sessionsShowTheOwnerAndALoggedOutOwnerIsGoneFromEveryCommand() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("owners.sqlite")
        let stores = try [nil, "alice", "bob"].map { owner in
            try SnapshotStore(path: path, options: .init(appVersion: "1.0", owner: owner))
        }
        for store in stores {
            try store.save(Self.state, session: "main")
            try store.confirmRestore(store.beginRestore(session: "main").restored)
        }

        let text = try CLI.run(["sessions", "--db", path])
        #expect(text.status == 0, "\(text.stderr)")
        let rows = text.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(2).joined(separator: " ") }
        #expect(rows.prefix(4) == ["OWNER SESSION", #"(default) "main""#, #""alice" "main""#, #""bob" "main""#], "\(text.stdout)")

        let json = try CLI.run(["sessions", "--db", path, "--json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(listed.map { $0["owner"] as? String ?? "(null)" } == ["(null)", "alice", "bob"], "\(json.stdout)")
        #expect(listed.allSatisfy { $0.keys.contains("owner") && $0["name"] as? String == "main" })

        let bobsOnly = try CLI.run(["sessions", "--db", path, "--owner", "bob", "--json"])
        let bobs = try #require(try JSONSerialization.jsonObject(with: Data(bobsOnly.stdout.utf8)) as? [[String: Any]])
        #expect(bobs.map { $0["owner"] as? String } == ["bob"], "\(bobsOnly.stdout)")
        #expect(try CLI.run(["history", "--db", path, "--owner", "bob", "--session", "main"]).status == 0)
        #expect(try CLI.run(["report", "--db", path, "--owner", "bob"]).stdout.contains("1.0: 1 restore"))

        let empty = try CLI.run(["sessions", "--db", path, "--owner", ""])
        #expect(empty.status == 65 && empty.stderr.contains("owner's name cannot be empty"), "\(empty.stderr)")

        try SnapshotStore(path: path, options: .init(owner: "bob")).deleteOwner()
        let after = try CLI.run(["sessions", "--db", path])
        #expect(after.status == 0 && !after.stdout.contains("bob") && after.stdout.contains(#""alice""#), "\(after.stdout)")
        #expect(try CLI.run(["sessions", "--db", path, "--owner", "bob"]).stdout.hasPrefix("no sessions in "))
        let history = try CLI.run(["history", "--db", path, "--owner", "bob", "--session", "main"])
        #expect(history.status == 67 && history.stdout.isEmpty, "\(history.stdout)\(history.stderr)")
        let report = try CLI.run(["report", "--db", path, "--owner", "bob"])
        #expect(report.status == 0 && report.stdout == "no restore outcomes recorded\n", "\(report.stdout)")
        #expect(try CLI.run(["report", "--db", path, "--owner", "alice"]).stdout.contains("1.0: 1 restore"))
    }
}
