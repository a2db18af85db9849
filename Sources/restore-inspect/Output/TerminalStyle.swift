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

    /// The number of characters a terminal shows for `text`: escape sequences (ESC `[` ... a
    /// letter) take no room.
    static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }

    /// Pads `text` with spaces to `width` visible characters.
    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - visibleWidth(text)))
    }
}
