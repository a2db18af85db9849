import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// Rule 9: duplicate identifiers are kept and reported.
@Suite("Rule 9: duplicate identifiers")
struct DuplicateIdentifierTests {
    @Test func duplicatesAreKeptAndReportedWithTheirSlots() {
        let state = RestorationTree.drillDown(left: [rec("A"), rec("B"), rec("A")], right: rec("A"))
        let plan = Restorer.plan(state)
        #expect(leftIDs(plan) == ["A", "B", "A"])
        #expect(plan.right?.record.identifier == "A")
        #expect(plan.warnings == [.duplicateIdentifier("A", paths: [.left(index: 0), .left(index: 2), .right])])
        #expect(plan.dropped.isEmpty)
    }

    @Test func aDroppedDuplicateIsNotReported() {
        let state = RestorationTree.drillDown(left: [rec("A"), rec("A")])
        let plan = Restorer.plan(state, resolver: RecordResolver { _ in false })
        #expect(plan.warnings.isEmpty)
    }

    @Test func warningsFollowTheOrderIdentifiersFirstAppear() {
        let state = RestorationTree.drillDown(left: [rec("B"), rec("A"), rec("B"), rec("A")])
        let identifiers = Restorer.plan(state).warnings.map { warning -> String in
            guard case .duplicateIdentifier(let id, _) = warning else { return "" }
            return id
        }
        #expect(identifiers == ["B", "A"])
    }
}

/// Rule 9 on large stacks: past 32 restored records the restorer finds duplicates by hashing
/// instead of comparing pairs; both must report exactly what the rule says.
@Suite("Rule 9: duplicate identifiers, small and large stacks")
struct DuplicateIdentifierPathTests {
    /// Rule 9 written out plainly: restored records grouped by the exact bytes of their
    /// identifier, in the order identifiers first appear, each group of two or more a warning.
    static func expectedWarnings(_ plan: RestorationPlan) -> [RestorationWarning] {
        let restored = plan.left + (plan.right.map { [$0] } ?? [])
        var order: [[UInt8]] = []
        var groups: [[UInt8]: (identifier: String, slots: [RecordPath])] = [:]
        for entry in restored {
            guard let identifier = entry.record.identifier else { continue }
            let key = Array(identifier.utf8)
            if groups[key] == nil {
                order.append(key)
                groups[key] = (identifier, [])
            }
            groups[key]!.slots.append(entry.from)
        }
        return order.compactMap { key in
            let group = groups[key]!
            return group.slots.count > 1 ? .duplicateIdentifier(group.identifier, paths: group.slots) : nil
        }
    }

    /// States of 0 to 80 records (so both sides of 32), identifiers from a small set so that
    /// duplicates are common, canonically equivalent spellings included.
    static let state = zip(Generators.record.array(of: 0...80), Generators.record, Gen.bool(0.6)).map { left, right, hasRight in
        RestorationTree.drillDown(left: left, right: hasRight ? right : nil)
    }

    @Test func bothPathsReportExactlyTheRule() async {
        var sizes = (small: 0, large: 0)
        await checkProperty(count: 300, input: Self.state) { state in
            let plan = Restorer.plan(state, resolver: RestorerPropertyTests.resolver)
            let restored = plan.left.count + (plan.right == nil ? 0 : 1)
            if restored > 32 { sizes.large += 1 } else { sizes.small += 1 }
            #expect(plan.warnings == Self.expectedWarnings(plan), "\(restored) restored records")
        }
        print("duplicate paths: \(sizes.small) plans of up to 32 restored records, \(sizes.large) of more")
        #expect(sizes.small > 0 && sizes.large > 0, "both paths must be exercised")
    }

    @Test func thirtyThreeRecordsWithDuplicatesTakeTheHashedPath() {
        // 33 restored records: "a" at 0, 10, 20, 30; "b" at 5 and the right; "café" twice in
        // different bytes, which are different identifiers.
        var left = (0..<32).map { rec("r\($0)") }
        for index in [0, 10, 20, 30] { left[index] = rec("a") }
        left[5] = rec("b")
        left[7] = rec("caf\u{E9}")
        left[8] = rec("cafe\u{301}")
        let plan = Restorer.plan(RestorationTree.drillDown(left: left, right: rec("b")))
        #expect(plan.left.count + 1 == 33)
        #expect(plan.warnings == [
            .duplicateIdentifier("a", paths: [.left(index: 0), .left(index: 10), .left(index: 20), .left(index: 30)]),
            .duplicateIdentifier("b", paths: [.left(index: 5), .right]),
        ])
        // The same duplicates in a stack of 32 (the pairwise path) give the same warnings.
        let small = Restorer.plan(RestorationTree.drillDown(left: Array(left.prefix(31)), right: rec("b")))
        #expect(small.left.count + 1 == 32)
        #expect(small.warnings == [
            .duplicateIdentifier("a", paths: [.left(index: 0), .left(index: 10), .left(index: 20), .left(index: 30)]),
            .duplicateIdentifier("b", paths: [.left(index: 5), .right]),
        ])
    }

    @Test func aDuplicateDroppedWhileTheOtherIsKeptIsNoWarning() {
        let state = RestorationTree.drillDown(
            left: [RestorationRecord(identifier: "A", className: "GoneController"), rec("B"), rec("A")],
            right: RestorationRecord(identifier: "B", className: "GoneController")
        )
        let plan = Restorer.plan(state, resolver: RestorerPropertyTests.resolver)
        #expect(leftIDs(plan) == ["B", "A"])
        #expect(plan.left.map(\.from) == [.left(index: 1), .left(index: 2)])
        #expect(plan.right == nil)
        #expect(drops(plan) == ["left[0]:unresolved-class", "right:unresolved-class"])
        #expect(plan.warnings.isEmpty)
    }
}
