import Restack

/// The one human-readable rendering of a plan, for `plan` and `demo`: the saved tree, one line per
/// record indented by level, each marked restored, dropped (with the reason) or hidden in the
/// compact layout, each container with its restored settings. A format-1 drill-down is its view
/// as a table (``Text/drillDownPlan(_:_:)``), with the single stack of the compact layout. Names
/// are escaped as in every text view (``Text/quoted(_:)``, ``Text/cell(_:or:)``): one record, one
/// line.
enum TreeText {
    /// A plan drawn over the saved tree it was made from.
    static func plan(_ plan: RestorationPlan, of tree: RestorationTree) -> String {
        if plan.form == .drillDown, let drillDown = plan.drillDown {
            let table = Text.drillDownPlan(plan, drillDown)
            guard plan.layout == .compact else { return table }
            let stack = drillDown.compactArrangement.stack.map(\.description).joined(separator: ", ")
            return table + "\n  compact   one stack: \(stack.isEmpty ? "empty" : stack)"
        }
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

        var lines = ["format \(tree.formatVersion) · layout \(plan.layout.rawValue) · \(restored.count) restored, \(plan.dropped.count) dropped"]
        lines.append(containerLine(tree.root, planned: containers[.root], indent: ""))
        for (path, record) in tree.allRecords {
            let indent = String(repeating: "  ", count: path.steps.count)
            let name = "\(path.steps.last.map(String.init(describing:)) ?? "")  \(Text.quoted(record.identifier))  \(Text.cell(record.className, or: "(no class)"))"
            let mark: String
            if let reason = dropped[path] {
                mark = "DROPPED: \(reason.rawValue)"
            } else if let planned = restored[path] {
                let renamed = planned.renamedFrom == nil ? "" : " as \(Text.cell(planned.record.className, or: "(no class)")) (renamed)"
                mark = "restored" + renamed + (hidden.contains(path) ? ", hidden in compact" : "")
            } else {
                mark = "?"
            }
            lines.append("\(indent)\(name)  \(mark)")
            if let container = record.container {
                lines.append(containerLine(container, planned: containers[path], indent: indent + "  "))
            }
        }
        lines += deepLinkLines(plan)
        for note in plan.notes {
            let identifier = note.identifier.map { " (\(Text.quoted($0)))" } ?? ""
            lines.append("note      \(note.kind.rawValue)\(identifier) at \(note.path.steps.isEmpty ? "the root" : note.path.description)")
        }
        for warning in plan.warnings {
            lines.append("warning   \(Text.oneLine(warning.description))")
        }
        return lines.joined(separator: "\n")
    }

    /// The records a deep link pushed, which the saved tree does not have: each at its place in
    /// the link, restored (with the container it went in) or dropped with the reason.
    private static func deepLinkLines(_ plan: RestorationPlan) -> [String] {
        var lines: [String] = []
        var containers: [(path: RecordPath, record: PlannedRecord)] = []
        for container in [plan.root].compactMap({ $0 }) + plan.restoredRecords.compactMap(\.container) {
            containers += container.children.filter { $0.isFromDeepLink && $0.from.steps.count == 1 }.map { (path: container.path, record: $0) }
        }
        for (path, record) in containers.sorted(by: { $0.record.from.steps[0].index < $1.record.from.steps[0].index }) {
            let place = path.steps.isEmpty ? "the root" : path.description
            lines.append("pushed    \(record.from)  \(Text.quoted(record.record.identifier))  \(Text.cell(record.record.className, or: "(no class)"))  restored, in \(place)")
        }
        for entry in plan.dropped where entry.path.isInDeepLink {
            lines.append("pushed    \(entry.path)  \(Text.quoted(entry.record.identifier))  \(Text.cell(entry.record.className, or: "(no class)"))  DROPPED: \(entry.reason.rawValue)")
        }
        return lines
    }

    /// `split · focus detail (saved primary) · compact merge · one stack: primary[0], detail[0]`.
    private static func containerLine(_ saved: RestorationContainer, planned: PlannedContainer?, indent: String) -> String {
        var parts = ["[\(saved.kind.rawValue)]"]
        switch (saved, planned?.content) {
        case (.split(let split), .split(let plannedSplit)?):
            let focus = plannedSplit.focus
            parts.append(focus == split.focus ? "focus \(focus.rawValue)" : "focus \(focus.rawValue) (saved \(split.focus.rawValue))")
            parts.append("compact \(split.compact.rawValue)")
            if plannedSplit.detail.isEmpty { parts.append("detail placeholder") }
        case (.columns(let columns), .columns(let plannedColumns)?):
            let focus = plannedColumns.focus
            parts.append(focus == columns.focus ? "focus \(focus.rawValue)" : "focus \(focus.rawValue) (saved \(columns.focus.rawValue))")
            if plannedColumns.detail.isEmpty { parts.append("detail placeholder") }
        case (.stack(let stack), _) where stack.afterDrop == .truncate:
            parts.append("afterDrop truncate")
        case (.tabs(let tabs), .tabs(let plannedTabs)?):
            let selected = plannedTabs.selected
            let now = selected.map { "selected \($0)" } ?? "nothing selected"
            parts.append(selected == tabs.selected ? now : "\(now) (saved \(tabs.selected.map(String.init) ?? "none"))")
        default:
            break
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
