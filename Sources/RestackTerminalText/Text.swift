import Foundation

/// Human-readable output: identifiers quoted with escapes, so that empty, whitespace and
/// control characters are visible.
package enum Text {
    /// `"inbox"`, `""`, `" "`, or `(none)` for nil. Quotes, backslashes and control characters
    /// are escaped as in Swift source, and so are the characters Swift's escaping leaves (C1
    /// controls such as U+0085, U+2028, bidirectional overrides): a name is always one row.
    package static func quoted(_ string: String?) -> String {
        guard let string else { return "(none)" }
        // Not `String(reflecting:)`: on Swift 6.3 its time grows with the square of the length
        // (each escape re-copies what it wrote; a 6.8 MB identifier of zero-width spaces did not
        // end in 20 minutes). Its escapes are kept, in one linear pass: `\"`, `\\`, `\0`, `\t`,
        // `\n`, `\r`, and ``oneLine(_:)`` for every other control, format or separator character.
        var escaped = "\""
        escaped.reserveCapacity(string.utf8.count + 2)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"", "\\", "\0", "\t", "\n", "\r":
                escaped += scalar.escaped(asASCII: false)
            default:
                escaped.unicodeScalars.append(scalar)
            }
        }
        escaped += "\""
        return oneLine(escaped)
    }

    /// A class name, app version or path as a table shows it: on one line (``oneLine(_:)``),
    /// or `placeholder` for nil.
    package static func cell(_ string: String?, or placeholder: String) -> String {
        string.map(oneLine) ?? placeholder
    }

    /// Pads `string` to `width` columns, as a terminal counts them (``TerminalWidth``).
    package static func pad(_ string: String, _ width: Int) -> String {
        let columns = TerminalWidth.columns(string)
        return columns >= width ? string : string + String(repeating: " ", count: width - columns)
    }

    /// Rows of columns, each column as wide as its widest cell on a terminal.
    package static func table(_ rows: [[String]], indent: String = "") -> String {
        let widths = tableWidths(rows)
        return rows.map { tableRow($0, widths, indent: indent) }.joined(separator: "\n")
    }

    /// The width of each column of a ``table(_:indent:)``: its widest cell.
    package static func tableWidths(_ rows: [[String]]) -> [Int] {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                let width = TerminalWidth.columns(cell)
                if column == widths.count {
                    widths.append(width)
                } else if widths[column] < width {
                    widths[column] = width
                }
            }
        }
        return widths
    }

    /// One row of a ``table(_:indent:)`` whose columns are `widths` wide.
    package static func tableRow(_ row: [String], _ widths: [Int], indent: String = "") -> String {
        indent + row.enumerated().map { index, cell in
            index == row.count - 1 ? cell : pad(cell, widths[index])
        }.joined(separator: "  ")
    }
}

extension Text {
    /// `text` on one line that a terminal shows as it is: control, separator, bidirectional and
    /// invisible format characters written as Swift's escapes (`\n`, `\u{1B}`, `\u{202E}`), as
    /// ``OneLine/escaped(_:)`` says; `restack-mail` escapes every line it draws the same way.
    ///
    /// Applied to every message on stderr, which echoes paths, session names and keys as the
    /// user gave them: each error stays one line whatever they hold.
    package static func oneLine(_ text: String) -> String {
        OneLine.escaped(text)
    }
}

extension Text {
    /// `word` as a POSIX shell reads it back: as it is when it holds only safe characters, else
    /// in single quotes (a quote inside written `'\''`), with control characters escaped so that
    /// a hint stays one line.
    package static func shellWord(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@%+,")
        if !word.isEmpty && word.allSatisfy(safe.contains) {
            return word
        }
        return oneLine("'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'")
    }
}
