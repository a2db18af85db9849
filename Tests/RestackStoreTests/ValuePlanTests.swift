import Foundation
import Restack
@testable import RestackStore
import Testing

/// The format's plan of a save's values (``ValuePlan``), a pure rule: shared values named again,
/// a released value's place taken by a new record while its block has an id after it, a new
/// block otherwise, each released value deleted or taken, never an id given twice.
@Suite("A save's values, planned")
struct ValuePlanTests {
    static func record(_ name: String) -> RestorationRecord {
        RestorationRecord(identifier: name, className: "C", payload: Data(name.utf8))
    }

    /// Plans `names` as a tree's records, the largest id ever given 100 unless said.
    static func plan(_ names: [String], shared: [String: Int64] = [:], released: [Int64] = [], blocksFrom: Int64? = 16,
                     occupied: Set<Int64> = [], largestGiven: Int64 = 100) throws -> ValuePlan {
        try ValuePlan(contents: names.map(record), shared: Dictionary(uniqueKeysWithValues: shared.map { (ValueContent(record($0.key)), $0.value) }),
                      released: released, blocksFrom: blocksFrom, occupied: occupied, largestGiven: { largestGiven })
    }

    @Test func sharedValuesAreNamedAgainAndEqualRecordsShareOne() throws {
        let plan = try Self.plan(["a", "b", "a", "c", "c"], shared: ["a": 32])
        #expect(plan.ids == [32, 112, 32, 128, 128])
        #expect(plan.writes == [.insert(id: 112, record: 1), .insert(id: 128, record: 3)])
    }

    @Test func aNewRecordTakesTheIdAfterAReleasedValueInItsBlock() throws {
        let plan = try Self.plan(["a", "x", "y"], shared: ["a": 32], released: [48, 65])
        #expect(plan.ids == [32, 49, 66])
        #expect(plan.writes == [.replace(from: 48, to: 49, record: 1), .replace(from: 65, to: 66, record: 2)])
    }

    @Test func releasedValuesNoRecordTakesAreDeletedAndFreshBlocksComeAfterThem() throws {
        #expect(try Self.plan(["x"], released: [48, 52]).writes == [.replace(from: 48, to: 49, record: 0), .delete(52)])
        let plan = try Self.plan(["x", "y"], released: [48])
        #expect(plan.ids == [49, 112])
        #expect(plan.writes == [.replace(from: 48, to: 49, record: 0), .insert(id: 112, record: 1)])
    }

    /// The last id of a block has no id after it there (the next is another block's first), an
    /// id below the first block was given one after another (its successor may have been given),
    /// and with no first block known nothing is succeeded: a new block each time.
    @Test(arguments: [
        ([Int64(47)], Int64?.some(16)),           // the last of its block
        ([Int64(15)], Int64?.some(16)),           // given before blocks
        ([Int64(48)], Int64?.none),               // no first block known
    ])
    func aReleasedValueWithoutASuccessorIsDeleted(_ released: [Int64], _ blocksFrom: Int64?) throws {
        let plan = try Self.plan(["x"], released: released, blocksFrom: blocksFrom)
        #expect(plan.ids == [112])
        #expect(plan.writes == [.delete(released[0]), .insert(id: 112, record: 0)])
    }

    /// An id after a released one that has a row already (a store changed behind Restack's
    /// back) is not taken: the new record gets a block of its own, the row stays.
    @Test func anOccupiedSuccessorIsNotTaken() throws {
        let plan = try Self.plan(["x", "y"], released: [48, 64], occupied: [49])
        #expect(plan.ids == [65, 112])
        #expect(plan.writes == [.delete(48), .replace(from: 64, to: 65, record: 0), .insert(id: 112, record: 1)])
    }

    /// The largest id ever given is asked once, and the blocks a plan starts follow each other
    /// and the ids it gives by succession.
    @Test func theLargestIdGivenIsAskedOnceAndBlocksFollowEachOther() throws {
        var asked = 0
        let plan = try ValuePlan(contents: ["x", "y", "z"].map(Self.record), shared: [:], released: [110], blocksFrom: 16,
                                 largestGiven: { asked += 1; return 111 })
        #expect(asked == 1)
        #expect(plan.ids == [111, 112, 128])
    }

    @Test func noBlockLeftIsExhausted() throws {
        #expect(throws: ValuePlan.Exhausted.self) {
            try Self.plan(["x"], largestGiven: Int64.max - 15)
        }
        #expect(try Self.plan(["x"], largestGiven: Int64.max - 16).ids == [Int64.max - 15])
        #expect(try Self.plan(["x"], released: [Int64.max - 1], largestGiven: Int64.max - 1).ids == [Int64.max])
    }
}
