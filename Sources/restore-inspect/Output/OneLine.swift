import RestackTerminalText

extension Text {
    /// `text` on one line that a terminal shows as it is: control, separator, bidirectional and
    /// invisible format characters written as Swift's escapes (`\n`, `\u{1B}`, `\u{202E}`), as
    /// ``OneLine/escaped(_:)`` says; `restack-mail` escapes every line it draws the same way.
    ///
    /// Applied to every message on stderr, which echoes paths, session names and keys as the
    /// user gave them: each error stays one line whatever they hold.
    static func oneLine(_ text: String) -> String {
        OneLine.escaped(text)
    }
}
