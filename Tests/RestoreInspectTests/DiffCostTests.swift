import Foundation
import Restack
import Testing

/// `diff` writes its table a few rows at a time: its peak memory grows with the input, not with
/// the table. A record 60 levels deep makes the path column some 660 characters wide for every
/// row, so the table is far larger than the input. Judged by memory in ratio (the growth from
/// 10,000 to 30,000 removed records against the table's growth), not by a clock: a table built
/// as one string and copied on its way out (as it once was: 478 MB for an 87 MB table) grows
/// by several times the table.
@Suite("the cost of diff")
struct DiffCostTests {
    /// A stack of `count` records under one that holds a chain of 60 stacks.
    static func wide(_ count: Int) -> RestorationTree {
        var deep = RestorationRecord(identifier: "deep-59", className: "Known")
        for level in (0..<59).reversed() {
            deep = RestorationRecord(identifier: "deep-\(level)", className: "Known", container: .stack(StackContainer(records: [deep])))
        }
        let records = [deep] + (0..<count).map { RestorationRecord(identifier: "r\($0)", className: "Known") }
        return RestorationTree(formatVersion: 2, root: .stack(StackContainer(records: records)))
    }

    /// The table's bytes and the peak memory (KiB) of diffing `wide(count)` against one record.
    static func diff(_ count: Int, in scratch: Scratch) throws -> (bytes: Int, kib: Int?) {
        let old = scratch.path("old-\(count).json"), new = scratch.path("new.json"), table = scratch.path("table-\(count).txt")
        try StateFile.encode(wide(count)).write(to: URL(fileURLWithPath: old))
        let one = RestorationTree(formatVersion: 2, root: .stack(StackContainer(records: [RestorationRecord(identifier: "x", className: "Known")])))
        try StateFile.encode(one).write(to: URL(fileURLWithPath: new))
        let run = try CLI.runShaped(["diff", "--input", old, "--input", new], redirections: ">'\(table)'", timeout: 120, measuringMemory: true)
        #expect(run.result.status == 0, "\(run.result.stderr)")
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: table)[.size] as? Int)
        return (bytes, run.maxResidentKiB)
    }

    @Test func aDiffsMemoryGrowsWithItsInputNotItsTable() throws {
        let scratch = try Scratch()
        let small = try Self.diff(10_000, in: scratch), large = try Self.diff(30_000, in: scratch)
        let tableGrowth = large.bytes - small.bytes
        #expect(tableGrowth > 10_000_000, "the table grew by \(tableGrowth) bytes")
        #if os(Linux)
        let smallKiB = try #require(small.kib, "GNU time measures peak memory"), largeKiB = try #require(large.kib)
        let memoryGrowth = (largeKiB - smallKiB) * 1024
        print("diff cost: tables of \(small.bytes) and \(large.bytes) bytes, peak memory \(smallKiB) and \(largeKiB) KiB")
        #expect(memoryGrowth < 3 * tableGrowth / 2, "peak memory grew by \(memoryGrowth) bytes for a table \(tableGrowth) bytes larger")
        #endif
    }
}
