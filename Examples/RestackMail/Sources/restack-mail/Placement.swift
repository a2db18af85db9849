import Restack

/// Where each screen may be: the app's own rule, which its navigation state applies as it reads a
/// restore or a deep link back (``MailNavigation/restore(from:)``), so that a saved state or a
/// link that puts a screen in an impossible place has that screen refused, and the status line
/// says why from the same rule.
///
/// A folder goes on Mail's primary stack; a message, and an attachment over it, on Mail's detail
/// stack, the message only over the folder that holds it; a settings page on the Settings stack;
/// the compose screen only as the sheet over the window.
enum Placement {
    /// A place of the navigation state that holds screens.
    enum Slot {
        case primary, detail, settings, sheet
    }

    /// Where a kind of screen goes.
    static func slot(of kind: MailScreen.Kind) -> Slot {
        switch kind {
        case .folder: .primary
        case .message, .attachment: .detail
        case .settingsPage: .settings
        case .compose: .sheet
        }
    }

    /// Where a kind of screen belongs, in words, for the status line.
    static func rule(for kind: MailScreen.Kind) -> String {
        switch kind {
        case .compose: "a compose screen opens only as the sheet over the window"
        case .message, .attachment: "a message and its attachments show only under the mailboxes, in Mail"
        case .folder: "folders show only under the mailboxes, in Mail"
        case .settingsPage: "settings pages show only in Settings"
        }
    }

    /// Why `screen` may not be in `slot` over a primary stack whose top folder is `mailbox`;
    /// `nil` when it may.
    static func refusal(of screen: MailScreen, in slot: Slot, mailbox: String?) -> String? {
        guard slot == self.slot(of: screen.kind) else { return rule(for: screen.kind) }
        guard case .message(let id) = screen else { return nil }
        // Each message is in one folder of the made-up account.
        guard let holder = MailData.folders.values.first(where: { $0.messages.contains(id) })?.id else {
            return "a message shows only under its mailbox, and no mailbox holds it"
        }
        return holder == mailbox ? nil : "a message shows only under its mailbox: reveal \(holder) first (window/mail/\(holder)+\(id))"
    }

    /// The screens of `plan` (a launch's restore, or a link merged into the state) that are not
    /// where they may be, each with why, in the order of the plan. `screen` is the screen a
    /// record stands for: the route it decoded to.
    static func refused(in plan: RestorationPlan, screen: (PlannedRecord) -> MailScreen?) -> [(record: PlannedRecord, reason: String)] {
        var refused: [(record: PlannedRecord, reason: String)] = []
        func judge(_ records: [PlannedRecord], in slot: Slot, mailbox: String? = nil) {
            for record in records {
                guard let screen = screen(record) else { continue }
                if let reason = refusal(of: screen, in: slot, mailbox: mailbox) { refused.append((record, reason)) }
            }
        }
        guard case .presentation(let chain)? = plan.root?.content else { return [] }
        if case .tabs(let tabBar)? = chain.base?.container?.content {
            for tab in tabBar.tabs {
                switch (MailNavigation.Tab(rawValue: tab.restoredRecord.identifier ?? ""), tab.container?.content) {
                case (.mail?, .split(let split)?):
                    judge(split.primary, in: .primary)
                    let folders = split.primary.filter { record in !refused.contains { $0.record.from == record.from } }.compactMap(screen)
                    judge(split.detail, in: .detail, mailbox: folders.last?.id)
                case (.settings?, _?):
                    judge(tab.container?.children ?? [], in: .settings)
                default:
                    break
                }
            }
        }
        judge(chain.presented, in: .sheet)
        return refused
    }
}
