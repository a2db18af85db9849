import Foundation
import RestackTestSupport
import Testing

/// `restore-inspect` with standard streams that are closed, full or broken: never a crash, never
/// a silent exit 0 with the output lost. A lost output is exit 74 with one line on stderr; an
/// import whose report is lost still says (and its exit code alone tells) that it saved.
@Suite("restore-inspect standard streams")
struct StreamTests {
    /// One command of each kind of output: tables, JSON, a state file, help.
    static func outputCommands(_ path: String) -> [[String]] {
        [
            ["sessions", "--db", path], ["sessions", "--db", path, "--json"],
            ["history", "--db", path, "--session", "demo/mail-gap"],
            ["show", "--db", path, "--session", "demo/mail-gap", "--json"],
            ["plan", "--db", path, "--session", "demo/mail-gap"],
            ["export", "--db", path, "--session", "demo/mail-gap"],
            ["check", "--db", path], ["--help"], ["plan", "--help"],
        ]
    }

    @Test(arguments: [(">/dev/full", "stdout: No space left on device"), (">&-", "stdout is closed")])
    func aLostOutputExits74(redirection: String, problem: String) throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        for arguments in Self.outputCommands(path) {
            let run = try CLI.runShaped(arguments, redirections: redirection)
            expectFailure(run.result, code: 74, mentioning: "the output could not be written: \(problem)")
            #expect(run.result.stdout.isEmpty, "\(arguments)")
        }
    }

    /// A backstop for the rule behind the tests above: no output bypasses the checked writer.
    @Test func theInspectorWritesOnlyThroughTheCheckedWriter() throws {
        let folder = PlatformTests.sources.appendingPathComponent("restore-inspect")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 10)
        var findings: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                let code = PlatformTests.code(line)
                for pattern in ["print(", "FileHandle.standard", "readDataToEndOfFile", "contents(atPath"] where code.contains(pattern) {
                    findings.append("\(file.lastPathComponent):\(number + 1): \(pattern)")
                }
            }
        }
        #expect(findings.isEmpty, "unchecked I/O: \(findings)")
    }

    @Test func theHelpDocumentsCode74() throws {
        let help = try CLI.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("74 output could not be written"))
        #expect(help.stdout.contains("an import that exits 74 saved its snapshot"))
    }

    @Test func aBrokenPipeExits74InsteadOfDyingOfSIGPIPE() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        for arguments in Self.outputCommands(path) {
            // A pipe with no reader left: the first write fails with EPIPE (or raises SIGPIPE).
            let out = try Self.pipe()
            close(out.reading)
            let process = try ChildProcess(CLI.binary.path, arguments, stdout: .descriptor(out.writing), stderr: .pipe)
            close(out.writing)
            let result = process.finish()
            #expect(!Self.isSignal(result.termination), "\(arguments): killed by \(result.termination)")
            expectFailure(CLI.Result(status: result.termination.status, stdout: "", stderr: result.stderrText), code: 74,
                          mentioning: "stdout: Broken pipe")
        }
    }

    /// Streams left non-blocking by whoever started the process: a full stdout, or a stdin with
    /// nothing yet, is waited on (poll), never taken for a lost output or an unreadable input.
    @Test func nonBlockingStreamsAreWaitedOn() throws {
        let scratch = try Scratch()
        let path = scratch.path("store.sqlite")
        let payload = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).base64EncodedString()
        let state = #"{"formatVersion": 1, "left": [{"identifier": "big", "payload": "\#(payload)"}]}"#
        let file = scratch.write("big.json", state)
        #expect(try CLI.run(["import", "--db", path, "--session", "s", "--input", file]).status == 0)
        func nonBlocking(_ descriptor: Int32) {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }

        // stdout: 270 KB of export into a pipe of 64 KiB that is read only after a pause.
        let out = try Self.pipe()
        nonBlocking(out.writing)
        let export = try ChildProcess(CLI.binary.path, ["export", "--db", path, "--session", "s"], stdout: .descriptor(out.writing), stderr: .pipe)
        close(out.writing)
        Thread.sleep(forTimeInterval: 0.5)
        let exported = FileHandle(fileDescriptor: out.reading, closeOnDealloc: true).readDataToEndOfFile()
        let exportResult = export.finish()
        #expect(exportResult.termination == .exited(0), "\(exportResult.stderrText)")
        #expect(exported.count > 250_000)
        #expect(String(decoding: exported, as: UTF8.self).contains(payload))

        // stdin: a state file that arrives after a pause.
        let input = try Self.pipe()
        nonBlocking(input.reading)
        let plan = try ChildProcess(CLI.binary.path, ["plan", "--input", "-", "--json"], stdin: .descriptor(input.reading), stdout: .pipe, stderr: .pipe)
        close(input.reading)
        Thread.sleep(forTimeInterval: 0.5)
        let writing = FileHandle(fileDescriptor: input.writing, closeOnDealloc: false)
        writing.write(Data(state.utf8))
        try writing.close()
        let planResult = plan.finish()
        #expect(planResult.termination == .exited(0), "\(planResult.stderrText)")
        let result = try #require(try JSONSerialization.jsonObject(with: planResult.stdout) as? [String: Any])
        #expect((result["left"] as? [[String: Any]])?.first?["identifier"] as? String == "big")
    }

    @Test func anImportWhoseReportIsLostSaysItSaved() throws {
        let scratch = try Scratch()
        let path = scratch.path("store.sqlite")
        let file = scratch.write("s.json", #"{"formatVersion": 1, "left": [{"identifier": "inbox"}]}"#)
        let json = try CLI.runShaped(["import", "--db", path, "--session", "s", "--input", file, "--json"], redirections: ">/dev/full")
        expectFailure(json.result, code: 74,
                      mentioning: #"snapshot 1 was saved to session "s" in \#(path), but the report could not be written: stdout: No space left on device"#)
        let text = try CLI.runShaped(["import", "--db", path, "--session", "s", "--input", file], redirections: ">&-")
        expectFailure(text.result, code: 74, mentioning: #"snapshot 2 was saved to session "s""#)
        // With stderr closed too, the exit code alone says it: 74 only ever follows a save.
        let silent = try CLI.runShaped(["import", "--db", path, "--session", "s", "--input", file], redirections: ">&- 2>&-")
        #expect(silent.result.status == 74)
        #expect(silent.result.stdout.isEmpty && silent.result.stderr.isEmpty)
        let history = try #require(try CLI.run(["history", "--db", path, "--session", "s", "--json"]).json as? [[String: Any]])
        #expect(history.map { $0["id"] as? Int } == [1, 2, 3], "every import whose report was lost saved its snapshot")
        // A failed import is never 74, even with its output lost as well.
        let invalid = scratch.write("bad.json", #"{"formatVersion": 1, "left": [{"identifier": 42}]}"#)
        let failed = try CLI.runShaped(["import", "--db", path, "--session", "s", "--input", invalid], redirections: ">&- 2>&-")
        #expect(failed.result.status == 65)
        #expect(try CLI.run(["history", "--db", path, "--session", "s", "--json"]).json.map { ($0 as? [Any])?.count } == 3)
        #expect(try CLI.run(["check", "--db", path]).status == 0, "the store is healthy after imports with closed streams")
    }

    @Test func unquarantineAndDemoSayWhatTheyDidWhenTheReportIsLost() throws {
        let scratch = try Scratch()
        let path = scratch.path("demo.sqlite")
        let demo = try CLI.runShaped(["demo", "--db", path], redirections: ">/dev/full")
        expectFailure(demo.result, code: 74, mentioning: "the demo sessions were written to \(path), but the report could not be written")
        #expect((try CLI.run(["sessions", "--db", path, "--json"]).json as? [Any])?.count == 15)
        let lifted = try CLI.runShaped(["unquarantine", "--db", path, "--snapshot", "1"], redirections: ">&-")
        expectFailure(lifted.result, code: 74, mentioning: "snapshot 1 is no longer quarantined, but the report could not be written")
    }

    @Test func anUnhealthyStoreExits68EvenWhenTheReportIsLost() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        try DamagedStoreTests().damage(path, truncate: false)
        let seen = try CLI.run(["check", "--db", path])
        try #require(seen.status == 68, "the damage is seen: \(seen.stderr)")
        let lost = try CLI.runShaped(["check", "--db", path], redirections: ">/dev/full")
        expectFailure(lost.result, code: 68, mentioning: "the report could not be written: stdout: No space left on device")
    }

    @Test func aClosedStderrLeavesTheExitCodeAndTheOutput() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let missing = try CLI.runShaped(["sessions", "--db", scratch.path("absent.sqlite")], redirections: "2>&-")
        #expect(missing.result.status == 66)
        let usage = try CLI.runShaped(["sessions"], redirections: "2>&-")
        #expect(usage.result.status == 64)
        let listed = try CLI.runShaped(["sessions", "--db", path, "--json"], redirections: "2>&-")
        #expect(listed.result.status == 0)
        #expect((listed.result.json as? [Any])?.count == 15)
        let both = try CLI.runShaped(["sessions", "--db", path], redirections: ">&- 2>&-")
        #expect(both.result.status == 74)
    }

    @Test func aClosedStdinIsAnInvalidInputAndNothingElse() throws {
        let scratch = try Scratch()
        let path = try scratch.demoStore()
        let before = FileManager.default.contents(atPath: path)
        for arguments in [["plan", "--input", "-"], ["import", "--db", path, "--session", "s", "--input", "-"]] {
            let run = try CLI.runShaped(arguments, redirections: "<&-")
            expectFailure(run.result, code: 65, mentioning: "cannot read state file from stdin: stdin is closed")
        }
        #expect(FileManager.default.contents(atPath: path) == before, "the failed import wrote nothing")
        let listed = try CLI.runShaped(["sessions", "--db", path, "--json"], redirections: "<&-")
        #expect(listed.result.status == 0 && (listed.result.json as? [Any])?.count == 15)
        let file = scratch.write("s.json", #"{"formatVersion": 1, "left": []}"#)
        let imported = try CLI.runShaped(["import", "--db", path, "--session", "s", "--input", file, "--json"], redirections: "<&- 2>&-")
        #expect(imported.result.status == 0 && imported.result.json != nil)
    }

    /// A pipe made by the test itself, to hand the child one end of it shaped (closed, non-blocking).
    static func pipe() throws -> (reading: Int32, writing: Int32) {
        var ends: [Int32] = [-1, -1]
        guard Foundation.pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return (ends[0], ends[1])
    }

    static func isSignal(_ termination: ChildProcess.Termination) -> Bool {
        if case .signalled = termination { return true }
        return false
    }
}
