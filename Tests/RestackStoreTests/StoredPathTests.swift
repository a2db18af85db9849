import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
@testable import RestackStore
import Testing

/// The paths a stored tree's messages name are spelled by the model's one rule
/// (``RecordPath/spelling(_:after:)``): the path of each record of a tree taken apart for
/// storing is its `RecordPath`'s description.
@Suite("Paths of stored trees")
struct StoredPathTests {
    @Test func aStoredTreesPathsAreItsRecordPaths() async {
        await checkProperty(count: 200, input: TreeGenerators.tree) { tree in
            let blob = TreeEntries(tree).blob
            #expect(Array(TreeReader.paths(blob).dropFirst()) == tree.allRecords.map(\.path.description))
        }
    }

    @Test func aNestedPathAndASlotNoKindHas() {
        #expect(TreeReader.path(owner: "primary[0]", slot: "tabs", position: 1) == "primary[0]/tabs[1]")
        #expect(TreeReader.path(owner: "", slot: "right", position: 0) == "right")
        #expect(TreeReader.path(owner: "left[0]", slot: "middle", position: 2) == "left[0]/middle[2]")
        #expect(RecordPath.spelling("tabs[0]", after: "") == "tabs[0]")
    }
}
