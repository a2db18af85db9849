import Restack
import Testing

/// An adapter's rebuild of a plan made with `RestorationPlan`'s initializer (a plan kept or
/// built by the app, not made by `Restorer`): a node that fails plans it again from its restored
/// tree, whose paths the result then has.
@Suite("rebuilding a plan made with the initializer")
struct RebuildOfAMadePlanTests {
    static let mailboxes = RestorationRecord(identifier: "mailboxes", className: "MailboxesController")
    static let ghost = RestorationRecord(identifier: nil, className: "GhostController")
    static let message = RestorationRecord(identifier: "message-42", className: "MessageController")
    static let inbox = RestorationRecord(identifier: "inbox", className: "InboxController")

    /// `plan`'s values, through the public initializer: nothing of where it came from.
    static func made(_ plan: RestorationPlan) -> RestorationPlan {
        RestorationPlan(formatVersion: plan.formatVersion, form: plan.form, layout: plan.layout, root: plan.root,
                        dropped: plan.dropped, notes: plan.notes, warnings: plan.warnings)
    }

    @Test func aFailedNodeIsDroppedAtItsPlaceInTheRestoredTree() throws {
        // The record without an identifier is dropped, so the message saved at records[2] is at
        // records[1] of the restored tree.
        let tree = RestorationTree(root: .stack(StackContainer(records: [Self.mailboxes, Self.ghost, Self.message, Self.inbox])))
        let planned = Restorer.plan(tree, layout: .regular)
        let plan = Self.made(planned)
        #expect(plan == planned)

        let adapter = FakeAdapter(failing: ["MessageController"])
        let rebuilt = adapter.rebuild(plan)
        #expect(rebuilt.failures.map(\.path) == [.root.appending(.records(2))], "the failure names the record where the given plan has it")
        #expect(rebuilt.failures.first?.record == Self.message)
        #expect(rebuilt.plan.dropped.map(\.path) == [.root.appending(.records(1))])
        #expect(rebuilt.plan.dropped.map(\.reason) == [.rebuildFailed])
        #expect(rebuilt.plan.restoredTree?.root == .stack(StackContainer(records: [Self.mailboxes, Self.inbox])))
        #expect(rebuilt.root?.content == .stack(StackContainer(records: [Self.mailboxes, Self.inbox].map { FakeNode(record: $0, children: nil) })))

        // Made by Restorer, the same plan keeps the saved paths.
        let fromRestorer = FakeAdapter(failing: ["MessageController"]).rebuild(planned)
        #expect(fromRestorer.plan.dropped.map(\.path) == [.root.appending(.records(1)), .root.appending(.records(2))])
        #expect(fromRestorer.plan.restoredTree == rebuilt.plan.restoredTree)
    }

    @Test func aMadePlanThatRebuildsWholeIsKeptAsGiven() throws {
        let tree = RestorationTree(root: .split(SplitContainer(primary: [Self.mailboxes, Self.inbox], detail: [Self.message], focus: .detail, compact: .merge)))
        let plan = Self.made(Restorer.plan(tree, layout: .compact))
        let rebuilt = FakeAdapter().rebuild(plan)
        #expect(rebuilt.plan == plan)
        #expect(rebuilt.failures.isEmpty)
        #expect(rebuilt.root?.compact?.stack.map(\.record) == [Self.mailboxes, Self.inbox, Self.message])
    }
}
