import Restack

extension ScreenPicture {
    /// The screen after a deep link: the restored tree of `merged` (a plan merged with a link),
    /// every record on it restored, those the link pushed marked `+`; the records the merged plan
    /// dropped (the saved ones it could not restore, those the link popped, pushed records it
    /// refused) listed under the screen. `nil` when the merged plan restores nothing (rule 10).
    init?(linked merged: RestorationPlan, style: TerminalStyle) {
        guard let screen = merged.restoredTree else { return nil }
        // The restored tree planned again drops nothing and arranges it as the merged plan does
        // (rule 11): its records are the merged plan's restored ones, in the same document order.
        let replanned = Restorer.plan(screen, layout: merged.layout, resolver: .acceptAll)
        self.init(tree: screen, plan: replanned, style: style)
        stated = merged
        offScreen = merged.dropped
        let shown = screen.allRecords
        let restored = merged.restoredRecords
        guard shown.count == restored.count else { return }
        linked = Set(zip(shown, restored).filter { $0.1.isFromDeepLink }.map(\.0.path))
    }
}
