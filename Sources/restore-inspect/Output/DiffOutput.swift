import Foundation
import Restack
import RestackTerminalText

/// `diff` for people: one line per difference, names escaped (one record, one line).
enum DiffText {
    /// Writes the diff to stdout, a few rows at a time: a table of many long paths is never held
    /// whole.
    static func write(_ diff: TreeDiff, old: DiffSide, new: DiffSide) throws(OutputError) {
        var heading = "diff \(old.name) -> \(new.name)"
        if let session = new.snapshot?.session {
            heading += " of session \(Text.quoted(session))"
        }
        var rows: [[String]] = []
        if diff.oldFormatVersion != diff.newFormatVersion {
            rows.append(["format", "\(diff.oldFormatVersion) -> \(diff.newFormatVersion)"])
        }
        for entry in diff.added {
            rows.append(["added", entry.path.description, record(entry.record)])
        }
        for entry in diff.removed {
            rows.append(["removed", entry.path.description, record(entry.record)])
        }
        for moved in diff.moved {
            rows.append(["moved", "\(moved.from) -> \(moved.to)", record(moved.record) + changes(moved.changes)])
        }
        for changed in diff.changed {
            rows.append(["changed", changed.path.description, record(changed.record) + changes(changed.changes)])
        }
        for container in diff.containers {
            rows.append(["settings", container.path.steps.isEmpty ? "(root)" : container.path.description,
                         String(changes(container.changes).dropFirst(2))])
        }
        var output = StdoutLines()
        try output.line(heading)
        if rows.isEmpty {
            try output.line("  no differences")
        }
        let widths = Text.tableWidths(rows)
        for row in rows {
            try output.line(Text.tableRow(row, widths, indent: "  "))
        }
        try output.flush()
    }

    /// `"identifier" Class`, and the payload's JSON when it holds some (a typed route).
    private static func record(_ record: RestorationRecord) -> String {
        let name = "\(Text.quoted(record.identifier)) \(Text.cell(record.className, or: "(no class)"))"
        return PayloadJSON.cell(record.payload).map { name + " " + $0 } ?? name
    }

    /// `: class "A" -> "B"; payload 5 bytes, fnv1a64 ... -> none`, or nothing.
    private static func changes(_ changes: [TreeDiff.Change]) -> String {
        guard !changes.isEmpty else { return "" }
        return ": " + changes.map { change in
            let show: (String?) -> String = { value in
                change.field == "identifier" || change.field == "class" ? Text.quoted(value) : (value ?? "none")
            }
            return "\(change.field) \(show(change.old)) -> \(show(change.new))"
        }.joined(separator: "; ")
    }
}

/// `diff --json`.
struct DiffJSON: Encodable {
    struct Side: Encodable {
        @NullEncoded var file: String?
        @NullEncoded var snapshot: SnapshotJSON?
        var formatVersion: Int
    }

    struct Payload: Encodable {
        var bytes: Int
        var fnv1a64: String
        /// The JSON value the payload holds, when it is one in `RecordPayload`'s encoding.
        @NullEncoded var json: PayloadJSON.Value?
    }

    struct Record: Encodable {
        var path: String
        @NullEncoded var identifier: String?
        @NullEncoded var className: String?
        @NullEncoded var payload: Payload?

        enum CodingKeys: String, CodingKey {
            case path, identifier, className = "class", payload
        }

        init(path: RecordPath, _ record: RestorationRecord) {
            self.path = path.description
            identifier = record.identifier
            className = record.className
            payload = record.payload.map { Payload(bytes: $0.count, fnv1a64: FNV1a.hex($0), json: PayloadJSON.value(of: $0)) }
        }
    }

    struct Change: Encodable {
        var field: String
        @NullEncoded var from: String?
        @NullEncoded var to: String?

        init(_ change: TreeDiff.Change) {
            field = change.field
            from = change.old
            to = change.new
        }
    }

    struct Moved: Encodable {
        var from: String
        var to: String
        var record: Record
        var changes: [Change]
    }

    struct Changed: Encodable {
        var record: Record
        var changes: [Change]
    }

    struct Settings: Encodable {
        var path: String
        var changes: [Change]
    }

    var from: Side
    var to: Side
    var identical: Bool
    var added: [Record]
    var removed: [Record]
    var moved: [Moved]
    var changed: [Changed]
    var containers: [Settings]

    init(_ diff: TreeDiff, old: DiffSide, new: DiffSide) {
        from = Side(file: old.file, snapshot: old.snapshot.map(SnapshotJSON.init), formatVersion: diff.oldFormatVersion)
        to = Side(file: new.file, snapshot: new.snapshot.map(SnapshotJSON.init), formatVersion: diff.newFormatVersion)
        identical = diff.isEmpty
        added = diff.added.map { Record(path: $0.path, $0.record) }
        removed = diff.removed.map { Record(path: $0.path, $0.record) }
        moved = diff.moved.map { Moved(from: $0.from.description, to: $0.to.description, record: Record(path: $0.to, $0.record), changes: $0.changes.map(Change.init)) }
        changed = diff.changed.map { Changed(record: Record(path: $0.path, $0.record), changes: $0.changes.map(Change.init)) }
        containers = diff.containers.map { Settings(path: $0.path.description, changes: $0.changes.map(Change.init)) }
    }
}
