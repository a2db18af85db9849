import Foundation
import RestackTestSupport
import Testing

/// The tests' and the bench's way of starting programs (ChildProcess, on posix_spawn): how a child
/// ended, both output pipes read at once, time bounds, what the child inherits.
@Suite("ChildProcess")
struct ChildProcessTests {
    @Test func exitStatusesAreReported() throws {
        for code: Int32 in [0, 1, 3, 74, 255] {
            let output = try ChildProcess.run("/bin/sh", ["-c", "exit \(code)"])
            #expect(output.termination == .exited(code))
        }
    }

    @Test func aSignalThatEndsTheChildIsReported() throws {
        let own = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$; sleep 5"])
        #expect(own.termination == .signalled(SIGTERM))
        let sleeper = try ChildProcess("/bin/sleep", ["30"], stdin: .nullDevice)
        #expect(sleeper.isRunning)
        sleeper.send(SIGKILL)
        #expect(sleeper.wait() == .signalled(SIGKILL))
        #expect(!sleeper.isRunning)
    }

    /// A megabyte on standard error before a megabyte on standard output, and a megabyte through
    /// `cat`: a reader that drained one pipe before the other, or wrote all the input before
    /// reading, would wait forever on a full pipe (killed here by the time bound).
    @Test func largeOutputOnBothPipesAndLargeInputDoNotDeadlock() throws {
        let megabyte = 1 << 20
        let both = try ChildProcess.run("/bin/sh", ["-c", "head -c \(megabyte) /dev/zero >&2; head -c \(megabyte) /dev/zero | tr '\\0' x"],
                                        timeout: 20)
        #expect(!both.timedOut)
        #expect(both.termination == .exited(0))
        #expect(both.stderr.count == megabyte && both.stdout.count == megabyte)
        #expect(both.stdout.allSatisfy { $0 == UInt8(ascii: "x") })

        let input = Data((0..<megabyte).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let echoed = try ChildProcess.run("/bin/cat", [], input: input, timeout: 20)
        #expect(!echoed.timedOut)
        #expect(echoed.termination == .exited(0))
        // A Bool, not `==` in the expectation: a failed one would diff a megabyte, byte by byte.
        let echoedWhole = echoed.stdout == input
        #expect(echoedWhole, "\(echoed.stdout.count) of \(input.count) bytes")
    }

    @Test func aChildThatOutlivesItsTimeBoundIsKilled() throws {
        let start = Date()
        let output = try ChildProcess.run("/bin/sh", ["-c", "echo started; exec sleep 30"], timeout: 3)
        #expect(output.timedOut)
        #expect(output.termination == .signalled(SIGKILL))
        #expect(output.stdoutText == "started\n", "what it wrote before is kept")
        #expect(Date().timeIntervalSince(start) < 10)
    }

    /// A child that no longer reads its input: the write fails, no SIGPIPE ends the tests.
    @Test func writingToAChildThatStoppedReadingFailsQuietly() throws {
        let output = try ChildProcess.run("/bin/sh", ["-c", "exec 0<&-; exit 0"], input: Data(count: 1 << 20), timeout: 20)
        #expect(output.termination == .exited(0))
        let child = try ChildProcess("/bin/true", [], stdin: .pipe)
        child.wait()
        #expect(!child.write(Data(count: 1 << 20)))
    }

    @Test func aMissingExecutableIsATypedError() throws {
        do {
            let child = try ChildProcess("/nonexistent/restack-no-such-tool", ["x"], stdout: .pipe)
            Issue.record("started: \(child.wait())")
        } catch {
            // `error` is a ChildProcess.Failure (typed throws).
            #expect(error == .executableNotFound("/nonexistent/restack-no-such-tool"))
        }
    }

    /// A descriptor of this process without close-on-exec, as a library may leave one: not
    /// inherited (the child lists its own descriptors).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func noOtherDescriptorIsInherited() throws {
        let opened = open("/dev/null", O_RDONLY)
        try #require(opened >= 0)
        // The lowest free number from 100 on, without close-on-exec (F_DUPFD, never dup2 onto a
        // chosen number: that would close whatever another test holds there, such as a store).
        let leaked = fcntl(opened, F_DUPFD, 100)
        close(opened)
        try #require(leaked >= 100)
        defer { close(leaked) }
        let output = try ChildProcess.run("/bin/ls", ["/proc/self/fd"])
        let descriptors = Set(output.stdoutText.split(separator: "\n").compactMap { Int32($0) })
        #expect(descriptors.isSuperset(of: [0, 1, 2]))
        #expect(!descriptors.contains(leaked), "\(descriptors.sorted())")
        #expect(descriptors.allSatisfy { $0 <= 3 }, "0, 1, 2 and ls's own listing only: \(descriptors.sorted())")
    }

    /// A signal blocked in the starting thread is not blocked in the child.
    @Test func theChildStartsWithNoSignalBlocked() throws {
        var term = sigset_t()
        sigemptyset(&term)
        sigaddset(&term, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &term, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let output = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$; exit 0"], timeout: 20)
        #expect(output.termination == .signalled(SIGTERM))
    }

    @Test func standardStreamsAsAsked() throws {
        let folder = try TemporaryFolder()
        let inputPath = folder.path("in"), outputPath = folder.path("out")
        _ = FileManager.default.createFile(atPath: inputPath, contents: Data("from a file\n".utf8))
        let copied = try ChildProcess("/bin/cat", [], stdin: .file(inputPath), stdout: .file(outputPath)).wait()
        #expect(copied == .exited(0))
        #expect(FileManager.default.contents(atPath: outputPath) == Data("from a file\n".utf8))
        let closedInput = try ChildProcess.run("/bin/cat", [], stdin: .nullDevice)
        #expect(closedInput.termination == .exited(0) && closedInput.stdout.isEmpty)
        let environment = try ChildProcess.run("/bin/sh", ["-c", "echo \"$RESTACK_CHILD_TEST\""], environment: ["RESTACK_CHILD_TEST": "set"])
        #expect(environment.stdoutText == "set\n")
    }

    /// A child that something else reaped (here the test itself, as SIGCHLD set to be ignored
    /// would): `waitpid` fails, and how it ended is unknown, never `exit 0`.
    @Test func aChildThatCannotBeWaitedForIsNeverASuccess() throws {
        for throughIsRunning in [false, true] {
            let child = try ChildProcess("/bin/true", [], stdin: .nullDevice, stdout: .nullDevice, stderr: .nullDevice)
            var status: Int32 = 0
            try #require(waitpid(child.pid, &status, 0) == child.pid)
            if throughIsRunning { #expect(!child.isRunning) }
            let ended = child.wait()
            #expect(ended == .unknown(errno: ECHILD))
            #expect(ended != .exited(0) && ended.status != 0)
            #expect(!child.isRunning)
        }
    }

    /// A time bound kills what the child started too: a shell's pipeline does not outlive it
    /// (Linux: the group's processes are listed from `/proc`; zombies waiting for their reaper
    /// left out).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
    func aTimeBoundKillsTheChildsWholeProcessGroup() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "sleep 100 | sleep 100 & echo started; wait"],
                                     stdin: .nullDevice, stdout: .pipe, stderr: .pipe)
        // Whatever a failure leaves behind (the group outlives its reaped leader while it has members).
        defer { kill(-child.pid, SIGKILL) }
        let start = Date()
        let output = child.finish(timeout: 1)
        #expect(output.timedOut)
        #expect(output.stdoutText == "started\n", "the pipeline was running")
        #expect(Date().timeIntervalSince(start) < 1.9, "no survivor held the output pipe open")
        var left = Self.livingMembers(ofGroup: child.pid)
        for _ in 0..<100 where !left.isEmpty {
            usleep(50_000)
            left = Self.livingMembers(ofGroup: child.pid)
        }
        #expect(left.isEmpty, "still running in the child's group: \(left)")
    }

    /// The processes of process group `group` that are not zombies, from `/proc/PID/stat`.
    private static func livingMembers(ofGroup group: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { name -> pid_t? in
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After the command's closing parenthesis: state, parent, process group.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", pid_t(fields[2]) == group else { return nil }
            return pid
        }
    }

    /// Input for a child whose standard input is no pipe would be lost: a precondition failure.
    @Test func inputWithoutAnInputPipeStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            // A child that cannot start would exit 0 here, and the test fail.
            guard let child = try? ChildProcess("/bin/cat", [], stdin: .nullDevice, stdout: .pipe, stderr: .nullDevice) else { exit(0) }
            _ = child.finish(input: Data("lost".utf8))
        }
    }
}
