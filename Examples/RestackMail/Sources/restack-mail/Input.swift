import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the app's loop waits for: input, or a change of the navigation model it watches.
enum Event: Sendable {
    case input(InputEvent)
    case modelChanged

    /// Reads standard input on a thread of its own into `sink`, up to its end, so that the main
    /// actor stays free for the navigation model's own work while the app waits for a key (the
    /// result of a save, the launch's confirmation after its grace period).
    static func read(interactive: Bool, into sink: AsyncStream<Event>.Continuation) {
        Thread {
            var reader = InputReader(interactive: interactive)
            while true {
                let event = reader.next()
                sink.yield(.input(event))
                if event == .end { return }
            }
        }.start()
    }
}

/// What the app's loop waits for: a key (on a terminal) or a line (from a pipe) of standard
/// input, its end, a resized terminal, or a signal asking the app to stop.
enum InputEvent: Equatable, Sendable {
    case key(Terminal.Key)
    case line(String)
    case end
    case resized
    /// SIGTERM, SIGHUP or SIGINT: the app saves, closes its store and exits `128 + number`.
    case stop(Int32)
}

/// Signals as bytes on a pipe that the loop polls beside standard input (the self-pipe trick):
/// a handler only writes the signal's number, and the loop does the work, so that a polite kill
/// ends as `quit` does, the state flushed and the store closed (no `-wal`, no `-shm` left).
enum SignalPipe {
    /// The pipe's read and write ends, once installed.
    nonisolated(unsafe) private(set) static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// The signals that stop the app.
    static let stopping = [SIGTERM, SIGHUP, SIGINT]

    /// Routes the stopping signals, and SIGWINCH when `resize`, into the pipe; unblocks them
    /// (a parent may have started the app with them blocked).
    static func install(resize: Bool) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
        let numbers = stopping + (resize ? [SIGWINCH] : [])
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for number in numbers {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalPipe.writeEnd, &byte, 1)
            }
        }
    }

    /// The next signal received, if any (never blocks).
    static func take() -> Int32? {
        guard readEnd >= 0 else { return nil }
        var byte: UInt8 = 0
        return read(readEnd, &byte, 1) == 1 ? Int32(byte) : nil
    }
}

/// Standard input as events: keys on a terminal, lines otherwise; signals first.
struct InputReader {
    let interactive: Bool
    /// Bytes read but not yet made into keys or lines: one read may bring several keys (a
    /// paste, keys typed fast, tmux's send-keys) or lines.
    private var pending: [UInt8] = []
    private var ended = false

    init(interactive: Bool) {
        self.interactive = interactive
    }

    /// Waits for the next event.
    mutating func next() -> InputEvent {
        while true {
            if let number = SignalPipe.take() {
                return number == SIGWINCH ? .resized : .stop(number)
            }
            if interactive, let key = Terminal.key(from: &pending) { return .key(key) }
            if !interactive, let line = takeLine() { return .line(line) }
            if ended {
                // A last line without its newline is still a line, as `readLine()` reads it.
                guard interactive || pending.isEmpty else {
                    defer { pending = [] }
                    return .line(String(decoding: pending, as: UTF8.self))
                }
                return .end
            }
            wait()
        }
    }

    /// Blocks until standard input or the signal pipe has something, and reads what input has.
    private mutating func wait() {
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
        if SignalPipe.readEnd >= 0 { descriptors.append(pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0)) }
        guard poll(&descriptors, nfds_t(descriptors.count), -1) > 0 else { return }  // EINTR: a signal; looked at next
        guard descriptors[0].revents != 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        if count > 0 {
            pending += bytes.prefix(count)
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            ended = true
        }
    }

    /// The first complete line of the pending bytes, taken, without its `\n` (or `\r\n`).
    private mutating func takeLine() -> String? {
        guard let newline = pending.firstIndex(of: 0x0A) else { return nil }
        var line = pending[..<newline]
        if line.last == 0x0D { line = line.dropLast() }
        pending.removeSubrange(...newline)
        return String(decoding: line, as: UTF8.self)
    }
}
