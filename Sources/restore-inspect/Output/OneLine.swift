extension Text {
    /// `text` on one line that a terminal shows as it is: line breaks and the other control
    /// characters (C0, DEL, C1), the Unicode line and paragraph separators, and bidirectional
    /// controls (which can reorder what follows them) are written as escapes: `\n`, `\r`, `\t`,
    /// `\u{1B}`, `\u{202E}`. Everything else, Unicode included, is left as it is.
    ///
    /// Applied to every message on stderr, which echoes paths, session names and keys as the
    /// user gave them: each error stays one line whatever they hold.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": result.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": result.append(contentsOf: #"\t"#.unicodeScalars)
            case _ where needsEscape(scalar):
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: scalar.properties.isBidiControl
        }
    }
}
