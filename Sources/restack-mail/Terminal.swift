#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal, for interactive use: raw mode through termios (restored on exit), keys, width.
enum Terminal {
    /// A key the app acts on.
    enum Key: Equatable {
        case up, down, enter, back, tab, character(Character), escape
    }

    nonisolated(unsafe) private static var saved: termios?

    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// The terminal's width in columns, or `nil` when standard output is not a terminal.
    static var columns: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Switches standard input to raw mode (no echo, no line buffering), remembering the mode to
    /// restore.
    static func enableRawMode() {
        var mode = termios()
        guard tcgetattr(STDIN_FILENO, &mode) == 0 else { return }
        saved = mode
        mode.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        mode.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &mode)
        // A polite kill (SIGTERM, a closed terminal) leaves the terminal as it found it, even
        // when the parent started the app with those signals blocked.
        var polite = sigset_t()
        sigemptyset(&polite)
        for signalNumber in [SIGTERM, SIGHUP] { sigaddset(&polite, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &polite, nil)
        for signalNumber in [SIGTERM, SIGHUP] {
            signal(signalNumber) { number in
                if var mode = Terminal.saved { tcsetattr(STDIN_FILENO, TCSANOW, &mode) }
                _exit(128 + number)
            }
        }
        write("\u{1B}[?25l")
    }

    /// Restores the mode saved by ``enableRawMode()``, and shows the cursor again.
    static func restore() {
        guard var mode = saved else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &mode)
        saved = nil
        write("\u{1B}[?25h\n")
    }

    /// Bytes read but not yet made into keys: one read may bring several keys (a paste, keys
    /// typed fast, tmux's send-keys).
    nonisolated(unsafe) private static var pending: [UInt8] = []

    /// Waits for the next key; `nil` at the end of input.
    static func readKey() -> Key? {
        while true {
            if let key = nextPendingKey() { return key }
            var bytes = [UInt8](repeating: 0, count: 64)
            let count = read(STDIN_FILENO, &bytes, bytes.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending += bytes.prefix(count)
        }
    }

    /// The first key of the pending bytes, taken; bytes that make no key are skipped.
    private static func nextPendingKey() -> Key? {
        while let first = pending.first {
            if first == 0x1B, pending.count >= 3, pending[1] == 0x5B || pending[1] == 0x4F {
                let final = pending[2]
                pending.removeFirst(3)
                switch final {
                case 0x41: return .up
                case 0x42: return .down
                case 0x43: return .enter
                case 0x44: return .back
                default: continue
                }
            }
            pending.removeFirst()
            switch first {
            case 0x1B: return .escape
            case 0x7F, 0x08: return .back
            case 0x0D, 0x0A: return .enter
            case 0x09: return .tab
            case 0x03: return .character("q")  // Ctrl-C quits cleanly (ISIG is off)
            case 0x20..<0x7F: return .character(Character(UnicodeScalar(first)))
            default: continue
            }
        }
        return nil
    }

    /// Writes text to standard output at once.
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                let written = Darwin.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
