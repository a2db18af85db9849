import Restack
import RestackStore

/// The status line's account of a launch: what was restored, what was renamed, and why anything
/// was not.
enum LaunchStatus {
    static func describe(_ restoration: StoreRestoration, rebuilt: RebuildResult<Screen>, notes: [String]) -> String {
        let plan = rebuilt.plan
        var parts: [String] = []
        let id = restoration.snapshot.info.id
        if restoration.fellBack {
            let skipped = restoration.skippedQuarantined.map { "#\($0)" }.joined(separator: ", ")
            parts.append("fell back to snapshot #\(id) (\(skipped) quarantined: crashed while restoring)")
        } else {
            parts.append("restored snapshot #\(id)")
        }
        parts[0] += ": \(plan.restoredRecords.count) records"
        let renamed = plan.restoredRecords.compactMap { record in
            record.renamedFrom.map { "\($0)→\(record.record.className ?? "")" }
        }
        for name in Set(renamed).sorted() { parts.append("renamed \(name)") }
        // The records dropped for their own sake; those below them are counted.
        let own = plan.dropped.filter { $0.reason != .ancestorDropped }
        for dropped in own {
            parts.append("dropped \(dropped.record.identifier ?? "?") (\(dropped.record.className ?? "no class"): \(dropped.reason))")
        }
        let below = plan.dropped.count - own.count
        if below > 0 { parts.append("\(below) records below them not restored") }
        for failure in rebuilt.failures {
            parts.append("\(failure.record.identifier ?? "?"): \(failure.error)")
        }
        return (parts + notes).joined(separator: "; ")
    }

    /// What a deep link did: what it showed, popped or could not find.
    static func describe(link: DeepLink, in plan: RestorationPlan) -> [String] {
        var parts: [String] = []
        for note in plan.notes {
            switch note.kind {
            case .deepLinkUnmatched: parts.append("link not opened: no \(note.identifier ?? "?") at \(note.path.description.isEmpty ? "the root" : note.path.description)")
            case .deepLinkNoStack: parts.append("link not opened: nothing to push onto")
            case .deepLinkTooDeep: parts.append("link not opened: it would nest screens too deep")
            case .deepLinkPushed: parts.append("link opened")
            default: break
            }
        }
        let popped = plan.dropped.filter { $0.reason == .deepLinkPopped }.compactMap(\.record.identifier)
        if !popped.isEmpty { parts.append("link closed \(popped.joined(separator: ", "))") }
        if link.push.isEmpty, !plan.notes.contains(where: { $0.kind == .deepLinkUnmatched }) { parts.append("link opened") }
        return parts
    }

    static func describe(_ error: StoreError, session: String) -> String? {
        switch error {
        case .noRestorableSnapshot(_, let quarantined):
            "nothing to restore: \(quarantined.map { "#\($0)" }.joined(separator: ", ")) quarantined; fresh start"
        default:
            nil
        }
    }
}
