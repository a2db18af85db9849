import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// What a child wrote and how it ended.
    package struct Output {
        package var termination: ChildProcess.Termination
        package var stdout: Data
        package var stderr: Data
        /// It was killed (SIGKILL) for outliving its time bound.
        package var timedOut: Bool

        /// The standard output as text (UTF-8, invalid bytes replaced).
        package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        /// The standard error as text.
        package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Starts `executable` and runs it to its end: writes `input` to its standard input (a pipe,
    /// then closed) while reading its standard output and error (pipes) at once, so that no side
    /// waits on a full pipe; killed after `timeout` seconds if given.
    package static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        input: Data? = nil, stdin: Stream = .pipe, timeout: Double? = nil
    ) throws(Failure) -> Output {
        try ChildProcess(executable, arguments, environment: environment, stdin: stdin, stdout: .pipe, stderr: .pipe)
            .finish(input: input ?? Data(), timeout: timeout)
    }

    /// Writes all of `data` to the child's standard input pipe; `false` if the child no longer
    /// reads it (never a SIGPIPE to this process).
    @discardableResult
    package func write(_ data: Data) -> Bool {
        guard input >= 0 else { return false }
        return Self.withoutSIGPIPE {
            data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Foundation.write(input, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        if errno == EAGAIN { usleep(1_000); continue }
                        return false
                    }
                    offset += written
                }
                return true
            }
        }
    }

    /// Closes the child's standard input pipe: the child reads its end.
    package func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// What the child's standard output pipe holds now, waiting for a first byte if it is empty;
    /// empty at its end.
    package func readOutput() -> Data {
        guard output >= 0 else { return Data() }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            return Data(buffer.prefix(max(count, 0)))
        }
    }

    /// Writes `input` to the standard input pipe and closes it (with `nil`, leaves it as it is),
    /// reads the output and error pipes to their ends, all at once (`poll`), and waits for the
    /// child; after `timeout` seconds it is killed (SIGKILL), and what it wrote until then is kept.
    ///
    /// The time bound kills the child's process group (a shell's pipeline too). A process that
    /// left the group may still hold the pipes open: their ends are read for 2 s more at most.
    ///
    /// Non-empty `input` needs the standard input to be an open `.pipe` (a precondition: it is
    /// never dropped silently).
    package func finish(input data: Data? = nil, timeout: Double? = nil) -> Output {
        precondition(data?.isEmpty ?? true || input >= 0, "finish(input:): standard input is not an open .pipe; the input would be lost")
        var stdout = Data(), stderr = Data()
        var pending = data ?? Data()
        var writing = data == nil ? -1 : input   // the input this loop writes, -1 once done
        if data != nil && pending.isEmpty { closeInput(); writing = -1 }
        if writing >= 0 { _ = fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK) }
        let deadline = timeout.map { DispatchTime.now() + $0 }
        var timedOut = false
        var lastRead: DispatchTime?
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while writing >= 0 || output >= 0 || errors >= 0 {
            let now = DispatchTime.now()
            if let deadline, now >= deadline, !timedOut {
                timedOut = true
                lastRead = now + 2
                killGroup()
                closeInput()
                writing = -1
            }
            if let lastRead, now >= lastRead { break }
            var watched = [pollfd(fd: writing, events: Int16(POLLOUT), revents: 0),
                           pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]   // -1: ignored by poll
            // Milliseconds until the next bound, or -1: none.
            let bound = (lastRead ?? deadline).map { max($0.uptimeNanoseconds, now.uptimeNanoseconds) - now.uptimeNanoseconds }
            let milliseconds = bound.map { Int32(clamping: $0 / 1_000_000 + 1) } ?? -1
            if poll(&watched, nfds_t(watched.count), milliseconds) < 0 && errno != EINTR { break }
            if watched[0].revents != 0 {
                let written = Self.withoutSIGPIPE {
                    pending.withUnsafeBytes { Foundation.write(input, $0.baseAddress!, $0.count) }
                }
                if written > 0 { pending.removeFirst(written) }
                if pending.isEmpty || (written < 0 && errno != EAGAIN && errno != EINTR) { closeInput(); writing = -1 }
            }
            for (index, keep) in [(1, true), (2, false)] where watched[index].revents != 0 {
                let descriptor = watched[index].fd
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    if keep { stdout.append(contentsOf: buffer.prefix(count)) } else { stderr.append(contentsOf: buffer.prefix(count)) }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(descriptor)
                    if keep { output = -1 } else { errors = -1 }
                }
            }
        }
        for descriptor in [output, errors] where descriptor >= 0 { close(descriptor) }
        output = -1
        errors = -1
        let termination: Termination
        if let deadline, !timedOut {
            let ended = wait(until: deadline)
            termination = ended.0
            timedOut = ended.killed
        } else {
            termination = wait()
        }
        return Output(termination: termination, stdout: stdout, stderr: stderr, timedOut: timedOut)
    }

    /// Runs `body`, whose writes to a pipe may find no reader, without a SIGPIPE killing this
    /// process: on Linux the signal is blocked in this thread and a pending one taken back; on
    /// Darwin the pipe has `F_SETNOSIGPIPE`.
    static func withoutSIGPIPE<T>(_ body: () -> T) -> T {
        #if canImport(Darwin)
        return body()
        #else
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let result = body()
        let bodyErrno = errno
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 && sigismember(&previous, SIGPIPE) == 0 {
            var now = timespec()
            _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = bodyErrno
        return result
        #endif
    }
}
