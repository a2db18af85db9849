import Foundation
import RestackTestSupport
import Testing

/// `restore-inspect` on a store the device's lock protects: one line and exit 75, "try again",
/// nothing written; a file whose permissions forbid it is still "cannot open" (68). The command's
/// own SQLite meets the refusal: `open` of the store's files fails as iOS data protection makes
/// it fail (a library loaded with `LD_PRELOAD`).
@Suite("restore-inspect on a locked device", .enabled(if: LockedDeviceLibrary.isAvailable, "needs a C compiler and LD_PRELOAD"))
struct LockedDeviceCLITests {
    @Test func everyCommandSaysItIsUnavailableInOneLine() throws {
        let scratch = try Scratch()
        let path = (try scratch.demoStore() as NSString).resolvingSymlinksInPath
        let library = try LockedDeviceLibrary.build(in: scratch)
        let state = scratch.write("state.json", #"{"formatVersion":1,"left":[{"identifier":"a","class":"A"}],"right":null}"#)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        let locked = LockedDeviceLibrary.environment(library, locking: path)
        for arguments in [
            ["sessions", "--db", path], ["history", "--db", path, "--session", "mail"], ["check", "--db", path],
            ["plan", "--db", path, "--session", "mail"], ["report", "--db", path],
            ["import", "--db", path, "--session", "mail", "--input", state],
        ] {
            let result = try CLI.run(arguments, environment: locked)
            expectFailure(result, code: 75, mentioning: "is protected while the device is locked")
            #expect(result.stderr.contains("try again once the device is unlocked"), "\(arguments[0])")
            #expect(result.stdout.isEmpty, "\(arguments[0])")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing written")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == files, "no file created or removed")
        #expect(try CLI.run(["sessions", "--db", path]).status == 0, "unlocked, it reads")
    }

    /// Refused with `EACCES` while the file's permission bits forbid reading: the permission
    /// error a process that is not the superuser meets, not a locked device.
    @Test func aFileItsPermissionsForbidIsUnreadableNotUnavailable() throws {
        let scratch = try Scratch()
        let path = (try scratch.demoStore() as NSString).resolvingSymlinksInPath
        let library = try LockedDeviceLibrary.build(in: scratch)
        #expect(chmod(path, 0) == 0)
        defer { chmod(path, 0o644) }
        let result = try CLI.run(["sessions", "--db", path], environment: LockedDeviceLibrary.environment(library, locking: path, errno: EACCES))
        expectFailure(result, code: 68, mentioning: "cannot open")
        #expect(!result.stderr.contains("device is locked"))
    }
}
