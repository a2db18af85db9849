/// The number of columns a terminal gives text: the one measure of the picture's frames and the
/// tables' columns.
///
/// Terminals count each Unicode scalar (`wcwidth`, as xterm, VTE, tmux and glibc do): a combining
/// mark (nonspacing or enclosing, such as a virama U+094D or Thai U+0E35) and an invisible format
/// character take none, an East Asian wide or fullwidth character two, every other scalar one; a
/// spacing mark (Devanagari U+093F, Thai SARA AM U+0E33) is a scalar of its own and takes one. So
/// a cluster that Swift counts as one `Character` can take two columns: `क्ष` (क, virama, ष),
/// `कि` (क, U+093F), `กำ` (ก, U+0E33). An emoji is the exception terminals agree on: one emoji,
/// with its modifiers, joiners and variation selector, takes two.
package enum TerminalWidth {
    /// The columns of `text`, which holds no escape sequence.
    package static func columns(_ text: String) -> Int {
        var width = 0
        for character in text {
            width += columns(of: character)
        }
        return width
    }

    /// The columns of one character (a grapheme cluster): two for an emoji, else the sum of its
    /// scalars' columns.
    package static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII && scalars.index(after: scalars.startIndex) == scalars.endIndex { return 1 }
        if first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}") {
            return 2
        }
        var width = 0
        for scalar in scalars {
            width += columns(of: scalar)
        }
        return width
    }

    /// The columns of one scalar, as `wcwidth` counts them: none for a combining mark, a format
    /// character (but the soft hyphen and the prepended concatenation marks such as U+0600, which
    /// terminals draw) or a Hangul vowel or final consonant that joins the syllable before it;
    /// two for an East Asian wide or fullwidth character; else one.
    package static func columns(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control:
            return 0
        case .format:
            return drawnFormats.contains(scalar.value) ? 1 : 0
        default:
            break
        }
        let value = scalar.value
        if value < 0x1100 { return 1 }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// The format characters a terminal draws: the soft hyphen, and the prepended concatenation
    /// marks (Arabic number signs, Syriac abbreviation mark, Kaithi number signs).
    private static let drawnFormats: Set<UInt32> = [
        0xAD, 0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD,
    ]

    /// The East Asian wide and fullwidth ranges: made once, not for every character measured.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
}
