import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// `plan`'s refusals that no other test reached: `--restored` with another output form, and
/// `--restored` when nothing restores (an expired snapshot, a newer format); the expiry line for
/// an age in fractions of a second.
@Suite("plan: what --restored refuses")
struct PlanRefusalTests {
    static let state = RestorationTree.drillDown(left: [RestorationRecord(identifier: "mail", className: "MailController")])

    @Test(arguments: ["--json", "--picture"])
    func restoredPrintsTheStateItselfNotAnotherForm(_ form: String) throws {
        let folder = try TemporaryFolder()
        let input = folder.write("s.json", #"{"formatVersion":1,"left":[{"identifier":"mail","class":"MailController"}]}"#)
        let result = try CLI.run(["plan", "--input", input, "--restored", form])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--restored prints the restored state itself: give it without \(form)."), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// An expired snapshot restores nothing: `--restored` says so (65) and the snapshot is kept.
    @Test func restoredOfAnExpiredSnapshotIsRefusedAndTheSnapshotKept() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("x.sqlite")
        let saved = try SnapshotStore(path: path).save(Self.state, session: "s", savedAt: Date().addingTimeInterval(-3600))
        let refused = try CLI.run(["plan", "--db", path, "--session", "s", "--expire-after", "30m", "--restored"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("nothing restores: snapshot \(saved.id) expired (--expire-after); it is kept"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        let kept = try CLI.run(["plan", "--db", path, "--session", "s", "--restored"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try StateFile.decode(Data(kept.stdout.utf8)) == Self.state)
    }

    /// A state of a newer format restores nothing (every record dropped unsupported-format):
    /// `--restored` refuses it rather than print an empty state.
    @Test func restoredOfANewerFormatIsRefused() throws {
        let folder = try TemporaryFolder()
        let input = folder.write("new.json", #"{"formatVersion":99,"root":{"kind":"stack","records":[{"identifier":"a","class":"A"}]}}"#)
        let planned = try CLI.run(["plan", "--input", input])
        #expect(planned.status == 0, "\(planned.stderr)")
        let refused = try CLI.run(["plan", "--input", input, "--restored"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("nothing restores: format version 99 is not one a tree state restores in"), "\(refused.stderr)")
    }

    /// An age that is no whole number of seconds is written as given.
    @Test func anExpiryOfAFractionOfASecondIsWrittenAsGiven() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("x.sqlite")
        _ = try SnapshotStore(path: path).save(Self.state, session: "s", savedAt: Date().addingTimeInterval(-60))
        let result = try CLI.run(["plan", "--db", path, "--session", "s", "--expire-after", "0.5"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("expired: saved more than 0.5s ago"), "\(result.stdout)")
    }
}
