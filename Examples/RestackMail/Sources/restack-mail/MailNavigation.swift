import Restack
import RestackStore

// snippet: mail-navigation-state
/// The app's whole navigation state, as a value: a window with two tabs, Mail (a split: the
/// folders drilled into on its primary side, a message and an attachment on its detail side, and
/// the side that has the focus) and Settings (a page over the settings list), and the compose
/// sheet over the window. A `NavigationModel` of it restores it at launch, saves every change
/// and merges deep links into it.
struct MailNavigation: NavigationState {
    enum Tab: String, CaseIterable, Sendable {
        case mail, settings
    }

    var tab = Tab.mail
    /// Mail's primary stack, above the mailboxes list: the folders drilled into.
    var primary: [MailScreen] = []
    /// Mail's detail stack: a message, then one of its attachments.
    var detail: [MailScreen] = []
    var focus = SplitSide.primary
    /// Settings' stack, above the settings list.
    var settings: [MailScreen] = []
    var composing = false

    /// The state as Restack's tree: a presentation chain whose base is the window (a tab bar of
    /// the Mail split and the Settings stack) and whose presented record is the compose sheet.
    /// Each screen is a record of `coding`, identified by the content it shows.
    func tree(_ coding: RouteCoding<MailScreen>) throws(RouteCodingError) -> RestorationTree {
        let split = SplitContainer(primary: try coding.records(for: primary), detail: try coding.records(for: detail), focus: focus, compact: .merge)
        let mail = RestorationRecord(identifier: Tab.mail.rawValue, className: "MailSplit", container: .split(split))
        let settings = try coding.record(identifier: Tab.settings.rawValue, className: "SettingsStack", holding: settings)
        let window = RestorationRecord(identifier: "window", className: "MainWindow",
                                       container: .tabs(TabsContainer(tabs: [mail, settings], selected: tab == .mail ? 0 : 1)))
        return RestorationTree(root: .presentation(PresentationContainer(base: window, presented: try coding.records(for: composing ? [.compose] : []))))
    }

    /// Reads back what a launch, or a deep link, restored: the screens that decoded, each where
    /// it may be (``Placement``). A deep link that would put a screen anywhere else changes
    /// nothing: it is applied whole or not at all.
    mutating func restore(from restored: RestoredRoutes<MailScreen>) {
        let refused = Placement.refused(in: restored.plan, screen: restored.route(for:))
        guard !refused.contains(where: \.record.isFromDeepLink) else { return }
        let kept = { (record: PlannedRecord) in refused.contains { $0.record.from == record.from } ? nil : restored.route(for: record) }
        var next = MailNavigation()
        guard case .presentation(let chain)? = restored.plan.root?.content else { return }
        next.composing = chain.presented.contains { kept($0) == .compose }
        if case .tabs(let tabBar)? = chain.base?.container?.content {
            for (index, tab) in tabBar.tabs.enumerated() {
                switch (Tab(rawValue: tab.restoredRecord.identifier ?? ""), tab.container?.content) {
                case (.mail?, .split(let split)?):
                    (next.primary, next.detail) = (split.primary.compactMap(kept), split.detail.compactMap(kept))
                    next.focus = next.detail.isEmpty ? .primary : split.focus
                    if index == tabBar.selected { next.tab = .mail }
                case (.settings?, .stack(let stack)?):
                    next.settings = stack.records.compactMap(kept)
                    if index == tabBar.selected { next.tab = .settings }
                default:
                    break
                }
            }
        }
        self = next
    }
}
// end snippet
