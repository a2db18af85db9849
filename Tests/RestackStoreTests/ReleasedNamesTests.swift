import Foundation
@testable import RestackStore
import Testing

/// The released names (``ReleasedNames``) are numbers in stored trees, and the list is closed: an
/// older version cannot read a number it does not know, so no entry is ever added, removed,
/// reordered or changed (another name numbered would be a new tree format).
@Suite("Released names")
struct ReleasedNamesTests {
    /// The list as released, by index. Never edit it: a stored tree names its entries.
    static let released = [
        "left", "right", "records", "primary", "detail", "tabs", "base", "presented", "sidebar", "content",
        "drillDown", "stack", "split", "presentation", "columns",
        "focus", "compact", "selected", "afterDrop",
        "merge", "omitDetail", "closeGap", "truncate",
    ]

    @Test func everyReleasedNameKeepsItsNumber() {
        #expect(ReleasedNames.all == Self.released, "the list is closed")
    }

    @Test func aNameHasOneNumber() {
        #expect(Set(ReleasedNames.all).count == ReleasedNames.all.count)
        #expect(ReleasedNames.all.allSatisfy { ReleasedNames.indexes[$0].map { ReleasedNames.all[$0] } == $0 })
    }

    /// A name the list does not have (a new kind's) is written inline and read back.
    @Test func anUnreleasedNameIsWrittenInline() throws {
        let blob = TreeBlob(records: [TreeBlob.Record(owner: 0, slot: "shelf", position: 0, valueID: 1)],
                            containers: [TreeBlob.Container(owner: 0, kind: "carousel", settings: [
                                TreeBlob.Setting(name: "spin", value: .text("fast"))])])
        #expect(try TreeBlob(decoding: blob.encoded) == blob)
        #expect(blob.encoded.count == 1 + 1 + 10 + 1 + (1 + 10 + 1) + (6 + 6))
    }
}
