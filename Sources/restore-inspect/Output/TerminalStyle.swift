import RestackTerminalText

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
    /// take none, every character what `TerminalWidth.columns(of:)` says (a
    /// wide character or an emoji two, a combining mark none, an Indic or Thai cluster the
    /// columns of its scalars).
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
                width += TerminalWidth.columns(of: character)
            }
        }
        return width
    }
}
