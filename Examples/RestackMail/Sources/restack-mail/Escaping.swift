/// Text made safe to draw: the app owns its screen, so every text it did not write itself (a
/// typed line, a link, an identifier read from the store, an error's message) reaches the
/// terminal without a character the terminal would act on instead of drawing.
enum Escaping {
    /// `text` with every control character (C0, DEL, C1), line or paragraph separator and
    /// invisible format character (the bidirectional controls among them, which reorder what
    /// follows) written as Swift's escape, `\u{1B}`, `\u{202E}`; everything else as it is.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u{\(hex.count < 2 ? "0" + hex : hex)}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
