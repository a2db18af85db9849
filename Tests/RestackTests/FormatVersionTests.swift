import Restack
import Testing

/// Rule 10: a state in a format its form does not support restores nothing.
@Suite("Rule 10: format versions")
struct FormatVersionTests {
    @Test(arguments: [2, 3, 99, 0, -1])
    func unsupportedFormatDropsEveryRecord(_ version: Int) {
        let state = RestorationTree.drillDown(formatVersion: version, left: [rec("A"), rec(nil)], right: rec("R"))
        var asked = 0
        let plan = Restorer.plan(state, resolver: RecordResolver { _ in
            asked += 1
            return true
        })
        #expect(plan.left.isEmpty && plan.right == nil)
        #expect(drops(plan) == ["left[0]:unsupported-format", "left[1]:unsupported-format", "right:unsupported-format"])
        #expect(asked == 0, "the resolver is never asked about a state it cannot understand")
    }

    @Test func currentFormatIsSupported() {
        #expect(RestorationTree.Form.drillDown.supportedFormatVersions == 1...1)
        let plan = Restorer.plan(RestorationTree.drillDown(formatVersion: 1, left: [rec("A")]))
        #expect(leftIDs(plan) == ["A"])
    }
}
