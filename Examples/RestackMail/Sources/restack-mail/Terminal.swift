import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal, for interactive use: raw mode through termios (restored on exit), keys, size.
enum Terminal {
    /// A key: one the app acts on, or another (``other(_:)``, named for the status line).
    enum Key: Equatable, Sendable {
        case up, down, enter, back, tab, character(Character), escape
        /// A key no command is bound to, by name: `x`, `Ctrl-X`, `F5`.
        case other(String)
    }

    nonisolated(unsafe) private static var saved: termios?

    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Whether the screen may be styled (reverse video for the focused pane): standard output is
    /// a terminal and `NO_COLOR` is unset or empty (https://no-color.org), as `restore-inspect`
    /// decides for its pictures.
    static var allowsStyle: Bool {
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        return ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    }

    /// The terminal's size, or `nil` when standard output is not a terminal.
    static var size: (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Switches standard input to raw mode (no echo, no line buffering), remembering the mode to
    /// restore, and hides the cursor.
    static func enableRawMode() {
        var mode = termios()
        guard tcgetattr(STDIN_FILENO, &mode) == 0 else { return }
        saved = mode
        mode.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        mode.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &mode)
        write("\u{1B}[?25l")
    }

    /// Restores the mode saved by ``enableRawMode()``, and shows the cursor again.
    static func restore() {
        guard var mode = saved else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &mode)
        saved = nil
        write("\u{1B}[?25h\n")
    }

    /// The first key of `pending`, taken; `nil` when it holds no whole key.
    static func key(from pending: inout [UInt8]) -> Key? {
        guard let first = pending.first else { return nil }
        if first == 0x1B, pending.count >= 3, pending[1] == 0x5B || pending[1] == 0x4F {
            // A control sequence: ESC [ or ESC O, parameters, then its final byte.
            guard let end = pending[2...].firstIndex(where: { (0x40...0x7E).contains($0) }) else {
                pending.removeAll()
                return .other("an unknown key")
            }
            let sequence = pending[...end]
            pending.removeSubrange(...end)
            switch (sequence.count, sequence.last) {
            case (3, 0x41): return .up
            case (3, 0x42): return .down
            case (3, 0x43): return .enter
            case (3, 0x44): return .back
            default: return .other(name(ofSequence: Array(sequence)))
            }
        }
        if first >= 0x80 {
            // A character beyond ASCII: its UTF-8 bytes, lead byte then continuation bytes.
            let length = 1 + pending.dropFirst().prefix { $0 & 0xC0 == 0x80 }.count
            let character = String(decoding: pending.prefix(length), as: UTF8.self)
            pending.removeFirst(length)
            return .other(character)
        }
        pending.removeFirst()
        switch first {
        case 0x1B: return .escape
        case 0x7F, 0x08: return .back
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x03: return .character("q")  // Ctrl-C quits cleanly (ISIG is off)
        case 0x20..<0x7F: return .character(Character(UnicodeScalar(first)))
        default: return .other("Ctrl-" + String(UnicodeScalar(first + 0x40)))
        }
    }

    /// A name for a key sent as a control sequence that the app does not bind.
    private static func name(ofSequence bytes: [UInt8]) -> String {
        let names: [String: String] = [
            "[H": "Home", "[F": "End", "OH": "Home", "OF": "End", "[1~": "Home", "[4~": "End", "[5~": "Page Up", "[6~": "Page Down", "[2~": "Insert", "[3~": "Delete",
            "OP": "F1", "OQ": "F2", "OR": "F3", "OS": "F4", "[15~": "F5", "[Z": "Shift-Tab",
        ]
        return names[String(decoding: bytes.dropFirst(), as: UTF8.self)] ?? "an unknown key"
    }

    /// Writes text to standard output (or another descriptor) at once; a failed write is
    /// dropped (a closed stream must not stop the app before it saves).
    static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                let written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
