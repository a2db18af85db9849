import Restack
import RestackTerminalText

/// A drawing of the screen a plan restores, as the user would see it, over the saved tree it was
/// made from.
///
/// Each container is drawn as its kind declares (``ContainerDrawing``, in the kind's file): framed
/// columns side by side (a split's primary and detail, a drill-down's left and right, a stack's
/// one column), or a row of tabs with the selected tab marked `* ` and then the container of each
/// tab that holds one; in a compact layout, the one stack of the plan's arrangement, then what it
/// keeps hidden. Every stack is drawn as it piles up: its top (visible) record first, its bottom
/// (root) record last. A record's container is drawn inside its column,
/// indented under the record. Each record line is `  step "identifier" Class` (the saved class,
/// then its payload's JSON for a typed route, cut when long, then `(renamed to New)` for a record
/// the resolver renamed), marked `x` and
/// `(dropped: reason)` when dropped, `~` and `(hidden in compact)` when hidden. Names are escaped
/// as in every text view: one record, one line.
///
/// With colour, dropped records are also struck through in red, hidden ones dim, titles and the
/// selected tab bold; the picture without colour is exactly the coloured one without its escapes.
///
/// Under the screen come the plan's notes and warnings (duplicate identifiers among them), as
/// `plan` lists them. The screen after a deep link is drawn by ``init(linked:style:)``.
struct ScreenPicture {
    /// What the plan does with a saved record.
    enum Status {
        case restored, hidden, dropped(DropReason), notPlanned
    }

    let tree: RestorationTree
    let plan: RestorationPlan
    let style: TerminalStyle
    private var status: [RecordPath: Status] = [:]
    private var planned: [RecordPath: PlannedContainer] = [:]
    private var saved: [RecordPath: RestorationRecord] = [:]
    /// The new class name of each record the resolver renamed.
    private var renamedTo: [RecordPath: String?] = [:]
    /// The plan whose counts, notes and warnings the picture states: `plan`, or for the screen
    /// after a deep link, the merged plan it was drawn from.
    var stated: RestorationPlan
    /// Records a deep link pushed, marked `+`.
    var linked: Set<RecordPath> = []
    /// Records not on the screen, listed under it: those a plan merged with a deep link dropped.
    var offScreen: [RestorationPlan.Dropped] = []

    /// A picture of `plan`, made from `tree`.
    init(tree: RestorationTree, plan: RestorationPlan, style: TerminalStyle) {
        self.tree = tree
        self.plan = plan
        self.style = style
        self.stated = plan
        for (path, record) in tree.allRecords {
            saved[path] = record
        }
        for record in plan.restoredRecords {
            status[record.from] = .restored
            if record.renamedFrom != nil {
                renamedTo[record.from] = record.record.className
            }
        }
        for container in [plan.root].compactMap({ $0 }) + plan.restoredRecords.compactMap(\.container) {
            planned[container.path] = container
            for path in container.compact?.hidden ?? [] {
                status[path] = .hidden
            }
        }
        for dropped in plan.dropped {
            status[dropped.path] = .dropped(dropped.reason)
        }
    }

    /// The picture, lines joined, without a final newline.
    var text: String {
        drawn.rows.joined(separator: "\n")
    }

    /// Writes the picture to stdout, row by row, each ending in a newline.
    func write() throws(OutputError) {
        var output = StdoutLines()
        for row in drawn.rows {
            try output.line(row)
        }
        try output.flush()
    }

    /// The picture drawn: a heading, the root container, notes, and a legend.
    var drawn: PictureCanvas {
        let restored = stated.restoredRecords.count
        var blocks = [line(style.bold("screen · layout \(stated.layout.rawValue) · \(restored) restored, \(stated.dropped.count) dropped"))]
        blocks.append(container(tree.root, at: .root))
        for dropped in offScreen {
            let name = Self.name(dropped.record, step: dropped.path.description)
            blocks.append(line(style.dropped("x " + name) + " " + style.reason("(dropped: \(dropped.reason.rawValue))")))
        }
        for note in stated.notes {
            let shape = note.shape.map { " (\(note.kind == .payloadUpgraded ? "read as" : "step") \(Text.quoted($0)))" } ?? ""
            blocks.append(line("note: \(note.kind.rawValue)\(shape) at \(note.path.steps.isEmpty ? "the root" : note.path.description)"))
        }
        for warning in stated.warnings {
            blocks.append(line("warning: " + Text.oneLine(warning.description)))
        }
        let link = linked.isEmpty ? "" : " · + from the deep link"
        blocks.append(line(style.dim("legend: stacks top first · * selected tab · x dropped · ~ hidden in compact" + link)))
        var canvas = PictureCanvas()
        PictureBlock.column(blocks).draw(into: &canvas, row: 0, column: 0)
        return canvas
    }

    /// One line of text, measured.
    private func line(_ text: String) -> PictureBlock {
        .line(text)
    }

    // MARK: Containers

    /// A saved child of a container: its step, the record, its full path.
    private typealias Child = (step: RecordPath.Step, record: RestorationRecord, path: RecordPath)

    private func children(of container: RestorationContainer, at path: RecordPath) -> [Child] {
        container.children.map { (step: $0.step, record: $0.element, path: path.appending($0.step)) }
    }

    /// A container's block: its title, then what its kind declares (``ContainerDrawing``): framed
    /// columns or a tab row, or in a compact layout the one stack. The planned container's
    /// declaration is drawn when there is one (its focus, selection and placeholder are the
    /// restored ones), else the saved container's.
    private func container(_ container: RestorationContainer, at path: RecordPath) -> PictureBlock {
        let restored = planned[path]
        let drawing = restored?.content.drawing ?? container.drawing
        if let compact = restored?.compact {
            return oneStack(container, at: path, compact, title: drawing.compactTitle)
        }
        let title = line(style.bold("[\(container.kind.rawValue)]" + (drawing.titleSuffix.map { " " + $0 } ?? "")))
        let all = children(of: container, at: path)
        switch drawing.body {
        case .panes(let panes):
            // Each record is drawn in the slot it restores in (a drill-down's right record
            // promoted to the left stack, rule 5), a record not restored where it was saved.
            var restoredSlot: [RecordPath: String] = [:]
            for (step, record) in restored?.content.children ?? [] {
                restoredSlot[record.from] = step.slotName
            }
            let columns = panes.map { pane in
                var block = column(all.filter { pane.slots.contains(restoredSlot[$0.path] ?? $0.step.slotName) })
                if pane.showsPlaceholder && restored != nil {
                    block = .column([line(style.dim("  (the app's placeholder)")), block])
                }
                return (title: pane.isFocused ? "\(pane.title) (focus)" : pane.title, block: block)
            }
            return .column([title, frame(columns)])
        case .tabRow(let selected):
            let selectedPath = selected.map { index in restored.map { $0.content.children[index].element.from } ?? all[index].path }
            return tabRow(container, at: path, title: title, selected: selectedPath)
        }
    }

    /// One column: the records top first, each followed by its container, indented.
    private func column(_ records: [Child]) -> PictureBlock {
        .column(records.reversed().map { recordLines($0.record, at: $0.path, step: $0.step.description) })
    }

    /// A record's line, and under it, indented, its container.
    private func recordLines(_ record: RestorationRecord, at path: RecordPath, step: String) -> PictureBlock {
        let first = line(self.line(record, at: path, step: step))
        guard let nested = record.container else { return first }
        return .column([first, .indented(container(nested, at: path), by: 4)])
    }

    /// `  step "identifier" Class`, marked and styled by what the plan does with it.
    private func line(_ record: RestorationRecord, at path: RecordPath, step: String) -> String {
        let name = self.name(record, at: path, step: step)
        switch status[path] ?? .notPlanned {
        case .restored where linked.contains(path):
            return style.bold("+ " + name) + " (from the deep link)"
        case .restored:
            return "  " + name
        case .hidden:
            return style.dim("~ " + name + " (hidden in compact)")
        case .dropped(let reason):
            return style.dropped("x " + name) + " " + style.reason("(dropped: \(reason.rawValue))")
        case .notPlanned:
            return style.dim("? " + name + " (not planned)")
        }
    }

    /// `step "identifier" Class`, then the payload's JSON when it holds some (a typed route,
    /// ``PayloadJSON``), and `(renamed to NewClass)` for a record the resolver renamed.
    private func name(_ record: RestorationRecord, at path: RecordPath, step: String) -> String {
        let name = Self.name(record, step: step)
        guard let new = renamedTo[path] else { return name }
        return name + " (renamed to \(Text.cell(new, or: "(no class)")))"
    }

    /// `step "identifier" Class`, and the payload's JSON when it holds some.
    private static func name(_ record: RestorationRecord, step: String) -> String {
        let name = "\(step) \(Text.quoted(record.identifier)) \(Text.cell(record.className, or: "(no class)"))"
        return PayloadJSON.cell(record.payload).map { name + " " + $0 } ?? name
    }

    /// A compact arrangement: the one stack in a frame, then the hidden and the dropped records.
    private func oneStack(_ container: RestorationContainer, at path: RecordPath, _ compact: CompactArrangement, title: String) -> PictureBlock {
        var stack: [PictureBlock] = []
        for entry in compact.stack.reversed() {
            guard let record = saved[entry] else { continue }
            stack.append(recordLines(record, at: entry, step: entry.steps.last?.description ?? ""))
        }
        var blocks = [line(style.bold("[\(container.kind.rawValue)]")), frame([(title, .column(stack))])]
        // A set, not the array: a 100,000-record drill-down searched the stack once per record
        // (47 s).
        let inStack = Set(compact.stack)
        for (step, record) in container.children {
            let child = path.appending(step)
            switch status[child] ?? .notPlanned {
            case .restored where inStack.contains(child):
                continue
            default:
                blocks.append(recordLines(record, at: child, step: step.description))
            }
        }
        return .column(blocks)
    }

    /// Tabs: `| * tabs[0] "inbox" Inbox | tabs[1] ... |`, then each tab's container under its name.
    private func tabRow(_ container: RestorationContainer, at path: RecordPath, title: PictureBlock, selected: RecordPath?) -> PictureBlock {
        var cells: [String] = []
        var below: [PictureBlock] = []
        for (step, record) in container.children {
            let child = path.appending(step)
            let name = self.name(record, at: child, step: step.description)
            switch status[child] ?? .notPlanned {
            case .restored:
                cells.append(child == selected ? style.selected(style.bold("* " + name)) : name)
            default:
                cells.append(line(record, at: child, step: step.description))
            }
            if let nested = record.container {
                below.append(line("  in \(step)\(child == selected ? " (selected)" : ""):"))
                below.append(.indented(self.container(nested, at: child), by: 4))
            }
        }
        let row = cells.isEmpty ? style.dim("(no tabs)") : "|" + cells.map { " \($0) " }.joined(separator: "|") + "|"
        return .column([title, line(row)] + below)
    }

    /// Framed columns side by side; an empty one says so.
    private func frame(_ columns: [(title: String, block: PictureBlock)]) -> PictureBlock {
        .frame(columns, empty: line(style.dim("  (empty)")), style: style)
    }
}
