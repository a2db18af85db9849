import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// What `history`, `show` and `plan` say of the crash-loop guard's bookkeeping, as text: a
/// snapshot restored without a confirmation (one, then several), one saved during such a
/// restore (provisional), and a quarantined one, passed over by the guard.
@Suite("restore-inspect's text of the crash-loop guard")
struct GuardStateTextTests {
    static let state = RestorationTree.drillDown(left: [RestorationRecord(identifier: "mail", className: "MailController")])

    /// Session `a`: snapshot 1 restored once unconfirmed, 2 saved during that restore.
    /// Session `b`: snapshot 3 restored twice unconfirmed. Session `c` (a guard of threshold 1):
    /// 5 quarantined on the launch after its unconfirmed restore, which restored 4 instead.
    static func store(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("g.sqlite")
        let store = try SnapshotStore(path: path, options: .init(crashLoopThreshold: 3))
        try store.save(state, session: "a")                   // 1
        _ = try store.beginRestore(session: "a").restored
        try store.save(state, session: "a")                   // 2, provisional
        try store.save(state, session: "b")                   // 3
        for _ in 0..<2 { _ = try store.beginRestore(session: "b").restored }
        let strict = try SnapshotStore(path: path, options: .init(crashLoopThreshold: 1))
        try strict.save(state, session: "c")                  // 4
        try strict.save(state, session: "c")                  // 5
        _ = try strict.beginRestore(session: "c").restored    // 5 unconfirmed: the next launch quarantines it
        _ = try strict.beginRestore(session: "c").restored
        return path
    }

    @Test func historySaysEachSnapshotsGuardState() throws {
        let folder = try TemporaryFolder()
        let path = try Self.store(in: folder)
        let a = try CLI.run(["history", "--db", path, "--session", "a"])
        #expect(a.status == 0, "\(a.stderr)")
        let aRows = a.stdout.split(separator: "\n").map(String.init)
        #expect(aRows.count == 4, "\(a.stdout)")
        #expect(aRows.dropFirst().first?.hasSuffix("1 unconfirmed") == true, "\(a.stdout)")
        #expect(aRows.dropFirst(2).first?.hasSuffix("provisional") == true, "\(a.stdout)")
        let b = try CLI.run(["history", "--db", path, "--session", "b"])
        #expect(b.stdout.split(separator: "\n").dropFirst().first?.hasSuffix("2 unconfirmed") == true, "\(b.stdout)")
        let c = try CLI.run(["history", "--db", path, "--session", "c"])
        let cRows = c.stdout.split(separator: "\n").map(String.init)
        #expect(cRows.dropFirst().first?.hasSuffix(" 1 unconfirmed") == true, "\(c.stdout)")
        #expect(cRows.dropFirst(2).first?.hasSuffix("quarantined") == true, "\(c.stdout)")
    }

    @Test func showSaysEachSnapshotsGuardStateInItsLine() throws {
        let folder = try TemporaryFolder()
        let path = try Self.store(in: folder)
        let lines: [(String, String, String)] = [
            ("a", "1", " · 1 unconfirmed restore"), ("a", "2", " · provisional (saved during an unconfirmed restore)"),
            ("b", "3", " · 2 unconfirmed restores"), ("c", "5", " · QUARANTINED"),
        ]
        for (session, snapshot, ending) in lines {
            let shown = try CLI.run(["show", "--db", path, "--session", session, "--snapshot", snapshot])
            #expect(shown.status == 0, "\(shown.stderr)")
            let first = shown.stdout.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasSuffix(ending), "\(session) \(snapshot): \(first)")
        }
        // Chosen by --snapshot, the plan says so.
        let plan = try CLI.run(["plan", "--db", path, "--session", "c", "--snapshot", "5"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("chosen: snapshot 5, given by --snapshot"), "\(plan.stdout)")
    }
}
