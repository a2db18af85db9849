import Foundation
@testable import Restack
import RestackTestSupport
import Testing

/// Merging a deep link costs the records it looks at, however many share the identifier its path
/// ends with (issue 38: 16,000 such records took 34 s, 8,000 took 8.8 s: each was compared through
/// the container's children made again at every look). Judged by a ratio measured in one
/// interleaved run, not by a clock's absolute figure: four times the records may cost about four
/// times the time (linear), never sixteen (quadratic).
@Suite("A deep link's merge's cost")
struct DeepLinkMergeCostTests {
    enum Shape: String, CaseIterable {
        /// A stack of records all named `x`; the link pushes a new record.
        case pushNew
        /// The same; the link pushes a record equal to those shown (revealed, not pushed).
        case pushShown
        /// A stack of records named `x`, each holding a stack of one record; the link pushes.
        case pushIntoContainers
    }

    static func plan(_ shape: Shape, _ count: Int) -> RestorationPlan {
        let record = RestorationRecord(identifier: "x", className: "X")
        let records = (0..<count).map { _ in
            var shown = record
            if shape == .pushIntoContainers {
                shown.container = .stack(StackContainer(records: [RestorationRecord(identifier: "y", className: "Y")]))
            }
            return shown
        }
        return Restorer.plan(RestorationTree(root: .stack(StackContainer(records: records))))
    }

    static func link(_ shape: Shape) -> DeepLink {
        DeepLink(path: ["x"], push: [shape == .pushShown ? RestorationRecord(identifier: "x", className: "X")
                                                           : RestorationRecord(identifier: "p", className: "P")])
    }

    @Test(arguments: Shape.allCases)
    func mergingGrowsLinearlyWithTheRecordsSharingTheIdentifier(_ shape: Shape) {
        let small = Self.plan(shape, 1_000), large = Self.plan(shape, 4_000)
        let link = Self.link(shape)
        let timing = GrowthTiming(small: { _ = small.merging(link) }, large: { _ = large.merging(link) })
        #expect(timing.ratio < 9, "4x the records took \(timing.ratio)x the time (\(timing.small) s, \(timing.large) s)")
        // What the merge gives, on a small plan: the last `x` revealed, everything above popped.
        let merged = Self.plan(shape, 3).merging(link)
        #expect(merged.dropped.filter { $0.reason == .deepLinkPopped }.isEmpty)
        #expect(merged.restoredRecords.filter { $0.from.isInDeepLink }.count == (shape == .pushShown ? 0 : 1))
    }
}
