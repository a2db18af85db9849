import Foundation
@testable import Restack
import RestackTestSupport
import Testing

/// The budget rule's cost grows with the records it takes like n log n: it once walked the whole
/// tree again for each record it took (quadratic), so that a state far over its caps held up the
/// save that fitted it (4,000 records took 11 s in a debug build). Judged by a ratio in one
/// interleaved run: four times the records may cost about four times the time, never sixteen.
@Suite("The budget rule's cost")
struct SaveBudgetCostTests {
    /// A tab bar of four tabs, each a stack of `count / 4` records, the first two truncating.
    static func tree(_ count: Int) -> RestorationTree {
        RestorationTree(root: .tabs(TabsContainer(tabs: (0..<4).map { tab in
            RestorationRecord(identifier: "tab-\(tab)", className: "Tab", container: .stack(StackContainer(
                records: (0..<(count / 4)).map { RestorationRecord(identifier: "screen-\($0)", className: "Screen", payload: Data(repeating: 7, count: 16)) },
                afterDrop: tab < 2 ? .truncate : .closeGap)))
        }, selected: 3)))
    }

    static var budget: SaveBudget { SaveBudget(maxRecords: 100, maxBytes: .max) { ($0.payload?.count ?? 0) + ($0.identifier?.utf8.count ?? 0) } }

    @Test func fittingGrowsLinearlyWithTheRecordsTaken() throws {
        let small = Self.tree(1_000), large = Self.tree(4_000)
        let timing = GrowthTiming(small: { _ = Self.budget.fit(small) }, large: { _ = Self.budget.fit(large) })
        #expect(timing.ratio < 9, "4x the records took \(timing.ratio)x the time (\(timing.small) s, \(timing.large) s)")
        let fitted = try #require(Self.budget.fit(large))
        #expect(fitted.allRecords.count <= 100)
        #expect(fitted.allRecords.filter { $0.record.cutNote == .overBudget }.count == 4, "one note on top of each tab's stack")
    }
}
