import Foundation
@testable import Restack
import Testing

/// `TreeDiff` compares identifiers, class names and settings byte for byte, as the store keeps
/// them and the restorer tells them apart (issue 38, defect 4): names that Swift's `String`
/// calls equal (canonical equivalence) are different names.
@Suite("TreeDiff compares names byte for byte")
struct TreeDiffExactBytesTests {
    /// Pairs of different bytes that `String` compares equal.
    static let pairs: [(String, String)] = [
        ("caf\u{E9}", "cafe\u{301}"),   // é precomposed, e + combining acute
        ("\u{212B}", "\u{C5}"),         // ANGSTROM SIGN, LATIN CAPITAL LETTER A WITH RING ABOVE
        ("K", "\u{212A}"),              // LATIN CAPITAL LETTER K, KELVIN SIGN
    ]

    static func stack(_ records: [RestorationRecord]) -> RestorationTree {
        RestorationTree(root: .stack(StackContainer(records: records)))
    }

    @Test func theCasesAreEqualStringsOfDifferentBytes() {
        for (a, b) in Self.pairs {
            #expect(a == b && Array(a.utf8) != Array(b.utf8), "\(Array(a.unicodeScalars)) \(Array(b.unicodeScalars))")
        }
    }

    @Test(arguments: pairs)
    func anIdentifierOfOtherBytesIsAnotherRecord(_ a: String, _ b: String) {
        let diff = TreeDiff(from: Self.stack([RestorationRecord(identifier: a, className: "C")]),
                            to: Self.stack([RestorationRecord(identifier: b, className: "C")]))
        #expect(!diff.isEmpty)
        #expect(diff.removed.map { Array(($0.record.identifier ?? "").utf8) } == [Array(a.utf8)])
        #expect(diff.added.map { Array(($0.record.identifier ?? "").utf8) } == [Array(b.utf8)])
    }

    @Test(arguments: pairs)
    func aClassOfOtherBytesIsAChange(_ a: String, _ b: String) throws {
        let diff = TreeDiff(from: Self.stack([RestorationRecord(identifier: "x", className: a)]),
                            to: Self.stack([RestorationRecord(identifier: "x", className: b)]))
        let changed = try #require(diff.changed.first)
        #expect(diff.changed.count == 1 && changed.changes.map(\.field) == ["class"])
        #expect(changed.changes.first.map { [$0.old, $0.new].map { Array(($0 ?? "").utf8) } } == [Array(a.utf8), Array(b.utf8)])
    }

    /// Two records whose identifiers are equal as `String`s are two identifiers, each unique:
    /// swapped, both moved (as `String`s they were one identifier found twice, matched by path,
    /// and nothing changed).
    @Test(arguments: pairs)
    func identifiersAreMatchedByTheirBytes(_ a: String, _ b: String) {
        let first = RestorationRecord(identifier: a, className: "C"), second = RestorationRecord(identifier: b, className: "C")
        let diff = TreeDiff(from: Self.stack([first, second]), to: Self.stack([second, first]))
        #expect(diff.moved.count == 2 && diff.added.isEmpty && diff.removed.isEmpty && diff.changed.isEmpty)
    }

    @Test(arguments: pairs)
    func changesOfOtherBytesAreDifferentChanges(_ a: String, _ b: String) {
        let one = TreeDiff.Change(field: "class", old: "X", new: a), other = TreeDiff.Change(field: "class", old: "X", new: b)
        #expect(one != other && Set([one, other]).count == 2)
    }
}
