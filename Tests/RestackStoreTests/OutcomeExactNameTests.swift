import Foundation
import Restack
@testable import RestackStore
import Testing

/// Restore outcomes count dropped classes, and the report sums app versions, by their bytes:
/// two names Swift's `String` calls equal (canonical equivalence) are two names, as the restorer
/// and the store keep them (issue 38, defect 4).
@Suite("Outcomes count names byte for byte")
struct OutcomeExactNameTests {
    static let pairs: [(String, String)] = [("Caf\u{E9}", "Cafe\u{301}"), ("\u{212B}", "\u{C5}"), ("K", "\u{212A}")]

    @Test(arguments: pairs)
    func dropsOfClassesOfOtherBytesAreCountedApart(_ a: String, _ b: String) {
        let dropped = [a, b, b].enumerated().map { index, name in
            RestorationPlan.Dropped(record: RestorationRecord(identifier: "r\(index)", className: name), path: RecordPath([.left(index)]), reason: .unresolvedClass)
        }
        let counts = RestoreOutcome.count(dropped)
        #expect(counts.map { Array(($0.className ?? "").utf8) } == [Array(b.utf8), Array(a.utf8)], "most first")
        #expect(counts.map(\.count) == [2, 1])
    }

    @Test(arguments: pairs)
    func versionsOfOtherBytesAreReportedApart(_ a: String, _ b: String) {
        let outcomes = [a, b].enumerated().map { index, version in
            RestoreOutcome(id: Int64(index), session: "s", recordedAt: Date(timeIntervalSince1970: Double(index)), appVersion: version, snapshotID: 1,
                           snapshotAppVersion: nil, result: .restored, layout: .regular, skippedQuarantined: 0, restoredRecords: 1, drops: [], duration: nil)
        }
        let report = RestoreOutcomeReport(outcomes)
        #expect(report.versions.count == 2)
        #expect(Set(report.versions.map { Array(($0.appVersion ?? "").utf8) }) == [Array(a.utf8), Array(b.utf8)])
    }
}
