import Foundation
import PropertyBased
import Restack
import Testing

/// Properties of the restorer over random states and random resolvers.
@Suite("Restorer properties")
struct RestorerPropertyTests {
    /// A resolver that rejects exactly the records whose class is `GoneController`.
    static let resolver = RecordResolver { $0.className != "GoneController" }

    static func isKept(_ record: RestorationRecord) -> Bool {
        guard let id = record.identifier, !id.isEmpty else { return false }
        return resolver.canRebuild(record)
    }

    @Test func aRightAlwaysHasANonEmptyLeft() async {
        await propertyCheck(count: 300, input: Generators.state) { state in
            let plan = Restorer.plan(for: state, resolver: Self.resolver)
            #expect(plan.right == nil || !plan.left.isEmpty)
        }
    }

    @Test func keepsExactlyTheRestorableAndResolvableRecordsInOrder() async {
        await propertyCheck(count: 300, input: Generators.state) { state in
            let plan = Restorer.plan(for: state, resolver: Self.resolver)
            let expected = state.slottedRecords.filter { Self.isKept($0.record) }
            let restored = plan.left + (plan.right.map { [$0] } ?? [])
            #expect(restored.map(\.from) == expected.map(\.slot))
            #expect(restored.map(\.record) == expected.map(\.record))
            #expect(plan.dropped.map(\.from) == state.slottedRecords.filter { !Self.isKept($0.record) }.map(\.slot))
        }
    }

    @Test func nothingIsPromotedIntoTheRightSlot() async {
        await propertyCheck(count: 300, input: Generators.state) { state in
            let plan = Restorer.plan(for: state, resolver: Self.resolver)
            if let right = plan.right {
                #expect(right.from == .right)
            }
            #expect(plan.rightPromotedToLeft == (plan.left.first?.from == .right))
        }
    }

    @Test func isDeterministicAndIdempotent() async {
        await propertyCheck(count: 300, input: Generators.state) { state in
            let plan = Restorer.plan(for: state, resolver: Self.resolver)
            #expect(Restorer.plan(for: state, resolver: Self.resolver) == plan)
            let restored = plan.restoredState
            let again = Restorer.plan(for: restored, resolver: Self.resolver)
            #expect(again.restoredState == restored)
            #expect(again.dropped.isEmpty)
            #expect(!again.rightPromotedToLeft)
        }
    }

    @Test func stateFileRoundTripsExactly() async throws {
        await propertyCheck(count: 200, input: Generators.state) { state in
            let decoded = try StateFile.decode(StateFile.encode(state))
            #expect(decoded == state)
            #expect(StateFile.encode(decoded) == StateFile.encode(state))
        }
    }
}
