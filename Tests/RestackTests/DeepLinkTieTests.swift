import Foundation
import Restack
import Testing

/// Issue 38, "the rules no test pins", for deep links where several records share an identifier:
/// each test fails when its rule is broken (a bug of the sample the whole suite let through).
@Suite("Deep links: records sharing an identifier")
struct DeepLinkTieTests {
    static func merged(_ root: RestorationContainer, _ link: DeepLink, resolver: RecordResolver = .acceptAll) -> RestorationPlan {
        Restorer.plan(tree(root), resolver: resolver).merging(link, resolver: resolver)
    }

    /// `identifier@from` of each restored record.
    static func shown(_ plan: RestorationPlan) -> [String] {
        plan.restoredRecords.map { "\($0.record.identifier ?? "nil")@\($0.from)" }
    }

    /// A path step goes into the last record with its identifier, in document order: as the
    /// path's last step, in the middle of a path, and between two tabs with one identifier.
    @Test func aPathStepGoesIntoTheLastRecordWithItsIdentifier() {
        let last = Self.merged(stack(node("x"), node("x"), node("y")), DeepLink(path: ["x"]))
        #expect(last.drops == ["records[2]:deep-link-popped"])
        let middle = Self.merged(stack(node("a", stack(node("m"), node("z"))), node("a", stack(node("m"), node("z")))), DeepLink(path: ["a", "m"]))
        #expect(middle.drops == ["records[1]/records[1]:deep-link-popped"])
        let tabBar = Self.merged(tabs([node("t", stack(node("m"), node("z"))), node("t", stack(node("m"), node("z")))], selected: 0),
                                 DeepLink(path: ["t", "m"]))
        #expect(tabBar.drops == ["tabs[1]/records[1]:deep-link-popped"])
        #expect(tabBar.noteList == ["deep-link-selected@"])
    }

    /// Records already shown twice in a sequence, as a run of the pushed ones: the last run is
    /// revealed (nothing above it popped), where the path revealed nothing there and where it
    /// revealed one of two records sharing its identifier.
    @Test func pushingARunShownTwiceRevealsTheLastRun() {
        let anywhere = Self.merged(stack(node("a"), node("p"), node("a"), node("p")), DeepLink(push: [node("p")]))
        #expect(anywhere.drops.isEmpty)
        #expect(anywhere.noteList == ["deep-link-shown@"])
        let above = Self.merged(stack(node("x"), node("p"), node("x"), node("p")), DeepLink(path: ["x"], push: [node("p")]))
        #expect(above.drops.isEmpty)
        #expect(above.noteList == ["deep-link-shown@"])
    }

    /// Records sharing the path's last identifier that hold containers, none with the pushed
    /// records already shown: the last one is revealed, and takes them.
    @Test func aTieBetweenCandidatesHoldingContainersRevealsTheLast() {
        let merged = Self.merged(stack(node("x", stack(node("a"))), node("x", stack(node("a")))), DeepLink(path: ["x"], push: [node("q")]))
        #expect(merged.drops.isEmpty)
        #expect(Self.shown(merged) == ["x@records[0]", "a@records[0]/records[0]", "x@records[1]", "a@records[1]/records[0]", "q@push[0]"])
        #expect(merged.container(at: "records[1]")?.children.map(\.record.identifier) == ["a", "q"])
    }

    /// A pushed record already shown is revealed, not pushed: what planning it dropped (a record
    /// inside it that the resolver refuses) is no part of the merged plan, which says the link
    /// found everything shown.
    @Test func aPushedRecordAlreadyShownListsNoDropsOfItsOwnPlanning() {
        let merged = Self.merged(stack(node("m", stack(node("ok")))), DeepLink(push: [node("m", stack(node("gone")))]), resolver: refusing("gone"))
        #expect(merged.drops.isEmpty)
        #expect(merged.noteList == ["deep-link-shown@"])
        #expect(Self.shown(merged) == ["m@records[0]", "ok@records[0]/records[0]"])
    }

    /// The shrunk input of a failure of `mergingALinkTwiceIsMergingItOnce` (seed
    /// `AHrPGbKYHgnMny/eb59wIEuS7FDFJ0qkETlWIqxLt4o=`): a link pushes a record that shares the
    /// path's last identifier and holds a container in which that record shows again. Merged a
    /// second time, the record the first merge revealed and the pushed one tie (each finds the
    /// pushed record shown); the tie goes to the one whose push pops and notes least, the
    /// revealed one, which changes nothing: the pushed one would pop `b` from its own stack.
    @Test func aTieGoesToTheCandidateThatPopsLeast() {
        let link = DeepLink(path: ["a"], push: [node("a", stack(node("a"), node("b")))])
        let once = Self.merged(stack(node("a")), link)
        #expect(once.restoredTree == tree(stack(node("a"), node("a", stack(node("a"), node("b"))))))
        let twice = Restorer.plan(once.restoredTree!).merging(link)
        #expect(twice.restoredTree == once.restoredTree)
        #expect(twice.drops.isEmpty)
        #expect(twice.noteList == ["deep-link-shown@"])
    }

    /// As above, the pushed record's container a split focused on its primary, which shows the
    /// path's last identifier on its detail: it pops nothing, but would move the split's focus;
    /// the tie goes to the record the first merge revealed, which changes nothing.
    @Test func aTieGoesToTheCandidateThatNotesLeast() {
        let link = DeepLink(path: ["a"], push: [node("a", split([node("p")], [node("a")], focus: .primary))])
        let once = Self.merged(stack(node("a")), link)
        let twice = Restorer.plan(once.restoredTree!).merging(link)
        #expect(twice.restoredTree == once.restoredTree)
        #expect(twice.drops.isEmpty)
        #expect(twice.noteList == ["deep-link-shown@"])
    }
}
