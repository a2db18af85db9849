import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A program started by the tests or the bench, on `posix_spawn`: never Foundation's `Process`,
/// whose `run()` on Linux over-reads its `/proc/self/fd` listing and now and then kills the whole
/// test process (swift-corelibs-foundation#5472, not fixed in Swift 6.3.1).
///
/// Not swift-subprocess: its 1.0.2 declares macOS 13 (above this package's macOS 10.15) and runs
/// programs from async code only, while these callers are synchronous.
///
/// The child starts with an empty signal mask and every signal at its default action (whatever
/// the starting thread blocked or ignored), with standard streams as asked, and with no other
/// descriptor of this process: glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on) or
/// Darwin's `POSIX_SPAWN_CLOEXEC_DEFAULT`. It leads a process group of its own, so that a time
/// bound or the end of its `ChildProcess` kills what it started too (a shell's pipeline), not the
/// shell alone; a terminal's signals (Ctrl-C) therefore do not reach it, and it must not read a
/// terminal it inherits. A child not waited for is killed with its group and reaped when its
/// `ChildProcess` goes away. Not part of Restack's API.
package final class ChildProcess {
    /// What one of the child's standard streams is.
    package enum Stream {
        /// This process's own stream of that number.
        case inherit
        /// `/dev/null`.
        case nullDevice
        /// A pipe whose other end this process holds (write with ``write(_:)``, read with
        /// ``readOutput()`` or ``finish(input:timeout:)``).
        case pipe
        /// A file: read for standard input; for output created if needed and truncated.
        case file(String)
        /// A copy of this descriptor, which the caller keeps (and closes).
        case descriptor(Int32)
    }

    /// How the child ended.
    package enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        /// `waitpid` failed (its `errno`: `ECHILD` when something else reaped the child, such as
        /// SIGCHLD set to be ignored): how the child ended is unknown, never a success.
        case unknown(errno: Int32)

        /// The exit status, or the number of the signal that killed it (Foundation's
        /// `terminationStatus`); -1 when unknown.
        package var status: Int32 {
            switch self {
            case .exited(let code), .signalled(let code): code
            case .unknown: -1
            }
        }

        /// Decodes a `waitpid` status (the `WIFEXITED`/`WTERMSIG` layout of Linux and Darwin).
        init(waitStatus: Int32) {
            let signal = waitStatus & 0x7f
            self = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(signal)
        }

        package var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signalled(let signal): "signal \(signal)"
            case .unknown(let code): "unknown end (waitpid: \(String(cString: strerror(code))))"
            }
        }
    }

    /// Why a child could not be started.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// Nothing at the executable's path.
        case executableNotFound(String)
        /// `posix_spawn` refused the executable (permission, format...): its `errno`.
        case cannotStart(String, errno: Int32)
        /// A file given as a stream could not be opened.
        case cannotOpen(String, errno: Int32)
        /// A pipe or a descriptor copy could not be made.
        case noDescriptor(errno: Int32)

        package var description: String {
            switch self {
            case .executableNotFound(let path): "cannot start \(path): no such file"
            case .cannotStart(let path, let code): "cannot start \(path): \(String(cString: strerror(code)))"
            case .cannotOpen(let path, let code): "cannot open \(path): \(String(cString: strerror(code)))"
            case .noDescriptor(let code): "cannot make a pipe: \(String(cString: strerror(code)))"
            }
        }
    }

    /// The child's process id.
    package let pid: pid_t
    /// This process's ends of the `.pipe` streams, -1 once closed or when not a pipe.
    var input: Int32, output: Int32, errors: Int32
    /// Set once the child is reaped.
    package private(set) var termination: Termination?

    /// Starts `executable` (an absolute path; it is also `argv[0]`) with `arguments`, in
    /// `environment` (this process's when `nil`).
    package init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        stdin: Stream = .inherit, stdout: Stream = .inherit, stderr: Stream = .inherit
    ) throws(Failure) {
        var childEnds: [Int32] = []   // descriptors of this process that the child gets as 0, 1, 2
        var parentEnds: [Int32] = []
        defer { childEnds.forEach { if $0 >= 0 { close($0) } } }
        func giveUp() { parentEnds.forEach { if $0 >= 0 { close($0) } } }
        var ends: [(child: Int32, parent: Int32)] = []
        for (number, stream) in [stdin, stdout, stderr].enumerated() {
            do {
                let end = try Self.open(stream, reading: number == 0)
                childEnds.append(end.child)
                parentEnds.append(end.parent)
                ends.append(end)
            } catch {
                giveUp()
                throw error
            }
        }
        input = ends[0].parent
        output = ends[1].parent
        errors = ends[2].parent

        // Darwin's types are optional pointers that `_init` fills; glibc's are structures.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Every source is at 3 or above (``open(_:reading:)``), so no dup2 overwrites another's source.
        for (number, end) in ends.enumerated() {
            if end.child >= 0 {
                posix_spawn_file_actions_adddup2(&actions, end.child, Int32(number))
            } else {
                // `.inherit`: under POSIX_SPAWN_CLOEXEC_DEFAULT only descriptors a file action
                // names stay open (glibc's closefrom starts at 3 and leaves it open anyway).
                // A closed one is left out (Darwin's spawn would fail on it).
                #if canImport(Darwin)
                if fcntl(Int32(number), F_GETFD) >= 0 { posix_spawn_file_actions_addinherit_np(&actions, Int32(number)) }
                #endif
            }
        }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        // Process group 0: a new group, whose id is the child's pid.
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        Self.closeOtherDescriptors(&actions)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            giveUp()
            throw spawned == ENOENT ? .executableNotFound(executable) : .cannotStart(executable, errno: spawned)
        }
        pid = child
    }

    deinit {
        for descriptor in [input, output, errors] where descriptor >= 0 {
            close(descriptor)
        }
        if termination == nil {
            killGroup()
            _ = wait()
        }
    }

    /// Sends SIGKILL to the child's process group (what it started too), or to the child alone if
    /// there is no such group; nothing once the child is reaped (its pid, and so the group's id,
    /// may be another's by then; until then no process takes that id).
    func killGroup() {
        guard termination == nil else { return }
        if kill(-pid, SIGKILL) != 0 { kill(pid, SIGKILL) }
    }

    /// Sends `signal` to the child (nothing once it is reaped: its pid may be another's by then).
    package func send(_ signal: Int32) {
        guard termination == nil else { return }
        kill(pid, signal)
    }

    /// Whether the child has not ended yet (it is reaped if it has).
    package var isRunning: Bool {
        guard termination == nil else { return false }
        var status: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(pid, &status, WNOHANG) } while reaped < 0 && errno == EINTR
        if reaped == pid { termination = Termination(waitStatus: status) }
        if reaped < 0 { termination = .unknown(errno: errno) }
        return termination == nil
    }

    /// Waits for the child to end.
    @discardableResult
    package func wait() -> Termination {
        if let termination { return termination }
        var status: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(pid, &status, 0) } while reaped < 0 && errno == EINTR
        let ended = reaped < 0 ? .unknown(errno: errno) : Termination(waitStatus: status)
        termination = ended
        return ended
    }

    /// Waits until `deadline` for the child to end, then kills it and its group (SIGKILL); returns
    /// how it ended and whether it was killed.
    func wait(until deadline: DispatchTime) -> (Termination, killed: Bool) {
        while isRunning {
            if DispatchTime.now() >= deadline {
                killGroup()
                return (wait(), true)
            }
            usleep(5_000)
        }
        return (wait(), false)
    }

    /// The descriptor the child gets (at 3 or above, close-on-exec; -1 for `.inherit`) and this
    /// process's end of a pipe (-1 when not a pipe).
    private static func open(_ stream: Stream, reading: Bool) throws(Failure) -> (child: Int32, parent: Int32) {
        switch stream {
        case .inherit:
            return (-1, -1)
        case .nullDevice:
            return (try openFile("/dev/null", reading: reading), -1)
        case .file(let path):
            return (try openFile(path, reading: reading), -1)
        case .descriptor(let descriptor):
            let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
            guard copy >= 0 else { throw .noDescriptor(errno: errno) }
            return (copy, -1)
        case .pipe:
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw .noDescriptor(errno: errno) }
            // Both ends at 3 or above and close-on-exec (a stream of this process may be closed,
            // and another thread may be starting a child).
            let moved = ends.map { fcntl($0, F_DUPFD_CLOEXEC, 3) }
            ends.forEach { close($0) }
            guard moved.allSatisfy({ $0 >= 0 }) else {
                moved.forEach { if $0 >= 0 { close($0) } }
                throw .noDescriptor(errno: errno)
            }
            #if canImport(Darwin)
            // Our write end of the child's standard input: a write the child no longer reads fails
            // with EPIPE instead of a SIGPIPE to this process (``withoutSIGPIPE(_:)``). Not the
            // child's write end of its output: the child keeps its own SIGPIPE.
            if reading { _ = fcntl(moved[1], F_SETNOSIGPIPE, 1) }
            #endif
            return reading ? (moved[0], moved[1]) : (moved[1], moved[0])
        }
    }

    private static func openFile(_ path: String, reading: Bool) throws(Failure) -> Int32 {
        let opened = Foundation.open(path, (reading ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC) | O_CLOEXEC, 0o644)
        guard opened >= 0 else { throw .cannotOpen(path, errno: errno) }
        let moved = fcntl(opened, F_DUPFD_CLOEXEC, 3)
        close(opened)
        guard moved >= 0 else { throw .noDescriptor(errno: errno) }
        return moved
    }

    #if !canImport(Darwin)
    /// The glibc file action that closes every descriptor from 3 on in the child (glibc 2.34 on; not
    /// in Swift's Glibc module, which leaves `_GNU_SOURCE` out: looked up by name). Before 2.34, each
    /// descriptor open now is closed (one listed by `/proc/self/fd` but closed meanwhile is no error).
    private static func closeOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            if let descriptor = Int32(name), descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
    }
    #endif
}
