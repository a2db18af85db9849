import Restack

/// The one human-readable rendering of a plan, for `plan` and an app's relaunch test, whatever
/// the state's form: a heading, then one row per record in aligned columns (what became of it,
/// where, its identifier, its class, its payload's JSON when a record of the plan holds JSON
/// (``PayloadJSON``: a typed route), and the detail: the reason it was dropped, its old class
/// name, the deep link it came from), each container as a row of its restored settings, then the
/// notes and the warnings. The words are the same in every form: `restored`, `dropped`, `note`,
/// `warning`, `hidden in compact`, `renamed from`.
///
/// A tree is listed in document order, by saved path, each record indented under the record
/// that holds its container. A format-1 drill-down is that layout's view of its two slots: the
/// restored records where they restore (`from right` for a promoted one), then the dropped
/// ones. Names are escaped as in every text view (``Text/quoted(_:)``, ``Text/cell(_:or:)``):
/// one record, one row.
package enum PlanText {
    /// A plan drawn over the saved tree it was made from.
    package static func plan(_ plan: RestorationPlan, of tree: RestorationTree) -> String {
        var rows = Rows()
        // A column of payloads only when one of the records listed holds JSON: every other plan's
        // text stays as it was.
        let holdsJSON = { (record: RestorationRecord) in PayloadJSON.value(of: record.payload) != nil }
        rows.showsPayloads = tree.allRecords.contains { holdsJSON($0.record) } || plan.restoredRecords.contains { holdsJSON($0.record) }
            || plan.dropped.contains { holdsJSON($0.record) }
        rows.heading = "format \(tree.formatVersion) · layout \(plan.layout.rawValue) · \(plan.restoredRecords.count) restored, \(plan.dropped.count) dropped"
        if plan.form == .drillDown {
            drillDownRows(plan, of: tree, into: &rows)
        } else {
            treeRows(plan, of: tree, into: &rows)
        }
        for note in plan.notes {
            let identifier = note.identifier.map { " (\(Text.quoted($0)))" }
                ?? note.shape.map { " (\(note.kind == .payloadUpgraded ? "read as" : "step") \(Text.quoted($0)))" } ?? ""
            rows.append(["note", "\(note.kind.rawValue)\(identifier) at \(note.path.steps.isEmpty ? "the root" : note.path.description)"])
        }
        for warning in plan.warnings {
            rows.append(["warning", Text.oneLine(warning.description)])
        }
        return rows.text
    }

    /// Rows of columns, each column as wide on a terminal (``TerminalWidth``) as its widest cell
    /// that is not the last of its row: a container's settings or a note, written from the second
    /// or third column on, leave the record columns as narrow as the records.
    struct Rows {
        var heading = ""
        /// Whether record rows have a column for their payload's JSON (``PayloadJSON``).
        var showsPayloads = false
        private var rows: [[String]] = []
        private var widths: [Int] = []

        /// `"identifier"` and `Class` cells of a record, and with ``showsPayloads`` its
        /// payload's JSON (or an empty cell).
        func cells(_ record: RestorationRecord) -> [String] {
            let named = [Text.quoted(record.identifier), Text.cell(record.className, or: "(no class)")]
            return showsPayloads ? named + [PayloadJSON.cell(record.payload) ?? ""] : named
        }

        mutating func append(_ row: [String]) {
            // A record row with no payload shown and no detail ends at its class.
            var row = row
            if showsPayloads, row.count == 5, row[4].isEmpty {
                row.removeLast()
            }
            for (column, cell) in row.dropLast().enumerated() {
                let width = TerminalWidth.columns(cell)
                if column == widths.count {
                    widths.append(width)
                } else if widths[column] < width {
                    widths[column] = width
                }
            }
            rows.append(row)
        }

        var text: String {
            ([heading] + rows.map { row in
                "  " + row.enumerated().map { index, cell in
                    index == row.count - 1 ? cell : Text.pad(cell, widths[index])
                }.joined(separator: "  ")
            }).joined(separator: "\n")
        }
    }

    /// What became of a restored record, beyond being restored.
    private static func detail(_ planned: PlannedRecord, hidden: Bool, movedFrom: RecordPath? = nil) -> [String] {
        var parts: [String] = []
        if let movedFrom {
            parts.append("from \(movedFrom)")
        }
        if let old = planned.renamedFrom {
            parts.append("renamed from \(Text.quoted(old))")
        }
        if hidden {
            parts.append("hidden in compact")
        }
        return parts.isEmpty ? [] : [parts.joined(separator: ", ")]
    }

    /// A format-1 drill-down: the container's row, the restored records where they restore (its
    /// planned root's slots; none when nothing is planned), the dropped records where they were
    /// saved.
    private static func drillDownRows(_ plan: RestorationPlan, of tree: RestorationTree, into rows: inout Rows) {
        rows.append(containerRow(tree.root, planned: plan.root, indent: ""))
        let drillDown = if case .drillDown(let root)? = plan.root?.content { root } else { DrillDownContainer<PlannedRecord>(left: []) }
        for (index, entry) in drillDown.left.enumerated() {
            let position = RecordPath.root.appending(.left(index))
            rows.append(["restored", position.description] + rows.cells(entry.record)
                        + detail(entry, hidden: false, movedFrom: entry.from == position ? nil : entry.from))
        }
        if let right = drillDown.right {
            let position = RecordPath.root.appending(.right)
            rows.append(["restored", position.description] + rows.cells(right.record)
                        + detail(right, hidden: false, movedFrom: right.from == position ? nil : right.from))
        }
        for dropped in plan.dropped {
            rows.append(["dropped", dropped.path.description] + rows.cells(dropped.record) + [dropped.reason.rawValue])
        }
    }

    /// A tree: every saved record in document order, then the records a deep link pushed.
    private static func treeRows(_ plan: RestorationPlan, of tree: RestorationTree, into rows: inout Rows) {
        var restored: [RecordPath: PlannedRecord] = [:]
        for record in plan.restoredRecords {
            restored[record.from] = record
        }
        var dropped: [RecordPath: DropReason] = [:]
        for entry in plan.dropped {
            dropped[entry.path] = entry.reason
        }
        var containers: [RecordPath: PlannedContainer] = [:]
        var hidden = Set<RecordPath>()
        for container in [plan.root].compactMap({ $0 }) + plan.restoredRecords.compactMap(\.container) {
            containers[container.path] = container
            hidden.formUnion(container.compact?.hidden ?? [])
        }
        rows.append(containerRow(tree.root, planned: containers[.root], indent: ""))
        for (path, record) in tree.allRecords {
            let indent = String(repeating: "  ", count: path.steps.count - 1)
            let step = indent + (path.steps.last.map(String.init(describing:)) ?? "")
            if let reason = dropped[path] {
                rows.append(["dropped", step] + rows.cells(record) + [reason.rawValue])
            } else if let planned = restored[path] {
                rows.append(["restored", step] + rows.cells(planned.record) + detail(planned, hidden: hidden.contains(path)))
            } else {
                rows.append(["not planned", step] + rows.cells(record))
            }
            if let container = record.container {
                rows.append(containerRow(container, planned: containers[path], indent: indent + "  "))
            }
        }
        deepLinkRows(plan, into: &rows)
    }

    /// The records a deep link pushed, which the saved tree does not have: each at its place in
    /// the link, restored (with the container it went in) or dropped with the reason.
    private static func deepLinkRows(_ plan: RestorationPlan, into rows: inout Rows) {
        var containers: [(path: RecordPath, record: PlannedRecord)] = []
        for container in [plan.root].compactMap({ $0 }) + plan.restoredRecords.compactMap(\.container) {
            containers += container.children.filter { $0.isFromDeepLink && $0.from.steps.count == 1 }.map { (path: container.path, record: $0) }
        }
        for (path, record) in containers.sorted(by: { $0.record.from.steps[0].index < $1.record.from.steps[0].index }) {
            let place = path.steps.isEmpty ? "the root" : path.description
            rows.append(["restored", record.from.description] + rows.cells(record.record) + ["pushed by the deep link, in \(place)"])
        }
        for entry in plan.dropped where entry.path.isInDeepLink {
            rows.append(["dropped", entry.path.description] + rows.cells(entry.record) + ["\(entry.reason.rawValue), pushed by the deep link"])
        }
    }

    /// A container's row: its kind in the path column, its restored settings after it.
    private static func containerRow(_ saved: RestorationContainer, planned: PlannedContainer?, indent: String) -> [String] {
        let line = containerLine(saved, planned: planned, indent: "")
        guard let end = line.firstIndex(of: "]") else { return ["", indent + line] }
        let kind = String(line[...end])
        let settings = line[line.index(after: end)...].drop { $0 == " " || $0 == "·" }
        return settings.isEmpty ? ["", indent + kind] : ["", indent + kind, String(settings)]
    }

    /// `split · focus detail (saved primary) · compact merge · one stack: primary[0], detail[0]`:
    /// the settings the kind declares (``ContainerDrawing/settings``), the restored ones with the
    /// saved value where the rules changed it.
    private static func containerLine(_ saved: RestorationContainer, planned: PlannedContainer?, indent: String) -> String {
        var parts = ["[\(saved.kind.rawValue)]"]
        let savedSettings = saved.drawing.settings
        if let planned {
            for setting in planned.content.drawing.settings {
                let before = savedSettings.first { $0.name == setting.name }?.value
                if let value = setting.value, let before, before != value {
                    parts.append("\(setting.phrase) (saved \(before))")
                } else {
                    parts.append(setting.phrase)
                }
            }
        } else {
            parts += savedSettings.filter(\.isSaved).map(\.phrase)
        }
        if planned == nil {
            parts.append("not restored")
        }
        if let compact = planned?.compact {
            let stack = compact.stack.map(\.description).joined(separator: ", ")
            parts.append("one stack: \(stack.isEmpty ? "empty" : stack)")
            if !compact.hidden.isEmpty {
                parts.append("hidden: \(compact.hidden.map(\.description).joined(separator: ", "))")
            }
        }
        return indent + parts.joined(separator: " · ")
    }
}
