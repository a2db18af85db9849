@testable import Restack
import RestackTestSupport
import Testing

/// A path's description costs its length: it once re-copied the growing text at each step
/// (quadratic), and it is public API, spelled for every record a message names. Judged by a
/// ratio measured in one interleaved run, not by a clock's absolute figure: four times the steps
/// may cost about four times the time (linear), never sixteen (quadratic).
@Suite("A path's description's cost")
struct RecordPathCostTests {
    static func path(_ count: Int) -> RecordPath {
        RecordPath((0..<count).map { RecordPath.Step("records", $0) })
    }

    @Test func theDescriptionGrowsLinearlyWithTheSteps() {
        let small = Self.path(20_000), large = Self.path(80_000)
        let timing = GrowthTiming(small: { _ = small.description }, large: { _ = large.description })
        #expect(timing.ratio < 9, "4x the steps took \(timing.ratio)x the time (\(timing.small) s, \(timing.large) s)")
        #expect(Self.path(3).description == "records[0]/records[1]/records[2]")
    }
}
