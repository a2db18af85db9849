import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// A recorded outcome lists its drops most first, then by reason, then by class with "no class"
/// first: the order `restore-inspect report` shows them in.
@Suite("the order of an outcome's drops")
struct OutcomeDropOrderTests {
    @Test func mostFirstThenByReasonThenByClassNoClassFirst() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("o.sqlite"))
        let records = [("keep", "Keep"), ("z1", "Z"), ("z2", "Z"), ("b", "B"), ("none", nil), ("a", "A")]
            .map { RestorationRecord(identifier: $0.0, className: $0.1) }
        try store.save(RestorationTree(root: .stack(StackContainer(records: records))), session: "s")
        let restoration = try store.beginRestore(session: "s", layout: .regular, resolver: .knownClasses(["Keep"])).restored
        try store.confirmRestore(restoration)
        let outcome = try #require(try store.restoreOutcomes().first)
        #expect(outcome.drops.map { [$0.reason.rawValue, $0.className ?? "(none)", String($0.count)] } == [
            ["unresolved-class", "Z", "2"],
            ["unresolved-class", "(none)", "1"],
            ["unresolved-class", "A", "1"],
            ["unresolved-class", "B", "1"],
        ])
    }
}
