import Foundation
import RestackTerminalText
import RestackTestSupport
import Testing
@testable import restore_inspect

/// Escaping a name for text output costs the name's length: a file within the input limit whose
/// identifier is millions of characters that need escaping (zero-width spaces, NULs) once took
/// longer than 20 minutes to plan (each escape re-copied the result). Judged by a ratio measured in
/// one interleaved run, not by a clock's absolute figure: four times the input may cost about four
/// times the time (linear), never sixteen (quadratic).
@Suite("escaping's cost")
struct EscapingCostTests {
    @Test(arguments: ["\u{200B}", "\u{0}", "\u{7}", "\"", "a\u{202E}"])
    func escapingGrowsLinearlyWithTheName(_ unit: String) {
        let small = String(repeating: unit, count: 20_000), large = String(repeating: unit, count: 80_000)
        let timing = GrowthTiming(small: { _ = Text.quoted(small) }, large: { _ = Text.quoted(large) })
        #expect(timing.ratio < 9, "4x the name took \(timing.ratio)x the time (\(timing.small) s, \(timing.large) s)")
        #expect(Text.quoted(small).unicodeScalars.allSatisfy { $0.properties.generalCategory != .control && $0 != "\u{200B}" && $0 != "\u{202E}" })
    }
}
