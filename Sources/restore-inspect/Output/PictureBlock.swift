import Foundation
import RestackTerminalText

/// Part of a picture: a line, blocks one under another, a block indented, or framed columns side
/// by side; measured once, when made, and drawn once, at the end, into a ``PictureCanvas``.
///
/// A nested block's rows are written in place, never copied into the block around it, and no
/// row is measured twice: drawing costs the size of the picture, however deep the nesting. (The
/// picture used to be lines that each level copied to indent and frame them and measured again:
/// a 64-level file took 26 s, see the Inspecting a store article.)
struct PictureBlock {
    indirect enum Content {
        case line(String)
        case column([PictureBlock])
        case indented(PictureBlock, by: Int)
        /// Framed columns: the top rule, the columns' rows between bars, the bottom rule.
        case frame(top: String, bottom: String, columns: [(block: PictureBlock, width: Int)])
    }

    let content: Content
    /// The number of rows.
    let height: Int
    /// The number of columns a terminal gives the widest row.
    let width: Int

    /// One row of text, measured (``TerminalStyle/visibleWidth(_:)``).
    static func line(_ text: String) -> PictureBlock {
        PictureBlock(content: .line(text), height: 1, width: TerminalStyle.visibleWidth(text))
    }

    /// Blocks one under another; none is an empty block.
    static func column(_ blocks: [PictureBlock]) -> PictureBlock {
        PictureBlock(content: .column(blocks), height: blocks.reduce(0) { $0 + $1.height }, width: blocks.map(\.width).max() ?? 0)
    }

    /// `block` with `spaces` spaces before each row.
    static func indented(_ block: PictureBlock, by spaces: Int) -> PictureBlock {
        PictureBlock(content: .indented(block, by: spaces), height: block.height, width: block.width + spaces)
    }

    /// Framed columns side by side: `+- title ---+- title ---+`, the rows (`| ` and the row,
    /// padded), and a closing rule. Each column is as wide as its title and four, or its widest
    /// row and two; an empty column shows `empty`.
    static func frame(_ columns: [(title: String, block: PictureBlock)], empty: PictureBlock, style: TerminalStyle) -> PictureBlock {
        let blocks = columns.map { $0.block.height == 0 ? empty : $0.block }
        let widths = zip(columns, blocks).map { column, block in max(TerminalWidth.columns(column.title) + 4, block.width + 2) }
        var top = "+"
        for (column, width) in zip(columns, widths) {
            let title = "- \(column.title) "
            top += style.bold(title) + String(repeating: "-", count: width - TerminalWidth.columns(title)) + "+"
        }
        let bottom = "+" + widths.map { String(repeating: "-", count: $0) + "+" }.joined()
        return PictureBlock(content: .frame(top: top, bottom: bottom, columns: Array(zip(blocks, widths))),
                            height: (blocks.map(\.height).max() ?? 0) + 2, width: widths.reduce(1) { $0 + $1 + 1 })
    }

    /// Writes the block's rows into `canvas`, its first row at `row`, each starting at visible
    /// column `column`.
    func draw(into canvas: inout PictureCanvas, row: Int, column: Int) {
        switch content {
        case .line(let text):
            canvas.write(text, width: width, row: row, column: column)
        case .column(let blocks):
            var next = row
            for block in blocks {
                block.draw(into: &canvas, row: next, column: column)
                next += block.height
            }
        case .indented(let block, let spaces):
            block.draw(into: &canvas, row: row, column: column + spaces)
        case .frame(let top, let bottom, let columns):
            canvas.write(top, width: width, row: row, column: column)
            // Left to right on every row: a column's bar, its rows (padded up to the next bar by
            // the canvas), then the next column.
            var bar = column
            for (block, columnWidth) in columns {
                for inner in 1..<(height - 1) {
                    canvas.write("|", width: 1, row: row + inner, column: bar)
                }
                block.draw(into: &canvas, row: row + 1, column: bar + 2)
                bar += columnWidth + 1
            }
            for inner in 1..<(height - 1) {
                canvas.write("|", width: 1, row: row + inner, column: bar)
            }
            canvas.write(bottom, width: width, row: row + height - 1, column: column)
        }
    }
}

/// The picture's rows, each written left to right: a write starts at a visible column, after
/// the spaces that reach it.
struct PictureCanvas {
    /// The rows, as written so far.
    private(set) var rows: [String] = []
    /// The visible width of each row so far.
    private var widths: [Int] = []
    /// Where the bytes written are counted, if anywhere.
    private let work = PictureWork.counter

    /// Writes `text`, `width` columns wide, on `row` at visible column `column`, after spaces up
    /// to it; rows up to `row` are added as needed.
    mutating func write(_ text: String, width: Int, row: Int, column: Int) {
        while rows.count <= row {
            rows.append("")
            widths.append(0)
        }
        assert(widths[row] <= column, "the picture is drawn left to right on every row")
        let gap = column - widths[row]
        if gap > 0 {
            rows[row].append(String(repeating: " ", count: gap))
        }
        rows[row].append(text)
        widths[row] = column + width
        work?.add(max(gap, 0) + text.utf8.count)
    }
}

/// The work of drawing pictures, counted for the tests that hold it to the picture's size: the
/// characters measured (``TerminalStyle/visibleWidth(_:)``) and the bytes written into any
/// ``PictureCanvas``. Counted only in a task that sets ``counter``.
final class PictureWork: @unchecked Sendable {
    /// The counter of the current task; `nil`, counting nothing, unless a test sets one.
    @TaskLocal static var counter: PictureWork?

    private let lock = NSLock()
    private var total = 0

    /// Adds `amount` bytes of work.
    func add(_ amount: Int) {
        lock.lock()
        total += amount
        lock.unlock()
    }

    /// The bytes of work counted so far.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
}
