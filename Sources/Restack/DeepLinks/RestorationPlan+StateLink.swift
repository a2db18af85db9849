import Foundation

/// A restored state as a deep link: what ``RestorationPlan/link(maxBytes:)`` makes, and what it
/// left out to stay within its byte budget.
public struct StateLink: Hashable, Sendable {
    /// The link: merged into another restored state by the deep-link rules
    /// (``RestorationPlan/merging(_:resolver:)``), it shows the same screen.
    public var link: DeepLink
    /// The records of the screen the link does not carry, as their paths in the plan: records a
    /// path cannot name (a later sibling shares the identifier, rule 9: the deep-link walk takes
    /// the last), deepest first; then, to stay within the budget, the pushed records farthest
    /// from the screen first, and, when even the path did not fit, the records it no longer
    /// reveals, deepest first. Empty when the whole screen is carried.
    public var leftOut: [RecordPath]
}

extension RestorationPlan {
    /// The screen this plan restores, as a deep link that shows it again on another device or in
    /// another window (Handoff, an `NSUserActivity`), within `maxBytes`.
    ///
    /// The link reveals, from the root down, the records whose containers hold the screen the
    /// user sees (a tab bar's selected tab, a split's or columns' focused side, the top of a
    /// stack or a presentation chain), and pushes the records of the sequence shown last, bottom
    /// first. Merged into the plan it came from, or into a plan of its restored tree, it changes
    /// nothing (``Note/Kind/deepLinkShown``); merged into another device's plan by the deep-link
    /// rules, a compact stack's link shows its records in a regular split's detail, and a split's
    /// link shows its focused side's records on a stack. When the pushed records find no stack in
    /// the plan itself (a tab bar whose selected tab holds none, columns focused on a column other
    /// than the detail), the link reveals the top record instead of pushing the sequence; a record
    /// whose identifier a later sibling shares cannot be named by a path, and the link stops above
    /// it. The link is always one that, merged into this plan, changes nothing.
    ///
    /// The budget counts the bytes of the link's JSON form (the deep-link file that
    /// ``DeepLink/decode(_:)`` reads and `restore-inspect plan --as-link` prints). Records
    /// nearest the screen are kept first: the pushed records are left out from the bottom, and
    /// when the path alone is too long, its deepest identifiers. ``StateLink/leftOut`` lists them.
    ///
    /// - Parameter maxBytes: The most bytes the link's JSON form may take; no limit by default.
    /// - Returns: The link and what it left out. A plan that restores nothing gives the empty link.
    public func link(maxBytes: Int = .max) -> StateLink {
        guard let root else { return StateLink(link: DeepLink(), leftOut: []) }
        // Down from the root: the record on top of each shown sequence, while it holds records.
        var through: [PlannedRecord] = []
        var shown = Self.shownSequence(of: root)
        while let top = shown.last, let nested = top.container, !nested.children.isEmpty, through.count < DeepLink.maxPathLength - 1 {
            through.append(top)
            shown = Self.shownSequence(of: nested)
        }
        let path = through.compactMap(\.record.identifier)
        var link = DeepLink(path: path, push: shown.map(\.restoredRecord))
        var pushedFrom = shown.map(\.from)
        var revealed = through
        var leftOut: [RecordPath] = []
        if !Self.isShown(merging(link, resolver: .acceptAll)), let top = shown.last {
            // Revealed rather than pushed; and a record a path cannot name (a sibling with its
            // identifier comes after it, rule 9) is left out with the records below it.
            revealed.append(top)
            link = DeepLink(path: revealed.compactMap(\.record.identifier))
            pushedFrom = []
            while !link.path.isEmpty, !Self.isShown(merging(link, resolver: .acceptAll)) {
                link.path.removeLast()
                leftOut.append(revealed.removeLast().from)
            }
        }
        while link.jsonData().count > maxBytes, !link.push.isEmpty {
            link.push.removeFirst()
            leftOut.append(pushedFrom.removeFirst())
        }
        while link.jsonData().count > maxBytes, !link.path.isEmpty {
            link.path.removeLast()
            leftOut.append(revealed.removeLast().from)
        }
        return StateLink(link: link, leftOut: leftOut)
    }

    /// The records of `container` the screen shows, bottom first: the selected tab; the focused
    /// side of a split or columns; every record of another kind, in document order (a stack, a
    /// presentation chain from its base, a drill-down's left then right).
    private static func shownSequence(of container: PlannedContainer) -> [PlannedRecord] {
        if case .tabs(let tabs) = container.content {
            return tabs.selected.map { tabs.tabs.indices.contains($0) ? [tabs.tabs[$0]] : [] } ?? []
        }
        let parts = container.content.parts
        if let focus = container.focus, let slot = parts.kind.slots.firstIndex(where: { $0.name == focus }) {
            return parts.slots[slot]
        }
        return container.children
    }

    /// Whether a merged plan found everything its link asks for already shown.
    private static func isShown(_ merged: RestorationPlan) -> Bool {
        merged.notes.last?.kind == .deepLinkShown
    }
}
