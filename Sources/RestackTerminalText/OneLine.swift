/// Text made safe to show on a terminal, on one line: the escaping `restore-inspect` applies to
/// every name and message, shared with `restack-mail` so that both tools escape alike.
public enum OneLine {
    /// `text` on one line that a terminal shows as it is, and that tells apart texts a terminal
    /// would draw alike: line breaks and the other control characters (C0, DEL, C1), the
    /// Unicode line and paragraph separators, bidirectional controls (which can reorder what
    /// follows them) and invisible format characters (a zero-width space U+200B, a byte-order
    /// mark U+FEFF, a soft hyphen U+00AD: `"a\u{200B}b"` would look like `"ab"`, and take no
    /// column where a picture counts one) are written as escapes: `\n`, `\r`, `\t`, `\u{1B}`,
    /// `\u{202E}`, `\u{200B}`. A zero-width joiner inside an emoji sequence is kept (it draws the
    /// emoji). Everything else, Unicode included, is left as it is.
    ///
    /// The escapes are Swift's (at least two uppercase hex digits: `\u{07}`), so that a byte
    /// reads the same in a quoted identifier (Swift's own escaping) and in a class name, a path
    /// or a message: one escaping everywhere.
    public static func escaped(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.indices.contains(where: { needsEscape(scalars, at: $0) }) else { return text }
        // Appended to a String, not to a `String.UnicodeScalarView`: on Swift 6.3 the view's
        // `append(contentsOf:)` copied the whole result each time (quadratic). Now linear.
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for index in scalars.indices {
            let scalar = scalars[index]
            switch scalar {
            case "\n": result += #"\n"#
            case "\r": result += #"\r"#
            case "\t": result += #"\t"#
            case _ where needsEscape(scalars, at: index): result += escape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `\u{07}`, `\u{202E}`: Swift's escape for a scalar.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u{\(hex.count < 2 ? "0" + hex : hex)}"
    }

    private static func needsEscape(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = scalars[index]
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
            return true
        case .format:
            // A joiner between emoji draws one emoji (a family, a flag): kept.
            return !(scalar == "\u{200D}" && index > 0 && isEmojiPart(scalars[index - 1]))
        default:
            return scalar.properties.isBidiControl
        }
    }

    private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{FE0F}" || scalar.properties.isEmojiModifier
            || (scalar.properties.isEmoji && scalar.value > 0xFF)
    }
}
