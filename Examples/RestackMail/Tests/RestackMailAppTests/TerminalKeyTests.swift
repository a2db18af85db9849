import Testing
@testable import restack_mail

/// The keys restack-mail reads from a terminal's bytes, in process: arrows and control
/// sequences, named when unbound; characters beyond ASCII whole; control keys; several keys in
/// one read taken one at a time, in order.
@Suite("restack-mail's keys from terminal bytes")
struct TerminalKeyTests {
    /// Every key of `bytes`, in order, and what is left when no whole key remains.
    static func keys(_ bytes: [UInt8]) -> (keys: [Terminal.Key], left: [UInt8]) {
        var pending = bytes, keys: [Terminal.Key] = []
        while let key = Terminal.key(from: &pending) { keys.append(key) }
        return (keys, pending)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func arrowsAndTheirApplicationModeForms() {
        #expect(Self.keys(Self.bytes("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D")).keys == [.up, .down, .enter, .back])
        #expect(Self.keys(Self.bytes("\u{1B}OA\u{1B}OB")).keys == [.up, .down])
    }

    @Test func unboundSequencesAreNamedAndUnknownOnesSaySo() {
        let named: [(String, String)] = [
            ("\u{1B}[H", "Home"), ("\u{1B}OF", "End"), ("\u{1B}[5~", "Page Up"), ("\u{1B}[3~", "Delete"),
            ("\u{1B}OP", "F1"), ("\u{1B}[15~", "F5"), ("\u{1B}[Z", "Shift-Tab"), ("\u{1B}[99~", "an unknown key"),
        ]
        for (sequence, name) in named {
            #expect(Self.keys(Self.bytes(sequence) + [0x71]).keys == [.other(name), .character("q")], "\(name)")
        }
        // A sequence cut before its final byte: one unknown key, the rest of the read dropped.
        let cut = Self.keys(Self.bytes("\u{1B}[15") + [0x01, 0x02])
        #expect(cut.keys == [.other("an unknown key")] && cut.left.isEmpty)
    }

    @Test func charactersBeyondASCIIAreTakenWhole() {
        #expect(Self.keys(Self.bytes("é€😀x")).keys == [.other("é"), .other("€"), .other("😀"), .character("x")])
    }

    @Test func controlKeys() {
        #expect(Self.keys([0x1B]).keys == [.escape], "Esc alone")
        #expect(Self.keys([0x7F, 0x08]).keys == [.back, .back])
        #expect(Self.keys([0x0D, 0x0A, 0x09]).keys == [.enter, .enter, .tab])
        #expect(Self.keys([0x03]).keys == [.character("q")], "Ctrl-C quits cleanly")
        #expect(Self.keys([0x18, 0x01]).keys == [.other("Ctrl-X"), .other("Ctrl-A")])
        #expect(Self.keys([]).keys.isEmpty)
    }
}
