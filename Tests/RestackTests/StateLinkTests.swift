import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// A restored state as a deep link (issue 42 item 3): merged into its own restored tree it
/// changes nothing; merged into another device's state it shows the same screen there.
@Suite("The state as a link")
struct StateLinkTests {
    static func record(_ identifier: String, _ className: String = "Controller", container: RestorationContainer? = nil) -> RestorationRecord {
        RestorationRecord(identifier: identifier, className: className, container: container)
    }

    static let inbox = record("inbox", "InboxController")
    static let message = record("message-42", "MessageController")
    static let mailboxes = record("mailboxes", "MailboxesController")

    /// For every tree, merging its own link into its restored tree changes nothing: the link is
    /// found shown (deep-link-shown), no record dropped, the tree as it was.
    @Test func mergingItsOwnLinkIntoItsRestoredTreeChangesNothing() async {
        var shown = 0
        var duplicated = 0
        await checkProperty(count: 300, input: zip(TreeGenerators.tree, TreeGenerators.layout)) { tree, layout in
            let plan = Restorer.plan(tree, layout: layout, resolver: TreePropertyTests.resolver)
            let made = plan.link()
            guard let restored = plan.restoredTree else {
                #expect(made.link == DeepLink())
                return
            }
            let again = Restorer.plan(restored, layout: layout)
            let merged = again.merging(made.link)
            #expect(merged.restoredTree == again.restoredTree, "the link changed the screen: \(made.link)")
            #expect(merged.dropped == again.dropped)
            // A restored container with no records has an empty screen: its link is the empty
            // link, which asks for nothing and is noted nothing.
            let expected: [RestorationPlan.Note.Kind] = made.link == DeepLink() ? [] : [.deepLinkShown]
            #expect(merged.notes.dropFirst(again.notes.count).map(\.kind) == expected, "\(made.link)")
            if again.warnings.isEmpty {
                #expect(made.leftOut.isEmpty)
                #expect(made.link != DeepLink() || plan.restoredRecords.isEmpty, "a screen with records has a link")
            } else if !made.leftOut.isEmpty {
                // Siblings that share an identifier (rule 9) cannot all be named by a path: the
                // link stops above the one it cannot name, and says so.
                duplicated += 1
            }
            // And the link is a deep-link file that reads back as itself.
            #expect((try? DeepLink.decode(made.link.jsonData())) == made.link)
            shown += 1
        }
        #expect(shown > 100, "most random trees restore something: \(shown)")
        // About 1.5 in 100 trees hide their screen behind a shared identifier, so a run of 300 can
        // meet none (1 run in 100): `aScreenBehindASharedIdentifierIsLeftOut` pins that case.
        _ = duplicated
    }

    /// Columns focused on their content column, whose top record shares its identifier with a
    /// record of the detail column: the columns are one container, and a path names the last of
    /// the two (rule 9), so no path reaches the screen. The link stops above it, says what it
    /// left out, and still changes nothing.
    @Test func aScreenBehindASharedIdentifierIsLeftOut() throws {
        let shown = Self.record("a", "ListController")
        let detail = Self.record("a", "MessageController")
        let plan = Restorer.plan(RestorationTree(root: .columns(ColumnsContainer(sidebar: [Self.mailboxes], content: [Self.inbox, shown], detail: [detail], focus: .content))))
        #expect(plan.warnings.count == 1)
        let made = plan.link()
        #expect(made.link == DeepLink())
        #expect(made.leftOut.map(\.description) == ["content[1]"])
        let merged = plan.merging(made.link)
        #expect(merged.restoredTree == plan.restoredTree)
        #expect(merged.notes.count == plan.notes.count, "the empty link asks for nothing")
    }

    /// A compact stack's link, merged into a regular split on another device, shows the same
    /// records in the split's detail.
    @Test func aStacksLinkShowsItsScreenInASplitsDetail() throws {
        let phone = Restorer.plan(RestorationTree(root: .stack(StackContainer(records: [Self.inbox, Self.message]))), layout: .compact)
        let link = phone.link().link
        #expect(link == DeepLink(path: [], push: [Self.inbox, Self.message]))
        let mac = Restorer.plan(RestorationTree(root: .split(SplitContainer(primary: [Self.mailboxes], detail: [Self.record("message-1", "MessageController")])))).merging(link)
        guard case .split(let split)? = mac.root?.content else { Issue.record("a split"); return }
        #expect(split.primary.map(\.record) == [Self.mailboxes])
        #expect(split.detail.suffix(2).map(\.record) == [Self.inbox, Self.message])
        #expect(split.focus == .detail)
    }

    /// A split's link (its focused side) pushes that side's records on a phone's stack.
    @Test func aSplitsLinkShowsItsFocusedSideOnAStack() throws {
        let mac = Restorer.plan(RestorationTree(root: .split(SplitContainer(primary: [Self.mailboxes], detail: [Self.inbox, Self.message], focus: .detail))))
        let link = mac.link().link
        #expect(link == DeepLink(path: [], push: [Self.inbox, Self.message]))
        let phone = Restorer.plan(RestorationTree(root: .stack(StackContainer(records: [Self.inbox]))), layout: .compact).merging(link)
        #expect(phone.restoredTree?.root == .stack(StackContainer(records: [Self.inbox, Self.message])))
        #expect(phone.notes.map(\.kind) == [.deepLinkPushed])
    }

    /// Tabs to tabs: the selected tab is revealed and its stack shown.
    @Test func aTabBarsLinkSelectsTheTabAndShowsItsStack() throws {
        let mail = Self.record("mail", "MailTab", container: .stack(StackContainer(records: [Self.inbox, Self.message])))
        let settings = Self.record("settings", "SettingsTab")
        let one = Restorer.plan(RestorationTree(root: .tabs(TabsContainer(tabs: [settings, mail], selected: 1))))
        let link = one.link().link
        #expect(link == DeepLink(path: ["mail"], push: [Self.inbox, Self.message]))
        let otherMail = Self.record("mail", "MailTab", container: .stack(StackContainer(records: [Self.inbox])))
        let other = Restorer.plan(RestorationTree(root: .tabs(TabsContainer(tabs: [otherMail, settings], selected: 1)))).merging(link)
        guard case .tabs(let tabs)? = other.root?.content else { Issue.record("tabs"); return }
        #expect(tabs.selected == 0)
        #expect(other.restoredTree?.root == .tabs(TabsContainer(tabs: [mail, settings], selected: 0)))
    }

    /// Columns to a stack: the focused detail's records are pushed. Focused on another column
    /// (where the deep-link rules push nothing), the link reveals that column's top record.
    @Test func aColumnsLinkShowsItsFocusedColumnOnAStack() throws {
        let columns = Restorer.plan(RestorationTree(root: .columns(ColumnsContainer(sidebar: [Self.mailboxes], content: [Self.inbox], detail: [Self.message], focus: .detail))))
        let link = columns.link().link
        #expect(link == DeepLink(path: [], push: [Self.message]))
        let phone = Restorer.plan(RestorationTree(root: .stack(StackContainer(records: [Self.inbox]))), layout: .compact).merging(link)
        #expect(phone.restoredTree?.root == .stack(StackContainer(records: [Self.inbox, Self.message])))
        let onContent = Restorer.plan(RestorationTree(root: .columns(ColumnsContainer(sidebar: [Self.mailboxes], content: [Self.inbox], detail: [Self.message], focus: .content))))
        #expect(onContent.link().link == DeepLink(path: ["inbox"]))
    }

    /// A budget keeps the records nearest the screen and says what it left out; the link still
    /// merges by the rules.
    @Test func aBudgetKeepsTheRecordsNearestTheScreen() throws {
        let records = (0..<20).map { Self.record("screen-\($0)", "ScreenController") }
        let plan = Restorer.plan(RestorationTree(root: .stack(StackContainer(records: records))))
        let whole = plan.link()
        let size = whole.link.jsonData().count
        let made = plan.link(maxBytes: size / 2)
        #expect(made.link.jsonData().count <= size / 2)
        #expect(!made.link.push.isEmpty && made.link.push.count < records.count)
        #expect(made.link.push == Array(records.suffix(made.link.push.count)), "the top of the stack is kept")
        #expect(made.leftOut.map(\.description) == (0..<(records.count - made.link.push.count)).map { "records[\($0)]" })
        // One byte more than the kept link would have allowed one more record? No: it is the most that fits.
        var oneMore = made.link
        oneMore.push.insert(records[records.count - made.link.push.count - 1], at: 0)
        #expect(oneMore.jsonData().count > size / 2)
        // Merged into its own tree, the shortened link still finds its records shown.
        #expect(plan.merging(made.link).notes.map(\.kind) == [.deepLinkShown])
        // A budget smaller than the empty link leaves everything out.
        let tiny = plan.link(maxBytes: 1)
        #expect(tiny.link == DeepLink() && tiny.leftOut.count == records.count)
    }
}
