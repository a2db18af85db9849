import Foundation
import Restack
import Testing

@Suite("Plan JSON")
struct PlanJSONTests {
    func json(_ plan: RestorationPlan) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: plan.jsonData()) as? [String: Any])
    }

    @Test func hasTheDocumentedKeysAndValues() throws {
        let state = RestorationTree.drillDown(
            left: [RestorationRecord(identifier: "inbox", className: "InboxController"),
                   RestorationRecord(identifier: nil, className: "ComposeController")],
            right: RestorationRecord(identifier: "message-42", className: "MessageController")
        )
        let object = try json(Restorer.plan(state))
        #expect(Set(object.keys) == ["left", "right", "dropped", "rightPromotedToLeft", "warnings"])
        let left = try #require(object["left"] as? [[String: Any]])
        try #require(left.count == 1)
        #expect(left[0]["identifier"] as? String == "inbox")
        #expect(left[0]["class"] as? String == "InboxController")
        let from = try #require(left[0]["from"] as? [String: Any])
        #expect(from["slot"] as? String == "left" && from["index"] as? Int == 0)
        let right = try #require(object["right"] as? [String: Any])
        #expect((right["from"] as? [String: Any])?["slot"] as? String == "right")
        #expect((right["from"] as? [String: Any])?["index"] == nil)
        let dropped = try #require(object["dropped"] as? [[String: Any]])
        #expect(dropped.count == 1)
        try #require(!dropped.isEmpty)
        #expect(dropped[0]["identifier"] is NSNull)
        #expect(dropped[0]["reason"] as? String == "missing-identifier")
        #expect((dropped[0]["from"] as? [String: Any])?["index"] as? Int == 1)
        #expect(object["rightPromotedToLeft"] as? Bool == false)
        #expect((object["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test func rightIsNullWhenEmptyAndPromotionIsReported() throws {
        let object = try json(Restorer.plan(RestorationTree.drillDown(left: [], right: RestorationRecord(identifier: "r"))))
        #expect(object["right"] is NSNull)
        #expect(object["rightPromotedToLeft"] as? Bool == true)
    }

    @Test func warningsCarryKindIdentifierAndSlots() throws {
        let object = try json(Restorer.plan(RestorationTree.drillDown(left: [RestorationRecord(identifier: "a"), RestorationRecord(identifier: "a")])))
        let warning = try #require((object["warnings"] as? [[String: Any]])?.first)
        #expect(warning["kind"] as? String == "duplicate-identifier")
        #expect(warning["identifier"] as? String == "a")
        #expect((warning["from"] as? [Any])?.count == 2)
        #expect((warning["message"] as? String)?.isEmpty == false)
    }

    /// One plan, two JSON shapes: the form of the planned tree decides, and a compact drill-down
    /// adds `layout` and its single stack, as `plan --json` always printed them.
    @Test func theFormDecidesTheShapeAndACompactDrillDownAddsItsStack() throws {
        let records = [RestorationRecord(identifier: "a"), RestorationRecord(identifier: "b")]
        let formatOne = try json(Restorer.plan(RestorationTree.drillDown(left: records), layout: .compact))
        #expect(Set(formatOne.keys) == ["left", "right", "dropped", "rightPromotedToLeft", "warnings", "layout", "compact"])
        let compact = try #require(formatOne["compact"] as? [String: Any])
        #expect(compact["stack"] as? [String] == ["left[0]", "left[1]"])
        let tree = try json(Restorer.plan(RestorationTree(root: .drillDown(DrillDownContainer(left: records))), layout: .compact))
        #expect(Set(tree.keys) == ["formatVersion", "layout", "root", "dropped", "notes", "warnings"])
    }

    /// A format-1 drill-down's plan is the one plan: its root is the planned drill-down, read slot
    /// by slot, with rule 5's note; a plan that restores nothing has no root, and its format-1
    /// JSON an empty drill-down.
    @Test func aFormatOnePlanIsReadSlotBySlotFromItsRoot() throws {
        let plan = Restorer.plan(RestorationTree.drillDown(left: [RestorationRecord(identifier: nil)], right: RestorationRecord(identifier: "r")))
        guard case .drillDown(let root)? = plan.root?.content else {
            Issue.record("not a drill-down: \(String(describing: plan.root))")
            return
        }
        #expect(root.left.map(\.from) == [RecordPath([.right])] && root.right == nil && plan.notes.map(\.kind) == [.rightPromoted])
        let nothing = Restorer.plan(RestorationTree.drillDown(formatVersion: 9, left: [RestorationRecord(identifier: "a")]))
        #expect(nothing.root == nil && nothing.form == .drillDown)
        let object = try json(nothing)
        #expect((object["left"] as? [Any])?.isEmpty == true && object["right"] is NSNull && object["rightPromotedToLeft"] as? Bool == false)
    }
}
