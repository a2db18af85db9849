extension Restorer {
    /// Rule 5 (`drillDown`, v1 rules 4 and 5): a lone surviving right record becomes the sole left
    /// record. A dropped right leaves the left as it is; nothing ever moves into the right slot.
    /// Returns whether the right record was moved.
    static func promoteLoneRight<Entry>(left: inout [Entry], right: inout Entry?) -> Bool {
        guard left.isEmpty, let lone = right else { return false }
        left = [lone]
        right = nil
        return true
    }

    /// Rule 6 (`split`): the side shown when only one shows. If the focused side restores empty
    /// and the other does not, the focus moves to the other side; otherwise it stays.
    static func restoredFocus(_ saved: SplitContainer.Side, primaryIsEmpty: Bool, detailIsEmpty: Bool) -> SplitContainer.Side {
        switch saved {
        case .primary where primaryIsEmpty && !detailIsEmpty: .detail
        case .detail where detailIsEmpty && !primaryIsEmpty: .primary
        default: saved
        }
    }

    /// Rule 7 (`tabs`): the restored index of the saved selected tab; if that tab was dropped
    /// (or the saved selection names no tab) and another survived, the first surviving tab,
    /// with `moved` set; with no surviving tab, `nil`.
    static func restoredSelection(_ saved: Int?, survivors: [PlannedRecord]) -> (index: Int?, moved: Bool) {
        if let saved, let index = survivors.firstIndex(where: { $0.from.steps.last == .tabs(saved) }) {
            return (index, false)
        }
        return survivors.isEmpty ? (nil, false) : (0, true)
    }

    /// Rule 8: in a compact layout, the single stack and the hidden records of a split or a
    /// drill-down, as saved paths; `nil` in a regular layout and for stacks and tab bars.
    ///
    /// `split` + `merge`: primary then detail; `omitDetail`: primary, detail hidden; `focus`: the
    /// focused side (after rule 6), the other hidden. `drillDown`: left then right.
    static func compactArrangement(of content: PlannedContainer.Content, layout: Layout) -> CompactArrangement? {
        guard layout == .compact else { return nil }
        switch content {
        case .drillDown(let left, let right):
            return CompactArrangement(stack: (left + (right.map { [$0] } ?? [])).map(\.from), hidden: [])
        case .split(let primary, let detail, let focus, let policy):
            let primaryPaths = primary.map(\.from), detailPaths = detail.map(\.from)
            switch (policy, focus) {
            case (.merge, _): return CompactArrangement(stack: primaryPaths + detailPaths, hidden: [])
            case (.omitDetail, _), (.focus, .primary): return CompactArrangement(stack: primaryPaths, hidden: detailPaths)
            case (.focus, .detail): return CompactArrangement(stack: detailPaths, hidden: primaryPaths)
            }
        case .stack, .tabs:
            return nil
        }
    }
}
