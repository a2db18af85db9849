import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// The app's version, given once in the store's options as Getting started's app does, is what
/// `report` and `history` name: the snapshots the autosaver writes and the outcomes each
/// confirmation records carry it (issue 37: the report said "(unknown version)").
@Suite("restore-inspect names the app's version")
struct AppVersionCommandTests {
    static let routes = RouteCoding<String>(named: "MailApp.Screen")

    /// Two launches of an app that gives "1.0 (7)" to its store and nothing to its autosaver.
    static func appStore(in folder: TemporaryFolder) async throws -> String {
        let path = folder.path("navigation.sqlite")
        for screens in [["INBOX"], ["INBOX", "message-42"]] {
            let store = try SnapshotStore(path: path, options: .init(appVersion: "1.0 (7)"))
            let autosaver = Autosaver(store: store, session: "main")
            if case .restore(let loaded) = try await store.beginRestore(session: "main") {
                try await store.confirmRestore(loaded.restoration(with: routes.restore(loaded.snapshot.tree).plan))
            }
            autosaver.submit(try routes.tree(for: screens))
            try await autosaver.flush()
        }
        return path
    }

    @Test func reportAndHistoryNameTheVersionTheStoreWasGiven() async throws {
        let folder = try TemporaryFolder()
        let path = try await Self.appStore(in: folder)
        let report = try CLI.run(["report", "--db", path])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout == "1.0 (7): 1 restore; nothing dropped\n")
        let history = try CLI.run(["history", "--db", path, "--session", "main", "--json"])
        let snapshots = try #require(history.json as? [[String: Any]])
        #expect(snapshots.count == 2 && snapshots.allSatisfy { $0["appVersion"] as? String == "1.0 (7)" }, "\(history.stdout)")
        let table = try CLI.run(["history", "--db", path, "--session", "main"])
        #expect(table.stdout.split(separator: "\n").dropFirst().prefix(2).allSatisfy { $0.contains("1.0 (7)") }, "\(table.stdout)")
    }

    /// `import --app-version` gives the version to the store's options; without it, none (the
    /// tool's own bundle is not the app's).
    @Test func importRecordsTheVersionGivenOrNone() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("i.sqlite")
        let state = folder.path("s.json")
        try StateFile.encode(try Self.routes.tree(for: ["INBOX"])).write(to: URL(fileURLWithPath: state))
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", state, "--app-version", "2.0 (9)"]).status == 0)
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", state]).status == 0)
        #expect(try SnapshotStore(readingAt: path).snapshots(session: "s").map(\.appVersion) == ["2.0 (9)", nil])
    }
}
