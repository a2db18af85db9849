import Foundation
import GRDB
import RestackTestSupport
import Testing

/// Issue 38, defect 1, as the issue ran it: a snapshot tree changed to name another session's
/// value is reported by `check`, and ten imports of the damaged session leave the other
/// session's record where it was.
@Suite("A value named by trees of two sessions, from the command line")
struct CrossSessionValueCommandTests {
    @Test func aDamagedReferenceSpreadsToNoOtherSession() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("r.sqlite")
        let a = folder.write("a.json", #"{"formatVersion":1,"left":[{"identifier":"a","class":"A"}],"right":null}"#)
        let b = folder.write("b.json", #"{"formatVersion":1,"left":[{"identifier":"b","class":"B","payload":"aGVsbG8="}],"right":null}"#)
        for (session, input) in [("A", a), ("B", b), ("A", a)] {
            #expect(try CLI.run(["import", "--db", path, "--session", session, "--input", input]).status == 0)
        }
        let exported = try CLI.run(["export", "--db", path, "--session", "B"])
        #expect(exported.status == 0)
        let queue = try DatabaseQueue(path: path)
        // Snapshot 1 of A names B's value, the second value written: 32 (ids are given in blocks
        // of 16 since migration 10).
        try queue.write { try $0.execute(sql: "UPDATE restack_snapshot SET tree = X'01010001002000' WHERE id = 1") }
        try queue.close()

        let check = try CLI.run(["check", "--db", path])
        #expect(check.status == 68)
        #expect(check.stdout.contains("restack_value: value named by trees of more than one session, which a value never is: 32 (snapshots 1, 2)"),
                "\(check.stdout)")
        for _ in 1...10 {
            #expect(try CLI.run(["import", "--db", path, "--session", "A", "--input", a]).status == 0)
        }
        #expect(try CLI.run(["export", "--db", path, "--session", "B"]).stdout == exported.stdout, "B's record is where it was")
        #expect(try CLI.run(["check", "--db", path]).status == 0, "snapshot 1 was pruned, and with it the damage")
    }
}
