/// ANSI styling for the picture, or none: with colour off every function returns its text as
/// it is, so that a picture without colour is the coloured one with its escapes removed.
struct TerminalStyle: Sendable {
    /// Whether escapes are written.
    var colored: Bool

    private func wrap(_ text: String, _ code: String) -> String {
        colored && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A dropped record: red and struck through.
    func dropped(_ text: String) -> String { wrap(text, "9;31") }
    /// A dropped record's reason: red.
    func reason(_ text: String) -> String { wrap(text, "31") }
    /// A record hidden in the compact layout, a placeholder: dim.
    func dim(_ text: String) -> String { wrap(text, "2") }
    /// A title, the selected tab: bold.
    func bold(_ text: String) -> String { wrap(text, "1") }
    /// The selected tab: reverse video.
    func selected(_ text: String) -> String { wrap(text, "7") }

    /// The number of columns a terminal gives `text`: escape sequences (ESC `[` ... a letter)
    /// take none, East Asian wide characters and emoji two (``columns(of:)``), others one.
    static func visibleWidth(_ text: String) -> Int {
        PictureWork.counter?.add(text.utf8.count)
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += columns(of: character)
            }
        }
        return width
    }

    /// Two columns for a character a terminal draws double width: one that starts with an East
    /// Asian wide or fullwidth scalar (Hangul, CJK, kana, fullwidth forms) or is shown as emoji;
    /// one otherwise (combining marks belong to their character and add nothing).
    static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.isASCII && character.unicodeScalars.dropFirst().isEmpty { return 1 }
        if wide.contains(where: { $0.contains(first.value) }) || first.properties.isEmojiPresentation
            || character.unicodeScalars.contains("\u{FE0F}") {
            return 2
        }
        return 1
    }

    /// The East Asian wide and fullwidth ranges: made once, not for every character measured.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
}
