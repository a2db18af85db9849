import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Issue 31, defect 1: outcome counts past what any restore counts, and sums past `Int.max`.
/// A damaged count is `.corrupt` naming its row, `check` reports it, and no sum ever traps.
@Suite("Outcome counts out of range")
struct OutcomeCountDamageTests {
    /// A store with three confirmed restores of one app version, each dropping one record.
    static func store(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("o.sqlite")
        let store = try SnapshotStore(path: path, options: .init(appVersion: "3.0"))
        try store.save(.drillDown(left: [record("a"), record("gone", "GoneController")]), session: "s")
        for _ in 0..<3 {
            try store.confirmRestore(store.beginRestore(session: "s", resolver: RecordResolver { $0.className != "GoneController" }).restored)
        }
        return path
    }

    static func edit(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }

    @Test(arguments: [
        ("UPDATE restack_outcome SET restored_records = 9223372036854775807", "restack_outcome.restored_records of outcome 1: 9223372036854775807 is more than any restore counts (2147483647)"),
        ("UPDATE restack_outcome SET restored_records = 2147483648 WHERE id = 2", "restack_outcome.restored_records of outcome 2: 2147483648 is more than any restore counts (2147483647)"),
        ("UPDATE restack_outcome SET skipped_quarantined = 9223372036854775807 WHERE id = 3", "restack_outcome.skipped_quarantined of outcome 3: 9223372036854775807 is more than any restore counts (2147483647)"),
        ("UPDATE restack_outcome_drop SET count = 9223372036854775807", "restack_outcome_drop.count of a drop count of outcome 1: 9223372036854775807 is more than any restore counts (2147483647)"),
    ])
    func aCountPastAnyRestoreIsDamageNamingItsRow(_ sql: String, _ detail: String) throws {
        let folder = try TemporaryFolder()
        let path = try Self.store(in: folder)
        try Self.edit(path, sql)
        let store = try SnapshotStore(readingAt: path)
        #expect(throws: StoreError.corrupt(path: path, detail: detail)) { try store.restoreOutcomes() }
        let report = try store.check()
        #expect(!report.isHealthy)
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.contains("a count that is negative or over 2147483647: outcome") == true, "\(report.problems)")
    }

    @Test func theLargestCountIsReadAndSummedWithoutTrapping() throws {
        let folder = try TemporaryFolder()
        let path = try Self.store(in: folder)
        try Self.edit(path, "UPDATE restack_outcome SET restored_records = 2147483647; UPDATE restack_outcome_drop SET count = 2147483647")
        let store = try SnapshotStore(readingAt: path)
        #expect(try store.check().isHealthy, "the bound itself is a count")
        let outcomes = try store.restoreOutcomes()
        #expect(outcomes.map(\.restoredRecords) == [2147483647, 2147483647, 2147483647])
        let version = try #require(RestoreOutcomeReport(outcomes).versions.first)
        #expect(version.restoredRecords == 3 * 2147483647 && version.droppedRecords == 3 * 2147483647)
    }

    /// The public report sums what an app hands it: counts past `Int.max` stop there.
    @Test func theReportSaturatesInsteadOfTrapping() throws {
        let outcome = RestoreOutcome(
            session: "s", recordedAt: Date(timeIntervalSince1970: 0), appVersion: "1", snapshotID: 1, snapshotAppVersion: nil,
            result: .restored, layout: .regular, skippedQuarantined: 0, restoredRecords: .max,
            drops: [.init(reason: .unresolvedClass, className: "A", count: .max), .init(reason: .emptyIdentifier, className: nil, count: .max)],
            duration: nil)
        #expect(outcome.droppedRecords == .max)
        let report = RestoreOutcomeReport([outcome, outcome, outcome])
        #expect(report.versions.count == 1)
        let version = try #require(report.versions.first)
        #expect(version.restores == 3)
        #expect(version.restoredRecords == .max)
        #expect(version.drops.map(\.count) == [.max, .max])
        #expect(version.droppedRecords == .max)
        // Below the bound, sums are exact.
        #expect(saturatingSum(.max - 1, 1) == .max && saturatingSum(.min, -1) == .min && saturatingSum(2, 3) == 5)
    }
}
