import Restack
import RestackStore

/// The status line's account of a launch: what the navigation model restored, what was renamed,
/// and why anything was not; and of a deep link: what it did, or why it changed nothing.
enum LaunchStatus {
    /// What the launch restored, from what the model's restore answered (`answer`) or why it
    /// could not (`error`).
    ///
    /// - Throws: ``StoreFailure`` when the store could not be read: the app stops (exit 1)
    ///   rather than start over a store it cannot use.
    static func describe(answer: RestoreAnswer<StoreRestoration>?, error: (any Error)?, session: String, version: AppVersion) throws(StoreFailure) -> String {
        switch answer {
        case .restore(let restoration)?:
            return describe(restoration, version: version)
        case .expired(let info)?:
            return "snapshot #\(info.id) expired: fresh start"
        case .nothingSaved?:
            return "new session \(session): nothing saved yet"
        case nil:
            if case .noRestorableSnapshot(_, let quarantined)? = error as? StoreError {
                return "nothing to restore: \(quarantined.map { "#\($0)" }.joined(separator: ", ")) quarantined; fresh start"
            }
            throw StoreFailure(description: "cannot restore: \(error.map { "\($0)" } ?? "no store")")
        }
    }

    /// A restored snapshot: its number, the screens that came back, the classes renamed, and
    /// each screen not restored with why (the rules', or the app's placement).
    static func describe(_ restoration: StoreRestoration, version: AppVersion) -> String {
        let plan = restoration.plan
        let id = restoration.snapshot.info.id
        let refused = Placement.refused(in: plan) { try? version.screen(of: $0.restoredRecord) }
        var parts: [String] = []
        if restoration.fellBack {
            let skipped = restoration.skippedQuarantined.map { "#\($0)" }.joined(separator: ", ")
            parts.append("fell back to snapshot #\(id) (\(skipped) quarantined: crashed while restoring)")
        } else {
            parts.append("restored snapshot #\(id)")
        }
        parts[0] += ": \(plan.restoredRecords.count - refused.count) records"
        let renamed = plan.restoredRecords.compactMap { record in
            record.renamedFrom.map { "\($0)→\(record.record.className ?? "")" }
        }
        for name in Set(renamed).sorted() { parts.append("renamed \(name)") }
        // The records dropped for their own sake; those below them are counted.
        for dropped in plan.dropped where dropped.reason != .ancestorDropped && dropped.reason != .deepLinkPopped {
            // A screen of this release whose content is gone: which.
            let why = dropped.reason == .stalePayload ? Self.why(dropped.record, version) : ""
            parts.append("dropped \(dropped.record.identifier ?? "?") (\(dropped.record.className ?? "no class"): \(dropped.reason)\(why))")
        }
        for (record, reason) in refused {
            parts.append("dropped \(record.record.identifier ?? "?") (\(record.record.className ?? "no class"): \(reason))")
        }
        let below = plan.dropped.filter { $0.reason == .ancestorDropped }.count
        if below > 0 { parts.append("\(below) records below them not restored") }
        return parts.joined(separator: "; ")
    }

    /// Why a record of this release's classes is no screen: `: no content message-99`.
    private static func why(_ record: RestorationRecord, _ version: AppVersion) -> String {
        do {
            _ = try version.screen(of: record)
            return ""
        } catch {
            if case .unknownClass = error { return "" }
            return ": \(error)"
        }
    }

    /// What a deep link did, given the plan the model merged (`nil` when it could not encode
    /// the link's screens: `error`) and the app after it: the tab it selected, what it revealed,
    /// popped and pushed, that everything was already shown, or why it changed nothing.
    static func describe(link: MailLink, merged: RestorationPlan?, error: (any Error)?, app: MailApp, version: AppVersion) -> String {
        guard let merged else { return "link not opened: \(error.map { "\($0)" } ?? "?")" }
        if let refusal = refusal(of: merged, version: version) { return refusal }
        // The library's rule says when the link found everything already shown (its note).
        if merged.notes.contains(where: { $0.kind == .deepLinkShown }) { return "link opened: already shown" }
        var parts: [String] = []
        if !link.path.isEmpty { parts.append("revealed \(link.path.joined(separator: "/"))") }
        if merged.notes.contains(where: { $0.kind == .deepLinkSelected }) {
            parts.append("selected the \(app.navigation.tab.rawValue.capitalized) tab")
        }
        if merged.notes.contains(where: { $0.kind == .deepLinkFocused }) {
            parts.append("focused the \(app.navigation.focus == .detail ? "detail" : "primary")")
        }
        let popped = merged.dropped.filter { $0.reason == .deepLinkPopped }.map { $0.record.identifier ?? "?" }
        if !popped.isEmpty { parts.append("popped \(popped.joined(separator: ", "))") }
        let pushed = merged.restoredRecords.filter(\.isFromDeepLink).map { $0.record.identifier ?? "?" }
        if !pushed.isEmpty { parts.append("pushed \(pushed.joined(separator: ", "))") }
        return "link opened: " + parts.joined(separator: ", ")
    }

    /// Why a merged deep link changed nothing: a path the state does not have, nowhere to push,
    /// too deep, or a screen it would put where it may not be (the state refuses the whole
    /// link then). `nil` when it applies.
    static func refusal(of merged: RestorationPlan, version: AppVersion) -> String? {
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
        let refused = Placement.refused(in: merged) { try? version.screen(of: $0.restoredRecord) }
        if let (record, reason) = refused.first(where: \.record.isFromDeepLink) {
            return "link not opened: \(record.record.identifier ?? "?") refused: \(reason)"
        }
        // A pushed screen the rules did not restore is dropped at `push[i]`.
        guard let dropped = merged.dropped.first(where: { $0.path.steps.first?.slotName == "push" }) else { return nil }
        return "link not opened: \(dropped.record.identifier ?? "?") refused: \(dropped.reason)"
    }
}
