import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// Corners of restore-inspect's listings and usage: an empty store's sessions, sessions newest
/// first, outcomes of versions that tie (by version, the unknown one last) and expired ones, a
/// snapshot dated ahead of the clock, a diff across format versions, and options that do not go
/// together.
@Suite("restore-inspect listings and usage corners")
struct ListingAndUsageTests {
    static let state = RestorationTree.drillDown(left: [RestorationRecord(identifier: "mail", className: "MailController")])

    @Test func sessionsOfAnEmptyStoreAndNewestFirst() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let store = try SnapshotStore(path: path)
        let empty = try CLI.run(["sessions", "--db", path])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.hasPrefix("no sessions in "), "\(empty.stdout)")
        for session in ["b", "a", "c"] { try store.save(Self.state, session: session) }
        try store.save(Self.state, session: "b")
        let newest = try CLI.run(["sessions", "--db", path, "--newest-first"])
        #expect(newest.status == 0, "\(newest.stderr)")
        let names = newest.stdout.split(separator: "\n").dropFirst().prefix(3).map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(names == [#""b""#, #""c""#, #""a""#], "\(newest.stdout)")
    }

    /// Versions with the same counts are listed by version, the unknown one last; an expired
    /// restore is counted and worse than a plain one.
    @Test func reportOrdersTiedVersionsByNameUnknownLast() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("r.sqlite")
        try SnapshotStore(path: path).save(Self.state, session: "s")
        for version in ["2.0", nil, "1.0"] {
            let store = try SnapshotStore(path: path, options: .init(appVersion: version))
            try store.confirmRestore(store.beginRestore(session: "s").restored)
        }
        let expiry = try SnapshotStore.Expiry(after: 1)
        let expiring = try SnapshotStore(path: path, options: .init(appVersion: "0.9", expiry: expiry, clock: .init { Date().addingTimeInterval(3600) }))
        let answer = try expiring.beginRestore(session: "s")
        #expect(answer.restoration == nil)
        let report = try CLI.run(["report", "--db", path])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout == """
            0.9: 0 restores, 1 expired; nothing dropped
            1.0: 1 restore; nothing dropped
            2.0: 1 restore; nothing dropped
            (unknown version): 1 restore; nothing dropped

            """, "\(report.stdout)")
    }

    /// A snapshot dated ahead of the clock by more than the expiry is expired too: the plan says
    /// it is dated ahead (a clock set back), with the age in seconds when it is no whole minute.
    @Test func aSnapshotDatedAheadIsExpiredSayingSo() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("x.sqlite")
        try SnapshotStore(path: path).save(Self.state, session: "s", savedAt: Date().addingTimeInterval(20 * 24 * 3600))
        let plan = try CLI.run(["plan", "--db", path, "--session", "s", "--expire-after", "90"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("expired: dated more than 90s ahead (a clock set back?)"), "\(plan.stdout)")
    }

    @Test func aDiffAcrossFormatVersionsSaysSo() throws {
        let folder = try TemporaryFolder()
        let one = folder.write("one.json", #"{"formatVersion": 1, "left": [{"identifier": "a", "class": "A"}]}"#)
        let two = folder.write("two.json", #"{"formatVersion": 2, "left": [{"identifier": "a", "class": "A"}]}"#)
        let diff = try CLI.run(["diff", "--input", one, "--input", two])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("format  1 -> 2"), "\(diff.stdout)")
    }

    @Test func optionsThatDoNotGoTogetherAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        let path = try folder.demoStore()
        expectFailure(try CLI.run(["show", "--db", path, "--session", "demo/mail-all-valid", "--picture", "--json"]), code: 64, mentioning: "not both")
        expectFailure(try CLI.run(["diff", "--db", path]), code: 64, mentioning: "--db needs --session")
        let state = folder.write("s.json", #"{"formatVersion": 1, "left": [{"identifier": "a", "class": "A"}]}"#)
        // Aliases from a file, with those given as options, checked as one list.
        let aliases = folder.write("aliases.txt", "B=A\n")
        expectFailure(try CLI.run(["plan", "--input", state, "--alias", "A=B", "--aliases-file", aliases]), code: 64,
                      mentioning: "--alias: class aliases form a cycle")
    }
}
