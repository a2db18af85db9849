import Foundation
import Restack
import Testing

/// The deep-link rules: a link's path revealed in each kind, its records pushed, and a link that
/// does not match changing nothing.
@Suite("Deep links: merge")
struct DeepLinkMergeTests {
    static func link(_ path: String..., push: [RestorationRecord] = []) -> DeepLink {
        DeepLink(path: path, push: push)
    }

    /// `identifier@from` of each restored record, `push[i]` for a pushed one.
    static func shown(_ plan: RestorationPlan) -> [String] {
        plan.restoredRecords.map { "\($0.record.identifier ?? "nil")@\($0.from)" }
    }

    /// A push that would nest the tree deeper than a state may (found by the hostile-input
    /// probe: the merged state could be neither saved nor read back) changes nothing, with a
    /// note; one that reaches the limit exactly is merged.
    @Test func aPushThatWouldNestTooDeepChangesNothing() {
        func nested(_ depth: Int, _ name: String) -> RestorationRecord {
            var record = node("\(name)\(depth)")
            for level in (1..<depth).reversed() {
                record = node("\(name)\(level)", stack(record))
            }
            return record
        }
        let limit = RestorationTree.maxContainerDepth
        // The root stack is level 1; a pushed record holding n - 1 nested stacks makes the tree n deep.
        let plan = Restorer.plan(tree(stack(node("a"))))
        let fits = plan.merging(Self.link(push: [nested(limit, "p")]))
        #expect(fits.restoredTree?.root.depth == limit)
        #expect(fits.noteList == ["deep-link-pushed@"])
        let tooDeep = plan.merging(Self.link(push: [nested(limit + 1, "p")]))
        #expect(tooDeep.noteList == ["deep-link-too-deep@"])
        #expect(tooDeep.root == plan.root && tooDeep.dropped == plan.dropped)
    }

    // MARK: stack

    @Test func aStackPopsEverythingAboveTheRevealedRecordWithTheirContents() {
        let plan = Restorer.plan(tree(stack(node("a"), node("b"), node("c", stack(node("x"))), node("d"))))
        let merged = plan.merging(Self.link("b"))
        #expect(Self.shown(merged) == ["a@records[0]", "b@records[1]"])
        #expect(merged.drops == ["records[2]:deep-link-popped", "records[2]/records[0]:ancestor-dropped", "records[3]:deep-link-popped"])
        #expect(merged.notes.isEmpty)
    }

    @Test func aPushGoesAboveAPlainRecordInItsOwnStackMarkedAsFromTheLink() throws {
        let plan = Restorer.plan(tree(stack(node("a"), node("b"))))
        let merged = plan.merging(Self.link("a", push: [node("m")]))
        #expect(Self.shown(merged) == ["a@records[0]", "m@push[0]"])
        #expect(merged.drops == ["records[1]:deep-link-popped"])
        let pushed = try #require(merged.restoredRecords.last)
        #expect(pushed.isFromDeepLink)
        #expect(!merged.restoredRecords[0].isFromDeepLink)
        #expect(merged.noteList == ["deep-link-pushed@"])
    }

    @Test func aTruncatingStackTruncatesThePushedRecordsAfterOneNotRestoredAndKeepsItsSetting() {
        var asked: [String?] = []
        let resolver = RecordResolver { (record: RestorationRecord) in
            asked.append(record.identifier)
            return record.identifier != "gone"
        }
        let plan = Restorer.plan(tree(.stack(StackContainer(records: [node("a"), node("b")], afterDrop: .truncate))))
        let merged = plan.merging(Self.link("a", push: [node("m"), node("gone"), node("after", stack(node("x")))]), resolver: resolver)
        #expect(asked == ["m", "gone"], "nothing pushed after the first record not restored is asked about")
        #expect(Self.shown(merged) == ["a@records[0]", "m@push[0]"])
        #expect(merged.drops == ["records[1]:deep-link-popped", "push[1]:unresolved-class", "push[2]:truncated", "push[2]/records[0]:ancestor-dropped"])
        guard case .stack(let plannedStack)? = merged.root?.content else { Issue.record("not a stack"); return }
        #expect(plannedStack.afterDrop == .truncate)
        // A stack that closes gaps pushes the rest.
        let closing = Restorer.plan(tree(stack(node("a")))).merging(Self.link(push: [node("gone"), node("after")]), resolver: resolver)
        #expect(Self.shown(closing) == ["a@records[0]", "after@push[1]"])
    }

    @Test func aPushGoesOntoTheStackTheLastRecordHoldsAskingTheResolverWithItsIdentifierPath() {
        var asked: [[String]] = []
        let resolver = RecordResolver { (record: RestorationRecord, path: [String]) in
            asked.append(path)
            return record.identifier != "gone"
        }
        let plan = Restorer.plan(tree(tabs([node("mail", stack(node("inbox"), node("old"))), node("settings")], selected: 1)))
        asked = []
        let merged = plan.merging(Self.link("mail", "inbox", push: [node("gone"), node("m", stack(node("inner")))]), resolver: resolver)
        #expect(asked == [["mail", "gone"], ["mail", "m"], ["mail", "m", "inner"]])
        #expect(Self.shown(merged) == ["mail@tabs[0]", "inbox@tabs[0]/records[0]", "m@push[1]", "inner@push[1]/records[0]", "settings@tabs[1]"])
        #expect(merged.drops == ["tabs[0]/records[1]:deep-link-popped", "push[0]:unresolved-class"])
        #expect(merged.noteList == ["deep-link-selected@", "deep-link-pushed@tabs[0]"])
        #expect(merged.container(at: "")?.content == .tabs(TabsContainer(tabs: merged.root!.children, selected: 0)))
    }

    // MARK: nothing half-applied

    @Test func anUnmatchedIdentifierChangesNothingAndNamesTheIdentifier() {
        var askedAboutPushed = false
        let plan = Restorer.plan(tree(stack(node("a"), node("b", stack(node("x"))), node("c"))))
        let resolver = RecordResolver { (record: RestorationRecord) in
            askedAboutPushed = askedAboutPushed || record.identifier == "m"
            return true
        }
        let cases: [(DeepLink, RecordPath, String)] = [(Self.link("zzz", push: [node("m")]), .root, "zzz"),
                                                      (Self.link("b", "nope", push: [node("m")]), RecordPath([.records(1)]), "nope"),
                                                      (Self.link("a", "x"), RecordPath([.records(0)]), "x")]
        for (link, path, identifier) in cases {
            var expected = plan
            expected.form = .tree
            expected.notes.append(RestorationPlan.Note(kind: .deepLinkUnmatched, path: path, identifier: identifier))
            #expect(plan.merging(link, resolver: resolver) == expected)
        }
        #expect(!askedAboutPushed)
    }

    @Test func aPushThatFindsNoStackChangesNothing() {
        let plan = Restorer.plan(tree(tabs([node("a"), node("b", stack(node("x")))], selected: 0)))
        let merged = plan.merging(Self.link(push: [node("m")]))
        #expect(merged.root == plan.root)
        #expect(merged.dropped == plan.dropped)
        #expect(merged.noteList == ["deep-link-no-stack@tabs[0]"])
        // A link to a plain tab, pushing: the same.
        #expect(plan.merging(Self.link("b", "x")).root != plan.root, "a path alone selects")
        #expect(plan.merging(Self.link("a", push: [node("m")])).noteList == ["deep-link-no-stack@tabs[0]"])
    }

    @Test func aPlanThatRestoresNothingTakesNoLink() {
        let plan = Restorer.plan(tree(stack(node("a")), version: 9))
        #expect(plan.merging(Self.link("a")).noteList == ["deep-link-unmatched@"])
        #expect(plan.merging(Self.link(push: [node("m")])).noteList == ["deep-link-no-stack@"])
        #expect(plan.merging(Self.link("a")).root == nil)
    }

    // MARK: drill-down

    @Test func aDrillDownRevealsALeftRecordByPoppingTheLeftAboveAndTheRight() {
        let plan = Restorer.plan(tree(drillDown([node("a"), node("b"), node("c")], right: node("r"))))
        let merged = plan.merging(Self.link("b"))
        #expect(merged.root?.content == .drillDown(DrillDownContainer(left: Array(plan.root!.children[0...1]), right: nil)))
        #expect(merged.drops == ["left[2]:deep-link-popped", "right:deep-link-popped"])
        #expect(plan.merging(Self.link("r")).root == plan.root, "revealing the right pops nothing")
    }

    @Test func aDrillDownPushIsSGBsPushTheOldRightMovesLeft() {
        let full = Restorer.plan(tree(drillDown([node("a")], right: node("r")))).merging(Self.link(push: [node("m"), node("n")]))
        #expect(Self.shown(full) == ["a@left[0]", "r@right", "m@push[0]", "n@push[1]"])
        guard case .drillDown(let fullDrillDown)? = full.root?.content else { Issue.record("not a drill-down"); return }
        var (left, right) = (fullDrillDown.left, fullDrillDown.right)
        #expect(left.map(\.record.identifier) == ["a", "r", "m"])
        #expect(right?.record.identifier == "n")
        let empty = Restorer.plan(tree(drillDown([]))).merging(Self.link(push: [node("m"), node("n")]))
        guard case .drillDown(let emptyDrillDown)? = empty.root?.content else { Issue.record("not a drill-down"); return }
        (left, right) = (emptyDrillDown.left, emptyDrillDown.right)
        #expect(left.map(\.record.identifier) == ["m"])
        #expect(right?.record.identifier == "n")
    }

    @Test func aFormatOneDrillDownMergesIntoAFormatTwoPlan() throws {
        let plan = Restorer.plan(.drillDown(left: [node("a")], right: node("b")), layout: .compact)
        let merged = plan.merging(Self.link("a", push: [node("m")]))
        #expect(merged.form == .tree)
        #expect(merged.formatVersion == 2)
        #expect(merged.root?.compact?.stack.map(\.description) == ["left[0]", "push[0]"])
        let json = String(decoding: merged.jsonData(), as: UTF8.self)
        #expect(json.contains(#""deepLink" : true"#))
        #expect(json.contains(#""from" : null"#))
        #expect(json.contains(#""formatVersion" : 2"#))
    }

    // MARK: split

    @Test func aSplitFocusesTheRevealedSideAndPushesOntoTheDetail() {
        let plan = Restorer.plan(tree(split([node("index"), node("sub")], [node("item"), node("more")], focus: .detail)), layout: .compact)
        let revealed = plan.merging(Self.link("index"))
        #expect(revealed.noteList == ["deep-link-focused@"])
        #expect(revealed.drops == ["primary[1]:deep-link-popped"])
        guard case .split(let revealedSplit)? = revealed.root?.content else { Issue.record("not a split"); return }
        let (detail, focus) = (revealedSplit.detail, revealedSplit.focus)
        #expect(focus == .primary)
        #expect(detail.count == 2, "the other side stays")

        let onPrimary = Restorer.plan(tree(split([node("index"), node("sub")], [node("item"), node("more")])), layout: .compact)
        let pushed = onPrimary.merging(Self.link("index", push: [node("m")]))
        guard case .split(let pushedSplit)? = pushed.root?.content else { Issue.record("not a split"); return }
        let (primary, detail2, focus2) = (pushedSplit.primary, pushedSplit.detail, pushedSplit.focus)
        #expect(primary.map(\.record.identifier) == ["index"])
        #expect(detail2.map(\.record.identifier) == ["item", "more", "m"])
        #expect(focus2 == .detail)
        #expect(pushed.noteList == ["deep-link-focused@", "deep-link-pushed@"])
        #expect(pushed.root?.compact?.stack.map(\.description) == ["primary[0]", "detail[0]", "detail[1]", "push[0]"])
        // Focused on the primary by the path, then back on the detail by the push: no focus note.
        #expect(plan.merging(Self.link("index", push: [node("m")])).noteList == ["deep-link-pushed@"])
    }

    // MARK: tabs

    @Test func aTabBarSelectsTheRevealedTabAndAnEmptyPathPushesOntoTheSelectedTabsStack() {
        let plan = Restorer.plan(tree(tabs([node("a", stack(node("x"))), node("b", stack(node("y")))], selected: 1)))
        #expect(plan.merging(Self.link("a")).noteList == ["deep-link-selected@"])
        #expect(plan.merging(Self.link("a")).root?.content == .tabs(TabsContainer(tabs: plan.root!.children, selected: 0)))
        #expect(plan.merging(Self.link("b")).noteList == ["deep-link-shown@"], "selecting the selected tab is no news: it was shown")
        let pushed = plan.merging(Self.link(push: [node("m")]))
        #expect(Self.shown(pushed) == ["a@tabs[0]", "x@tabs[0]/records[0]", "b@tabs[1]", "y@tabs[1]/records[0]", "m@push[0]"])
        #expect(pushed.noteList == ["deep-link-pushed@tabs[1]"])
    }

    // MARK: presentation

    @Test func aChainDismissesAboveTheRevealedRecordAndTruncatesItsPushedRecords() throws {
        let plan = Restorer.plan(tree(presentation(node("base"), node("sheet"), node("alert"))))
        #expect(plan.merging(Self.link("base")).drops == ["presented[0]:deep-link-popped", "presented[1]:deep-link-popped"])
        let merged = plan.merging(Self.link("sheet", push: [node("ok"), node("gone"), node("after", stack(node("inner")))]), resolver: refusing("gone"))
        #expect(Self.shown(merged) == ["base@base", "sheet@presented[0]", "ok@push[0]"])
        #expect(merged.drops == ["presented[1]:deep-link-popped", "push[1]:unresolved-class", "push[2]:truncated", "push[2]/records[0]:ancestor-dropped"])
        let dropped = try #require(try JSONSerialization.jsonObject(with: merged.jsonData()) as? [String: Any])["dropped"] as? [[String: Any]]
        #expect(dropped?.map { $0["deepLink"] as? Bool } == [nil, true, true, true], "the link's own records are marked, a popped one is not")
        let empty = Restorer.plan(tree(presentation(nil))).merging(Self.link(push: [node("first"), node("second")]))
        #expect(empty.root?.content == .presentation(PresentationContainer(base: empty.root!.children[0], presented: [empty.root!.children[1]])))
    }

    // MARK: across kinds

    @Test func theLastRecordWithTheIdentifierIsRevealedAndDuplicatesAreWarnedAfresh() {
        let plan = Restorer.plan(tree(stack(node("a"), node("x"), node("a"), node("b"))))
        let merged = plan.merging(Self.link("a", push: [node("c")]))
        #expect(Self.shown(merged) == ["a@records[0]", "x@records[1]", "a@records[2]", "c@push[0]"])
        #expect(merged.drops == ["records[3]:deep-link-popped"])
        #expect(merged.warnings == [.duplicateIdentifier("a", paths: [RecordPath([.records(0)]), RecordPath([.records(2)])])])
        let onB = Restorer.plan(tree(stack(node("b")))).merging(Self.link("b", push: [node("b")]))
        #expect(onB.warnings == [.duplicateIdentifier("b", paths: [RecordPath([.records(0)]), RecordPath([.push(0)])])])
    }

    @Test func aPoppedRenamedRecordIsListedAsSaved() throws {
        let aliases = try ClassAliases(["OldController": "NewController"])
        let resolver = RecordResolver.acceptAll.renaming(aliases)
        let plan = Restorer.plan(tree(stack(node("a"), RestorationRecord(identifier: "b", className: "OldController"))), resolver: resolver)
        let merged = plan.merging(Self.link("a"), resolver: resolver)
        #expect(merged.dropped.first?.record.className == "OldController")
    }

    @Test func aNestedRevealRebuildsEveryContainerOnTheWay() {
        let saved = tree(split([node("nav", tabs([node("inbox", stack(node("list"), node("message"))), node("sent")], selected: 1))], [node("d")]))
        let merged = Restorer.plan(saved, layout: .compact).merging(Self.link("nav", "inbox", "list", push: [node("m")]))
        #expect(Self.shown(merged) == ["nav@primary[0]", "inbox@primary[0]/tabs[0]", "list@primary[0]/tabs[0]/records[0]", "m@push[0]",
                                       "sent@primary[0]/tabs[1]", "d@detail[0]"])
        #expect(merged.drops == ["primary[0]/tabs[0]/records[1]:deep-link-popped"])
        #expect(merged.noteList == ["deep-link-selected@primary[0]", "deep-link-pushed@primary[0]/tabs[0]"])
        #expect(merged.root?.compact?.stack.map(\.description) == ["primary[0]", "detail[0]"])
        // Planning the merged tree again drops nothing (rule 11 holds for merged plans too).
        let again = Restorer.plan(merged.restoredTree!, layout: .compact)
        #expect(again.dropped.isEmpty)
        #expect(again.restoredRecords.map(\.restoredRecord) == merged.restoredRecords.map(\.restoredRecord))
    }

    @Test func aPlanWithoutALinkWritesNoLinkKeys() throws {
        let data = Restorer.plan(tree(split([node(nil)], [node("d")]))).jsonData()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let notes = try #require(json["notes"] as? [[String: Any]])
        #expect(notes.count == 2)
        #expect(notes.allSatisfy { Set($0.keys) == ["kind", "path"] })
        #expect(!String(decoding: data, as: UTF8.self).contains("deepLink"))
        let detail = try #require(((json["root"] as? [String: Any])?["detail"] as? [[String: Any]])?.first)
        #expect(Set(detail.keys) == ["identifier", "class", "from"])
    }
}
