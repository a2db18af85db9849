import Restack
import RestackStore

/// The status line's account of a launch: what was restored, what was renamed, and why anything
/// was not.
enum LaunchStatus {
    static func describe(_ restoration: StoreRestoration, rebuilt: RebuildResult<Screen>, version: AppVersion, notes: [String]) -> String {
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
        // (What a deep link popped, the link's account says.)
        let own = plan.dropped.filter { $0.reason != .ancestorDropped && $0.reason != .deepLinkPopped }
        for dropped in own {
            // A screen this release has, refused where it was saved: where such a screen may be.
            let place = dropped.reason == .unresolvedClass ? version.refusal(of: dropped.record).map { ": " + $0 } ?? "" : ""
            parts.append("dropped \(dropped.record.identifier ?? "?") (\(dropped.record.className ?? "no class"): \(dropped.reason)\(place))")
        }
        let below = plan.dropped.filter { $0.reason == .ancestorDropped }.count
        if below > 0 { parts.append("\(below) records below them not restored") }
        for failure in rebuilt.failures {
            parts.append("\(failure.record.identifier ?? "?"): \(failure.error)")
        }
        return (parts + notes).joined(separator: "; ")
    }

    /// What a merged deep link did: the tab it selected, what it revealed, popped and pushed,
    /// or that it found everything already shown. `nil` when it changed nothing and was not
    /// applied (``refusal(of:in:version:)`` says why).
    static func describe(link: DeepLink, in merged: RestorationPlan, app: MailApp) -> String {
        var parts: [String] = []
        if !link.path.isEmpty { parts.append("revealed \(link.path.joined(separator: "/"))") }
        if merged.notes.contains(where: { $0.kind == .deepLinkSelected }) {
            parts.append("selected the \(app.tab.rawValue.capitalized) tab")
        }
        if merged.notes.contains(where: { $0.kind == .deepLinkFocused }) {
            parts.append("focused the \(app.focus == .detail ? "detail" : "primary")")
        }
        let popped = merged.dropped.filter { $0.reason == .deepLinkPopped }.map { $0.record.identifier ?? "?" }
        if !popped.isEmpty { parts.append("popped \(popped.joined(separator: ", "))") }
        let pushed = merged.restoredRecords.filter(\.isFromDeepLink).map { $0.record.identifier ?? "?" }
        if !pushed.isEmpty { parts.append("pushed \(pushed.joined(separator: ", "))") }
        // The library's rule says when the link found everything already shown (its note).
        if merged.notes.contains(where: { $0.kind == .deepLinkShown }) { return "link opened: already shown" }
        return "link opened: " + parts.joined(separator: ", ")
    }

    /// Why a merged deep link is not applied: a path the plan does not have, nowhere to push,
    /// too deep, or a pushed screen refused (one in a place where it cannot be, such as a
    /// compose screen in the message stack: the whole link is refused then). `nil` when it applies.
    static func refusal(of link: DeepLink, in merged: RestorationPlan, version: AppVersion) -> String? {
        for note in merged.notes {
            switch note.kind {
            case .deepLinkUnmatched:
                let path = note.path.description.isEmpty ? "the root" : note.path.description
                return "link not opened: no \(note.identifier ?? "?") at \(path)"
            case .deepLinkNoStack: return "link not opened: nothing to push onto"
            case .deepLinkTooDeep: return "link not opened: it would nest screens too deep"
            default: break
            }
        }
        if let misplaced = Placement.messageOutsideItsMailbox(in: merged, version: version) {
            return "link not opened: \(misplaced.identifier) refused: \(misplaced.reason)"
        }
        // The link's pushed records that were not restored are dropped at `push[i]`.
        guard let refused = merged.dropped.first(where: { $0.path.steps.first?.slotName == "push" }) else { return nil }
        let id = refused.record.identifier ?? "?"
        let why = refused.reason == .unresolvedClass ? version.refusal(of: refused.record) ?? "\(refused.reason)" : "\(refused.reason)"
        return "link not opened: \(id) refused: \(why)"
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
