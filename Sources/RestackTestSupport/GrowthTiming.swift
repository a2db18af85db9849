import Foundation

/// How a cost grows with its input, judged by a ratio measured in one interleaved run rather than
/// by a clock's absolute figure: the best of `runs` timings of `large` over the best of `small`'s.
/// Four times the input costs about four times the time when the cost is linear, sixteen when it
/// is quadratic. Not part of Restack's API.
package struct GrowthTiming: Sendable {
    /// The best timings, in seconds.
    package let small: Double, large: Double

    /// `large`'s best time over `small`'s.
    package var ratio: Double { large / small }

    /// Times `small` and `large` in turn, `runs` times each, and keeps each one's best.
    package init(runs: Int = 3, small: () -> Void, large: () -> Void) {
        var smallBest = Double.infinity, largeBest = Double.infinity
        for _ in 0..<runs {
            smallBest = min(smallBest, Self.seconds(small))
            largeBest = min(largeBest, Self.seconds(large))
        }
        self.small = smallBest
        self.large = largeBest
    }

    private static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
