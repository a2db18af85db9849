import Foundation
import PropertyBased
import Restack
import RestackTestSupport
import RestackPropertyTesting
import Testing

/// Properties of the restorer over random states and random resolvers.
@Suite("Restorer properties")
struct RestorerPropertyTests {
    /// A resolver that rejects exactly the records whose class is `GoneController`.
    static var resolver: RecordResolver { RecordResolver { $0.className != "GoneController" } }

    static func isKept(_ record: RestorationRecord) -> Bool {
        guard let id = record.identifier, !id.isEmpty else { return false }
        return resolver.outcome(for: record).rebuilds
    }

    @Test func aRightAlwaysHasANonEmptyLeft() async {
        await checkProperty(count: 300, input: Generators.state) { state in
            let plan = Restorer.plan(state, resolver: Self.resolver)
            #expect(plan.right == nil || !plan.left.isEmpty)
        }
    }

    @Test func keepsExactlyTheRestorableAndResolvableRecordsInOrder() async {
        await checkProperty(count: 300, input: Generators.state) { state in
            let plan = Restorer.plan(state, resolver: Self.resolver)
            let expected = state.allRecords.filter { Self.isKept($0.record) }
            let restored = plan.left + (plan.right.map { [$0] } ?? [])
            #expect(restored.map(\.from) == expected.map(\.path))
            #expect(restored.map(\.record) == expected.map(\.record))
            #expect(plan.dropped.map(\.path) == state.allRecords.filter { !Self.isKept($0.record) }.map(\.path))
        }
    }

    @Test func nothingIsPromotedIntoTheRightSlot() async {
        await checkProperty(count: 300, input: Generators.state) { state in
            let plan = Restorer.plan(state, resolver: Self.resolver)
            if let right = plan.right {
                #expect(right.from == .right)
            }
            #expect(plan.rightPromotedToLeft == (plan.left.first?.from == .right))
        }
    }

    /// The same state, built anew: every string and payload a fresh copy of its bytes, so that
    /// nothing is shared with the original but the values.
    static func rebuilt(_ state: RestorationTree) -> RestorationTree {
        func copy(_ text: String?) -> String? {
            text.map { String(decoding: Array($0.utf8), as: UTF8.self) }
        }
        func copy(_ record: RestorationRecord) -> RestorationRecord {
            RestorationRecord(identifier: copy(record.identifier), className: copy(record.className),
                              payload: record.payload.map { Data(Array($0)) })
        }
        return RestorationTree.drillDown(formatVersion: state.formatVersion, left: state.left.map(copy), right: state.right.map(copy))
    }

    /// Plans `state` with the test resolver, recording each record the resolver is asked about.
    static func plan(_ state: RestorationTree) -> (plan: RestorationPlan, asked: [RestorationRecord]) {
        var asked: [RestorationRecord] = []
        let plan = Restorer.plan(state, resolver: RecordResolver { record in
            asked.append(record)
            return Self.resolver.outcome(for: record).rebuilds
        })
        return (plan, asked)
    }

    @Test func isDeterministic() async {
        await checkProperty(count: 300, input: zip(Generators.state, Gen<UInt64>.value(in: 0...UInt64.max))) { state, seed in
            let (plan, asked) = Self.plan(state)
            // The same state built independently gives the same plan, asking the same questions
            // in the same order: each restorable record once, in stack order.
            let (again, askedAgain) = Self.plan(Self.rebuilt(state))
            #expect(again == plan)
            #expect(askedAgain == asked)
            #expect(asked == state.allRecords.map(\.record).filter { !($0.identifier ?? "").isEmpty })
            // The left stack shuffled and put back in order gives the same plan again.
            var generator = SplitMix64(seed: seed)
            let order = Array(state.left.indices).shuffled(using: &generator)
            let shuffled = order.map { state.left[$0] }
            var unshuffled = shuffled
            for (position, index) in order.enumerated() {
                unshuffled[index] = shuffled[position]
            }
            let restored = RestorationTree.drillDown(formatVersion: state.formatVersion, left: unshuffled, right: state.right)
            #expect(Self.plan(restored).plan == plan)
        }
    }

    @Test func isIdempotent() async {
        await checkProperty(count: 300, input: Generators.state) { state in
            let plan = Restorer.plan(state, resolver: Self.resolver)
            let restored = plan.restoredTree!
            let again = Restorer.plan(restored, resolver: Self.resolver)
            #expect(again.restoredTree! == restored)
            #expect(again.dropped.isEmpty)
            #expect(!again.rightPromotedToLeft)
            #expect(again.left.map(\.record) == plan.left.map(\.record))
            #expect(again.right?.record == plan.right?.record)
            #expect(again.warnings.count == plan.warnings.count)
            // A fixed point: planning once more changes nothing at all.
            #expect(Restorer.plan(again.restoredTree!, resolver: Self.resolver) == again)
        }
    }

    @Test func stateFileRoundTripsExactly() async throws {
        await checkProperty(count: 200, input: Generators.state) { state in
            let decoded = try StateFile.decode(StateFile.encode(state))
            #expect(decoded == state)
            #expect(StateFile.encode(decoded) == StateFile.encode(state))
        }
    }
}
