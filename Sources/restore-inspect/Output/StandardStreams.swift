import Foundation

/// The process's standard streams, made safe to use whatever state they were handed over in.
///
/// Every byte `restore-inspect` prints goes through here, as `write(2)` calls whose results are
/// all checked. Not `print`: stdio buffers, so a failed write would surface only at exit, where
/// nobody checks it, and the command would exit 0 with its output lost. Not `FileHandle.write`:
/// it traps on Linux when the write fails (EPIPE, ENOSPC), and its throwing
/// `write(contentsOf:)` needs macOS 10.15.4 / iOS 13.4, above the package's minimums.
enum StandardStreams {
    /// The streams by their file descriptor numbers.
    static let stdin: Int32 = 0, stdout: Int32 = 1, stderr: Int32 = 2

    /// Makes the streams safe to use; called first thing in `main`, before any file is opened.
    ///
    /// Ignores SIGPIPE: a write to a pipe whose reader has gone then fails with EPIPE, which is
    /// reported, instead of killing the process silently. A closed stream's number is taken by
    /// `/dev/null` opened the wrong way round (read-only for stdout and stderr, write-only for
    /// stdin): using it still fails with EBADF as a closed stream would, and no file opened later
    /// (a state file, a store) can land on that number and receive output meant for the stream.
    static func prepare() {
        _ = closedAtStart
    }

    /// The standard streams that were closed when the process started; computed once, by
    /// ``prepare()``.
    static let closedAtStart: Set<Int32> = {
        signal(SIGPIPE, SIG_IGN)
        var closed: Set<Int32> = []
        for descriptor in [stdin, stdout, stderr] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            closed.insert(descriptor)
            // The lowest free number is this one, as the lower ones are open or filled already.
            let placeholder = open("/dev/null", descriptor == stdin ? O_WRONLY : O_RDONLY)
            if placeholder >= 0, placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
        return closed
    }()

    /// The stream's name, as messages say it.
    static func name(of descriptor: Int32) -> String {
        switch descriptor {
        case stdin: "stdin"
        case stdout: "stdout"
        case stderr: "stderr"
        default: "file descriptor \(descriptor)"
        }
    }

    /// Writes every byte of `data` to `descriptor`, retrying after signals, partial writes and
    /// non-blocking streams that are full.
    ///
    /// - Returns: `nil` once everything is written, or the `errno` of the write that failed.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { bytes -> Int32? in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                let code = written == 0 ? EIO : errno
                switch code {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    waitUntilReady(descriptor, for: Int16(POLLOUT))
                default:
                    return code
                }
            }
            return nil
        }
    }

    /// Blocks until a non-blocking stream can be read or written (`POLLIN` or `POLLOUT`).
    static func waitUntilReady(_ descriptor: Int32, for events: Int16) {
        var request = pollfd(fd: descriptor, events: events, revents: 0)
        _ = poll(&request, 1, -1)
    }

    /// What an `errno` means for a stream, in words: "stdout is closed", or the system's message.
    static func problem(_ code: Int32, on descriptor: Int32) -> String {
        code == EBADF ? "\(name(of: descriptor)) is closed" : "\(name(of: descriptor)): \(String(cString: strerror(code)))"
    }
}

/// A write to stdout that failed: the command's output is lost, in whole or in part.
struct OutputError: Error, CustomStringConvertible {
    /// The `errno` of the failed write.
    var code: Int32

    /// "stdout is closed", "stdout: No space left on device", "stdout: Broken pipe".
    var description: String {
        StandardStreams.problem(code, on: StandardStreams.stdout)
    }
}

/// The command's output on stdout. Every write is checked; a failed one throws ``OutputError``.
enum Stdout {
    /// Writes `data` as it is.
    static func write(_ data: Data) throws(OutputError) {
        if let code = StandardStreams.writeAll(data, to: StandardStreams.stdout) {
            throw OutputError(code: code)
        }
    }

    /// Writes `text` and a newline, as `print` would.
    static func line(_ text: String) throws(OutputError) {
        try write(Data((text + "\n").utf8))
    }
}

/// Lines for stdout gathered and written about 64 KiB at a time: a long listing or picture is
/// never held whole as one string, its bytes and its copy for the write (a diff's 87 MB table
/// peaked at 478 MB that way).
struct StdoutLines {
    private var buffer = Data()

    /// Adds `text` and a newline; writes what is gathered once it passes 64 KiB.
    mutating func line(_ text: String) throws(OutputError) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 {
            try flush()
        }
    }

    /// Writes what is gathered.
    mutating func flush() throws(OutputError) {
        try Stdout.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Messages on stderr: written whole if the stream takes them; a failure there has nowhere to be
/// reported, so the exit code alone must tell.
enum Stderr {
    /// Writes `text` and a newline.
    static func line(_ text: String) {
        _ = StandardStreams.writeAll(Data((text + "\n").utf8), to: StandardStreams.stderr)
    }
}
