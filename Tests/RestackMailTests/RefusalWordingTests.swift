import Restack
import Testing
@testable import restack_mail

/// What restack-mail's status line says of a link it does not open, and of a screen it cannot
/// make, in process over the first screen's plan: a path that is not there, nothing to push onto,
/// a message no mailbox holds, a screen refused where it was put (each kind of screen with the
/// rule of where it may be), and a record without a class or content.
@Suite("restack-mail's refusals in words")
struct RefusalWordingTests {
    static let one = AppVersion(number: 1)

    /// The link merged over the first screen, as the app merges it, and the app's refusal.
    static func refusal(_ link: DeepLink) throws -> String? {
        let adapter = ScreenAdapter(version: one)
        let plan = Restorer.plan(try adapter.capture(MailApp(version: one).hierarchy), resolver: one.resolver)
        return LaunchStatus.refusal(of: link, in: plan.merging(link, resolver: one.resolver), version: one)
    }

    static func record(_ id: String, _ role: Screen.Role) -> RestorationRecord {
        RestorationRecord(identifier: id, className: one.className(role))
    }

    @Test func aPathThatIsNotThereNamesWhatWasMissingAndWhere() throws {
        let atRoot = try Self.refusal(DeepLink(path: ["nowhere"]))
        #expect(atRoot == "link not opened: no nowhere at the root")
        let below = try Self.refusal(DeepLink(path: ["window", "nowhere"]))
        #expect(below?.hasPrefix("link not opened: no nowhere at ") == true && below != atRoot, "\(below ?? "nil")")
    }

    @Test func aMessageNoMailboxHoldsIsRefusedSayingSo() throws {
        let refusal = try Self.refusal(DeepLink(path: ["window", "mail"], push: [Self.record("message-99", .message)]))
        #expect(refusal == "link not opened: message-99 refused: a message shows only under its mailbox, and no mailbox holds it")
    }

    /// A screen pushed where its kind may not be: the rule of where it may be, for each kind.
    @Test func aScreenPushedWhereItMayNotBeSaysWhereItMay() throws {
        let cases: [(Screen.Role, String, String)] = [
            (.folder, "inbox", "folders show only under the mailboxes, in Mail"),
            (.settingsPage, "accounts", "settings pages show only in Settings"),
            (.settingsStack, "settings", "a tab is only in the window's tab bar"),
            (.attachment, "attachment-1-1", "a message and its attachments show only under the mailboxes, in Mail"),
        ]
        for (role, id, rule) in cases {
            let refusal = try Self.refusal(DeepLink(path: [], push: [Self.record(id, role)]))
            #expect(refusal == "link not opened: \(id) refused: \(rule)", "\(role)")
        }
        // The window is the base of the chain: pushed anywhere else, it is refused.
        let window = try Self.refusal(DeepLink(path: ["window", "settings"], push: [Self.record("window", .window)]))
        #expect(window == "link not opened: window refused: the window is only the base of the screen")
    }

    /// A record of no class of this release is not the app's to place: no rule to give.
    @Test func aRecordOfNoClassOfThisReleaseHasNoPlace() {
        #expect(Self.one.refusal(of: RestorationRecord(identifier: "x", className: "Nothing")) == nil)
        #expect(Self.one.refusal(of: RestorationRecord(identifier: "x", className: nil)) == nil)
        #expect(Self.one.role(of: RestorationRecord(identifier: "x", className: nil)) == nil)
    }

    /// A record the rebuild cannot make into a screen: no class of this release, or content the
    /// account does not have; each failure says which.
    @Test func aScreenThatCannotBeMadeSaysWhy() throws {
        #expect(ScreenError.unknownClass(nil).description == "no screen class (none)")
        #expect(ScreenError.unknownClass("Nothing").description == "no screen class Nothing")
        let adapter = ScreenAdapter(version: Self.one)
        let tree = RestorationTree(root: .stack(StackContainer(records: [
            RestorationRecord(identifier: "inbox", className: nil), Self.record("inbox", .folder), Self.record("nowhere", .folder),
        ])))
        let rebuilt = adapter.rebuild(Restorer.plan(tree))
        #expect(rebuilt.failures.map { "\($0.error)" } == ["no screen class (none)", "no content nowhere"])
    }
}
