import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// The idempotence rule of deep links, "reveal it if it is there, push it only if it is not": a
/// link merged into a plan that already shows what it asks for changes nothing.
@Suite("Deep links: idempotence")
struct DeepLinkIdempotenceTests {
    typealias Merge = DeepLinkMergeTests

    /// A tree, a layout, numbers that choose the link, and fresh records it may push.
    static let input = Generator(run: { rng -> (RestorationTree, Layout, [Int], [RestorationRecord]) in
        let tree = TreeGenerators.tree.run(using: &rng)
        let layout = TreeGenerators.layout.run(using: &rng)
        let choices = (0..<6).map { _ in Int.random(in: 0...1_000, using: &rng) }
        let fresh = (0..<3).map { _ in TreeGenerators.record(level: TreeGenerators.maxDepth - 1, using: &rng) }
        return (tree, layout, choices, fresh)
    })

    /// A link into `plan`: an empty path, or the identifier path of a restored record; and up to
    /// three pushed records: fresh ones, or copies (identifier and class, another payload, no
    /// container) of consecutive records near the path's end, so that links often find their
    /// records already shown, in part or whole.
    static func link(in plan: RestorationPlan, choices: [Int], fresh: [RestorationRecord]) -> DeepLink {
        let restored = plan.restoredRecords
        let path = choices[0] % 5 == 0 ? [] : DeepLinkPropertyTests.identifierPath(to: choices[1], in: plan) ?? []
        let target = path.isEmpty || restored.isEmpty ? RecordPath.root : restored[choices[1] % restored.count].from
        let parent = RecordPath(Array(target.steps.dropLast()))
        var near = restored.filter { RecordPath(Array($0.from.steps.dropLast())) == target || RecordPath(Array($0.from.steps.dropLast())) == parent }
        if near.isEmpty { near = restored }
        let count = choices[2] % 4
        var push: [RestorationRecord] = []
        for index in 0..<count {
            if near.isEmpty || (choices[3] % 3 == 0 && index == count - 1) || choices[4] % 4 == 0 {
                push.append(fresh[index])
            } else {
                let copied = near[(choices[5] + index) % near.count].record
                push.append(RestorationRecord(identifier: copied.identifier, className: copied.className, payload: Data([UInt8(index)])))
            }
        }
        return DeepLink(path: path, push: push)
    }

    /// For every tree and link: merging the link into the merged plan's restored tree gives the
    /// same restored tree, byte for byte, payloads included; the second merge pops and pushes
    /// nothing, and says the link found everything shown.
    @Test func mergingALinkTwiceIsMergingItOnce() async {
        var applied = 0, revealedInstead = 0
        await checkProperty(count: 1_000, input: Self.input) { tree, layout, choices, fresh in
            let resolver = TreePropertyTests.resolver
            let plan = Restorer.plan(tree, layout: layout, resolver: resolver)
            let link = Self.link(in: plan, choices: choices, fresh: fresh)
            let once = plan.merging(link, resolver: resolver)
            guard let onceTree = once.restoredTree else { return }
            let twice = Restorer.plan(onceTree, layout: layout, resolver: resolver).merging(link, resolver: resolver)
            let twiceTree = try #require(twice.restoredTree)
            #expect(StateFile.encode(twiceTree) == StateFile.encode(onceTree), "the link: \(link)")
            let refused = once.notes.contains { [.deepLinkUnmatched, .deepLinkNoStack, .deepLinkTooDeep].contains($0.kind) }
            guard !refused else { return }
            applied += 1
            if once.restoredRecords.filter(\.isFromDeepLink).count < link.push.count && !once.dropped.contains(where: \.path.isInDeepLink) {
                revealedInstead += 1
            }
            #expect(!twice.dropped.contains { $0.reason == .deepLinkPopped }, "the link: \(link)")
            #expect(twice.restoredRecords.allSatisfy { !$0.isFromDeepLink }, "the link: \(link)")
            if !twice.dropped.contains(where: \.path.isInDeepLink), link != DeepLink() {
                #expect(twice.notes.last?.kind == .deepLinkShown, "the link: \(link)")
            }
        }
        #expect(applied > 700, "most random links apply: \(applied)")
        #expect(revealedInstead > 30, "many find some of their records shown: \(revealedInstead)")
    }

    /// The records already shown keep their saved payload and container; the link's copies do not
    /// replace them.
    @Test func aRecordAlreadyShownKeepsItsPayloadAndContainer() {
        var message = node("message-1", stack(node("attachment")))
        message.payload = Data("saved".utf8)
        let plan = Restorer.plan(tree(stack(node("inbox"), message)))
        var copy = node("message-1")
        copy.payload = Data("from the link".utf8)
        let merged = plan.merging(Merge.link("inbox", push: [copy]))
        #expect(merged.restoredTree == plan.restoredTree)
        #expect(merged.dropped.isEmpty)
        #expect(merged.noteList == ["deep-link-shown@"])
    }

    /// Stack: the run directly above the revealed record is revealed, what is above it popped,
    /// only the rest pushed; a record of another class with the same identifier is no match.
    @Test func aStackRevealsTheRunAbovePopsTheRestAndPushesWhatIsMissing() {
        let plan = Restorer.plan(tree(stack(node("inbox"), node("m1"), node("att"), node("x"))))
        let merged = plan.merging(Merge.link("inbox", push: [node("m1"), node("att"), node("new")]))
        #expect(Merge.shown(merged) == ["inbox@records[0]", "m1@records[1]", "att@records[2]", "new@push[2]"])
        #expect(merged.drops == ["records[3]:deep-link-popped"])
        #expect(merged.noteList == ["deep-link-pushed@"])
        let other = plan.merging(Merge.link("inbox", push: [RestorationRecord(identifier: "m1", className: "OtherController")]))
        #expect(Merge.shown(other) == ["inbox@records[0]", "m1@push[0]"])
        #expect(other.drops == ["records[1]:deep-link-popped", "records[2]:deep-link-popped", "records[3]:deep-link-popped"])
    }

    /// Into the container of the path's last record (the issue's `window/settings+accounts`): the
    /// records are found anywhere in it; found, what is above them is popped; not found, they go
    /// on top and nothing is popped.
    @Test func intoAContainerTheRecordsAreFoundAnywhereInIt() {
        let plan = Restorer.plan(tree(tabs([node("mail"), node("settings", stack(node("general"), node("accounts"), node("security")))], selected: 0)))
        let merged = plan.merging(Merge.link("settings", push: [node("accounts")]))
        #expect(Merge.shown(merged) == ["mail@tabs[0]", "settings@tabs[1]", "general@tabs[1]/records[0]", "accounts@tabs[1]/records[1]"])
        #expect(merged.drops == ["tabs[1]/records[2]:deep-link-popped"])
        #expect(merged.noteList == ["deep-link-selected@"])
        let again = Restorer.plan(merged.restoredTree!).merging(Merge.link("settings", push: [node("accounts")]))
        #expect(again.restoredTree == merged.restoredTree)
        #expect(again.noteList == ["deep-link-shown@tabs[1]"])
        let missing = plan.merging(Merge.link("settings", push: [node("about")]))
        #expect(missing.drops.isEmpty)
        #expect(Merge.shown(missing).last == "about@push[0]")
    }

    /// A drill-down's sequence is its left stack then its right record; a split's and a column
    /// split's is the detail, whichever side the path revealed; a chain's is base then presented.
    @Test func eachKindRevealsInTheSequenceItPushesOnto() {
        let drill = Restorer.plan(tree(drillDown([node("mailboxes"), node("inbox")], right: node("m1"))))
        let onDrill = drill.merging(Merge.link("mailboxes", push: [node("inbox"), node("m1")]))
        #expect(onDrill.restoredTree == drill.restoredTree)
        #expect(onDrill.noteList == ["deep-link-shown@"])
        let partly = drill.merging(Merge.link("mailboxes", push: [node("inbox"), node("m2")]))
        #expect(Merge.shown(partly) == ["mailboxes@left[0]", "inbox@left[1]", "m2@push[1]"])
        #expect(partly.drops == ["right:deep-link-popped"])

        let split = Restorer.plan(tree(split([node("index"), node("sub")], [node("item"), node("more")], focus: .detail)))
        let onSplit = split.merging(Merge.link("index", push: [node("item")]))
        #expect(Merge.shown(onSplit) == ["index@primary[0]", "item@detail[0]"])
        #expect(onSplit.drops == ["primary[1]:deep-link-popped", "detail[1]:deep-link-popped"])
        #expect(onSplit.noteList.isEmpty, "the focus ends on the detail, where it was")

        let chain = Restorer.plan(tree(.presentation(PresentationContainer(base: node("inbox"), presented: [node("compose"), node("picker")]))))
        let onChain = chain.merging(Merge.link(push: [node("compose")]))
        #expect(Merge.shown(onChain) == ["inbox@base", "compose@presented[0]"])
        #expect(onChain.drops == ["presented[1]:deep-link-popped"])
    }

    /// The path's last identifier names several records: the one with the most of the link's
    /// records directly above it is revealed (the last one on a tie), so that a link that pushes
    /// a record with that identifier is idempotent too.
    @Test func ofRecordsSharingThePathsIdentifierTheOneWithTheLongestRunIsRevealed() {
        let plan = Restorer.plan(tree(stack(node("a"), node("b"), node("a"))))
        let merged = plan.merging(Merge.link("a", push: [node("b")]))
        #expect(Merge.shown(merged) == ["a@records[0]", "b@records[1]"])
        #expect(merged.drops == ["records[2]:deep-link-popped"])
        let onItself = Restorer.plan(tree(stack(node("a")))).merging(Merge.link("a", push: [node("b"), node("a")]))
        let again = Restorer.plan(onItself.restoredTree!).merging(Merge.link("a", push: [node("b"), node("a")]))
        #expect(again.restoredTree == onItself.restoredTree)
    }
}
