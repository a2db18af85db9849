import Restack
import Testing

/// Rules 2 to 5 when the app cannot rebuild some records.
@Suite("Rules 2-5: records that fail to rebuild")
struct RebuildFailureTests {
    @Test func rightFailingToRebuildIsNotReplacedByTheTopLeft() {
        // SGB's misfire: the top-left would be promoted into the right slot.
        let state = RestorationTree.drillDown(left: [rec("A"), rec("B"), rec("C")], right: rec("R"))
        let plan = Restorer.plan(state, resolver: RecordResolver { $0.identifier != "R" })
        #expect(leftIDs(plan) == ["A", "B", "C"])
        #expect(plan.right == nil)
        #expect(!plan.rightPromotedToLeft)
        #expect(drops(plan) == ["right:unresolved-class"])
    }

    @Test func leftFailingToRebuildInATwoRecordSaveLeavesTheRightAsSoleLeft() {
        let state = RestorationTree.drillDown(left: [rec("A")], right: rec("R"))
        let plan = Restorer.plan(state, resolver: RecordResolver { $0.identifier != "A" })
        #expect(leftIDs(plan) == ["R"])
        #expect(plan.right == nil)
        #expect(plan.rightPromotedToLeft)
        #expect(drops(plan) == ["left[0]:unresolved-class"])
    }

    @Test func mixedInvalidAndUnresolvedRecordsCloseTheirGaps() {
        let state = RestorationTree.drillDown(left: [rec("A"), rec(nil), rec("Gone"), rec(""), rec("E")], right: rec("R"))
        let plan = Restorer.plan(state, resolver: RecordResolver { $0.identifier != "Gone" })
        #expect(leftIDs(plan) == ["A", "E"])
        #expect(plan.right?.record.identifier == "R")
        #expect(drops(plan) == ["left[1]:missing-identifier", "left[2]:unresolved-class", "left[3]:empty-identifier"])
    }

    @Test func everythingUnresolvedRestoresNothing() {
        let state = RestorationTree.drillDown(left: [rec("A"), rec("B")], right: rec("R"))
        let plan = Restorer.plan(state, resolver: RecordResolver { _ in false })
        #expect(plan.left.isEmpty && plan.right == nil && !plan.rightPromotedToLeft)
        #expect(plan.dropped.map(\.reason) == [.unresolvedClass, .unresolvedClass, .unresolvedClass])
    }

    @Test func resolverIsAskedOnlyAboutValidRecordsOnceEachInStackOrder() {
        var asked: [String] = []
        let state = RestorationTree.drillDown(left: [rec("A"), rec(nil), rec(""), rec("D")], right: rec("R"))
        _ = Restorer.plan(state, resolver: RecordResolver { record in
            asked.append(record.identifier!)
            return true
        })
        #expect(asked == ["A", "D", "R"])
    }

    @Test func knownClassesResolverComparesExactNamesAndRejectsMissingClasses() {
        let noClass = RestorationRecord(identifier: "N", className: nil)
        let state = RestorationTree.drillDown(left: [rec("Inbox"), noClass, rec("inbox")], right: rec("Message"))
        let plan = Restorer.plan(state, resolver: .knownClasses(["InboxController", "MessageController"]))
        #expect(leftIDs(plan) == ["Inbox"])
        #expect(plan.right?.record.identifier == "Message")
        #expect(drops(plan) == ["left[1]:unresolved-class", "left[2]:unresolved-class"])
    }
}
