import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// `restore-inspect report` and `plan --expire-after` (issue 18): outcomes per app version,
/// worst first, as text and JSON; expired snapshots shown and kept; read-only.
@Suite("restore-inspect report and expiry")
struct ReportTests {
    static let state = RestorationTree.drillDown(left: [
        RestorationRecord(identifier: "mail", className: "MailController"),
        RestorationRecord(identifier: "legacy", className: "LegacyMessageController"),
    ])
    static var withoutLegacy: RecordResolver { RecordResolver { record, _ in record.className != "LegacyMessageController" } }

    /// A store with outcomes of two versions: 2.9 restores everything twice; 3.0 (45) restores
    /// three times without the legacy class, once falling back.
    static func store(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("r.sqlite")
        let old = try SnapshotStore(path: path, options: .init(appVersion: "2.9"))
        try old.save(state, session: "a")
        for _ in 0..<2 { try old.confirmRestore(old.beginRestore(session: "a").restored) }
        let new = try SnapshotStore(path: path, options: .init(crashLoopThreshold: 1, appVersion: "3.0 (45)"))
        for _ in 0..<2 { try new.confirmRestore(new.beginRestore(session: "a", resolver: withoutLegacy).restored) }
        try new.save(state, session: "b")
        try new.save(RestorationTree.drillDown(left: [RestorationRecord(identifier: "crash", className: "MailController")]), session: "b")
        _ = try new.beginRestore(session: "b").restored
        try new.confirmRestore(new.beginRestore(session: "b", resolver: withoutLegacy).restored)
        return path
    }

    @Test func theTextSaysEachVersionWorstFirst() throws {
        let folder = try TemporaryFolder()
        let path = try Self.store(in: folder)
        let before = FileManager.default.contents(atPath: path)
        let result = try CLI.run(["report", "--db", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            3.0 (45): 3 restores, 1 fell back; unresolved-class LegacyMessageController x3
            2.9: 2 restores; nothing dropped

            """)
        let b = try CLI.run(["report", "--db", path, "--session", "b"])
        #expect(b.stdout == "3.0 (45): 1 restore, 1 fell back; unresolved-class LegacyMessageController x1\n")
        #expect(FileManager.default.contents(atPath: path) == before, "report writes nothing")
    }

    @Test func theJSONHasTheDocumentedShape() throws {
        let folder = try TemporaryFolder()
        let path = try Self.store(in: folder)
        let result = try CLI.run(["report", "--db", path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(result.json as? [String: Any])
        #expect(json["session"] is NSNull && json["outcomes"] as? Int == 5)
        let versions = try #require(json["versions"] as? [[String: Any]])
        #expect(versions.map { $0["appVersion"] as? String } == ["3.0 (45)", "2.9"])
        let worst = try #require(versions.first)
        #expect(worst["restores"] as? Int == 3 && worst["fellBack"] as? Int == 1 && worst["expired"] as? Int == 0)
        #expect(worst["restoredRecords"] as? Int == 3 && worst["droppedRecords"] as? Int == 3)
        #expect(Set(worst.keys) == ["appVersion", "restores", "fellBack", "expired", "restoredRecords", "droppedRecords", "drops",
                                    "firstRecordedAt", "lastRecordedAt"])
        let drops = try #require(worst["drops"] as? [[String: Any]])
        #expect(drops.count == 1 && drops[0]["reason"] as? String == "unresolved-class"
                && drops[0]["class"] as? String == "LegacyMessageController" && drops[0]["count"] as? Int == 3)
        #expect((versions.last?["drops"] as? [Any])?.isEmpty == true)
    }

    @Test func anEmptyStoreAndUnknownSessions() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("e.sqlite")
        try SnapshotStore(path: path).save(Self.state, session: "s")
        #expect(try CLI.run(["report", "--db", path]).stdout == "no restore outcomes recorded\n")
        #expect(try CLI.run(["report", "--db", path, "--session", "s"]).stdout == "no restore outcomes recorded for session \"s\"\n")
        expectFailure(try CLI.run(["report", "--db", path, "--session", "nope"]), code: 67, mentioning: "no session named \"nope\"")
        expectFailure(try CLI.run(["report", "--db", folder.path("missing.sqlite")]), code: 66, mentioning: "no store")
    }

    @Test func hostileVersionAndClassNamesStayOneLine() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("h.sqlite")
        let store = try SnapshotStore(path: path, options: .init(appVersion: "3.0\n\u{1B}[31mred"))
        try store.save(RestorationTree.drillDown(left: [RestorationRecord(identifier: "x", className: "Evil\r\nClass")]), session: "s")
        try store.confirmRestore(store.beginRestore(session: "s", resolver: RecordResolver { _, _ in false }).restored)
        let result = try CLI.run(["report", "--db", path])
        #expect(result.status == 0)
        expectOneLine(result.stdout)
        #expect(result.stdout.contains("unresolved-class") && result.stdout.contains("x1"))
    }

    @Test func planShowsAnExpiredSnapshotAndKeepsIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("x.sqlite")
        let saved = try SnapshotStore(path: path).save(Self.state, session: "s", savedAt: Date().addingTimeInterval(-20 * 24 * 3600))
        let before = FileManager.default.contents(atPath: path)
        let text = try CLI.run(["plan", "--db", path, "--session", "s", "--expire-after", "14d"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("snapshot \(saved.id)") && text.stdout.contains("expired: saved more than 14d ago"))
        let json = try #require(try CLI.run(["plan", "--db", path, "--session", "s", "--expire-after", "14d", "--json"]).json as? [String: Any])
        #expect(json["expired"] as? Bool == true && json["expireAfterSeconds"] as? Double == 14 * 24 * 3600)
        #expect((json["snapshot"] as? [String: Any])?["id"] as? Int == Int(saved.id))
        let fresh = try CLI.run(["plan", "--db", path, "--session", "s", "--expire-after", "30d"])
        #expect(fresh.status == 0 && fresh.stdout.contains("restored") && !fresh.stdout.contains("expired"))
        #expect(FileManager.default.contents(atPath: path) == before, "plan writes nothing")
        #expect(try CLI.run(["history", "--db", path, "--session", "s"]).stdout.contains("\(saved.id)"), "the snapshot is kept")
    }

    @Test(arguments: ["0", "-1", "0d", "abc", "1e9", "nan", "inf", ""])
    func aBadExpiryIsAUsageError(_ age: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("x.sqlite")
        try SnapshotStore(path: path).save(Self.state, session: "s")
        let result = try CLI.run(["plan", "--db", path, "--session", "s", "--expire-after", age])
        #expect(result.status == 64, "\(age): \(result.stderr)")
        #expect(result.stderr.contains("--expire-after"), "\(result.stderr)")
        expectOneLine(result.stderr)
    }

    @Test func expireAfterGoesWithAStoreRestoreOnly() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("x.sqlite")
        try SnapshotStore(path: path).save(Self.state, session: "s")
        #expect(try CLI.run(["plan", "--db", path, "--session", "s", "--snapshot", "1", "--expire-after", "1d"]).status == 64)
        let input = folder.write("s.json", #"{"formatVersion": 1, "left": [{"identifier": "a"}]}"#)
        #expect(try CLI.run(["plan", "--input", input, "--expire-after", "1d"]).status == 64)
    }
}
