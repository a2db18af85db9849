import Foundation
import RestackTestSupport
import Testing

/// restack-mail on a disk that fills while it runs (a small tmpfs): the autosave fails, the
/// status line says the change was not saved, the app goes on navigating, and at the end it
/// says so on standard error; what was saved before is still restored.
@Suite("restack-mail on a disk that fills", .serialized, .enabled(if: TmpfsMount.isAvailable, "mounting a tmpfs needs root"))
struct FullDiskTests {
    @Test func aChangeThatCannotBeSavedIsSaidAndTheAppGoesOn() throws {
        let mount = try TmpfsMount(kibibytes: 2048)
        let db = mount.path("mail.sqlite")
        let wide = ["--db", db, "--width", "120"]
        let first = try MailProcess.script(wide, commands: ["open inbox", "quit"])
        #expect(first.status == 0, "\(first.stderr)")

        let folder = try TemporaryFolder(prefix: "restack-mail-output")
        let outputPath = folder.path("stdout"), errorPath = folder.path("stderr")
        let process = try ChildProcess(MailProcess.binary.path, wide, stdin: .pipe, stdout: .file(outputPath), stderr: .file(errorPath))
        defer { process.send(SIGKILL) }
        func output() -> String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
        #expect(MailProcess.waitUntil(timeout: 10) { output().contains("restored snapshot") } != nil, "\(output())")
        mount.fill()
        // Each change is a save; the disk is full: one of the first fails (the log may have had
        // room for a page or two).
        var commands = 0
        let said = MailProcess.waitUntil(timeout: 20) {
            if commands < 12 {
                process.write(Data((commands % 2 == 0 ? "open message-\(commands % 3 + 1)\n" : "back\n").utf8))
                commands += 1
            }
            return output().contains("not saved: ")
        }
        #expect(said != nil, "\(output())")
        process.write(Data("open message-3\nquit\n".utf8))
        process.closeInput()
        #expect(MailProcess.waitUntil(timeout: 20) { !process.isRunning } != nil)
        #expect(process.wait() == .exited(0))
        #expect(output().contains("opened message-3"), "it still navigates: \(output())")
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        #expect(errors.hasPrefix("restack-mail: not saved: "), "\(errors)")
        try FileManager.default.removeItem(atPath: mount.path("filler"))
        #expect(MailProcess.storeShows("inbox", db: db), "what was saved before is restored")
    }
}
