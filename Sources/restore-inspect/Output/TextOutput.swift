import Foundation
import Restack
import RestackStore
import RestackTerminalText

/// The store's values as text: containers, guard states and snapshot lines.
extension Text {
    /// A stored container in a few words: `split (focus detail, compact merge)`, `tabs (selected 1)`.
    static func container(_ container: ShowJSON.ContainerJSON) -> String {
        let settings = container.settings.map { "\($0.name) \($0.value.text)" }
        return settings.isEmpty ? container.kind : "\(container.kind) (\(settings.joined(separator: ", ")))"
    }

    /// What the crash-loop guard knows of a snapshot, in a word or two.
    static func guardState(_ info: SnapshotInfo) -> String {
        if info.isQuarantined { return "quarantined" }
        if info.isProvisional { return "provisional" }
        return info.unconfirmedRestores > 0 ? "\(info.unconfirmedRestores) unconfirmed" : "-"
    }

    /// One line describing a snapshot.
    static func snapshotLine(_ info: SnapshotInfo) -> String {
        var parts = ["snapshot \(info.id)", "saved \(formatDate(info.savedAt))", "format \(info.formatVersion)\(info.form == .tree ? " tree" : "")",
                     "\(info.recordCount) record\(info.recordCount == 1 ? "" : "s")"]
        if let version = info.appVersion {
            parts.append("app \(oneLine(version))")
        }
        if info.isQuarantined {
            parts.append("QUARANTINED")
        } else if info.isProvisional {
            parts.append("provisional (saved during an unconfirmed restore)")
        } else if info.unconfirmedRestores > 0 {
            parts.append("\(info.unconfirmedRestores) unconfirmed restore\(info.unconfirmedRestores == 1 ? "" : "s")")
        }
        return parts.joined(separator: " · ")
    }
}
