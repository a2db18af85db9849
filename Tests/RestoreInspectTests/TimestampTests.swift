import Foundation
import Testing
@testable import restore_inspect

/// Stored times as restore-inspect writes them: before 1970 the second is the one below (a
/// negative count of milliseconds rounds down), and before the year zero the year has a minus
/// sign and four digits.
@Suite("restore-inspect's timestamps")
struct TimestampTests {
    @Test func timesBefore1970AndBeforeTheYearZero() {
        #expect(formatDate(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(formatDate(Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
        #expect(formatDate(Date(timeIntervalSince1970: -86_400.001)) == "1969-12-30T23:59:59.999Z")
        // The year -1 (ISO 8601's astronomical numbering: 2 BC), 1 January, midnight.
        let yearMinusOne = Date(timeIntervalSince1970: -62_167_219_200 - 365 * 86_400)
        #expect(formatDate(yearMinusOne) == "-0001-01-01T00:00:00.000Z")
    }
}
