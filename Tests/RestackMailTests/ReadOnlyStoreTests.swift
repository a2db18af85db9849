import Foundation
import RestackStore
import RestackTestSupport
import Testing

/// restack-mail on a store it cannot write (a read-only medium): it still restores, without the
/// crash-loop guard (whose bookkeeping is a write), and the status line says so.
@Suite("restack-mail on a read-only store", .serialized, .enabled(if: TmpfsMount.isAvailable, "mounting a read-only tmpfs needs root"))
struct ReadOnlyStoreTests {
    @Test func aReadOnlyStoreStillRestores() throws {
        let mount = try TmpfsMount(kibibytes: 2048)
        let db = mount.path("mail.sqlite")
        let wide = ["--db", db, "--width", "120"]
        let saved = try MailProcess.script(wide, commands: ["open inbox", "open message-2", "quit"])
        #expect(saved.status == 0)
        mount.remount(readOnly: true)
        defer { mount.remount(readOnly: false) }

        let result = try MailProcess.script(wide, commands: ["open message-3", "quit"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("read-only store: changes are not saved, crash-loop guard off; restored snapshot"), "\(result.stdout)")
        #expect(result.stdout.contains("From: Grace"))
        #expect(result.stdout.contains("From: Linus"))   // it still navigates
        #expect(mount.files == ["mail.sqlite"])
        // Relaunched: the store is as it was (the navigation of the read-only run not saved).
        let again = try MailProcess.script(wide, commands: ["quit"])
        #expect(again.stdout.contains("From: Grace"))
    }
}
