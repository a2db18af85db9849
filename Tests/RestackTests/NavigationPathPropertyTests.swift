import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// Properties of paths over random NavigationPath representations whose elements are of random
/// types, some of which the app no longer knows.
@Suite("NavigationPath properties")
struct NavigationPathPropertyTests {
    /// The types elements are drawn from; the app knows a random subset of them.
    static let types = ["Swift.Int", "Swift.String", "App.Item", "App.Route", "App.Gone", "Modul\u{E9}.T\u{0}"]

    /// A path's elements, bottom first, as (type, value JSON) pairs.
    static let elements = zip(Gen.int(in: 0...(types.count - 1)), Gen.int(in: 0...999)).map { type, value in
        (type: types[type], value: "{\"v\":\(value)}")
    }.array(of: 0...40)

    /// The known types: a random subset.
    static let known = Gen.bool(0.6).array(of: types.count...types.count).map { flags in
        Set(zip(types, flags).filter(\.1).map(\.0))
    }

    /// The representation SwiftUI writes for elements bottom first: pairs top first.
    static func representation(_ elements: [(type: String, value: String)]) throws -> Data {
        try JSONEncoder().encode(elements.reversed().flatMap { [$0.type, $0.value] })
    }

    /// Restored = the prefix before the first element of an unknown type; that element is
    /// `unresolved-class`, every one above it `truncated`; and the restored path is written back
    /// as exactly the representation of that prefix.
    @Test func aPathRestoresThePrefixBeforeItsFirstUnknownElement() async {
        await checkProperty(count: 300, input: zip(Self.elements, Self.known)) { elements, known in
            let data = try Self.representation(elements)
            let tree = try StateFile.decode(data)
            #expect(tree.form == .navigationPath)
            let plan = Restorer.plan(tree, resolver: .knownClasses(Array(known)))
            let cut = elements.firstIndex { !known.contains($0.type) } ?? elements.count
            let prefix = Array(elements[..<cut])
            #expect(plan.restoredRecords.map(\.record.className) == prefix.map(\.type))
            #expect(plan.restoredRecords.map(\.record.identifier) == prefix.indices.map(String.init))
            let reasons = plan.dropped.map(\.reason)
            #expect(reasons == (cut < elements.count ? [.unresolvedClass] + Array(repeating: .truncated, count: elements.count - cut - 1) : []))
            let written = StateFile.encode(try #require(plan.restoredTree))
            #expect(written == (try Self.representation(prefix)))
            if cut == elements.count {
                #expect(written == data, "a path restored whole is written back byte for byte")
            }
        }
    }

    /// The same records in a stack that closes gaps restore as the filter: every known element,
    /// in order.
    @Test func aClosingStackOfTheSameRecordsRestoresTheFilter() async {
        await checkProperty(count: 300, input: zip(Self.elements, Self.known)) { elements, known in
            guard case .stack(let path) = try StateFile.decode(Self.representation(elements)).root else {
                Issue.record("a path is a stack")
                return
            }
            let closing = RestorationTree(root: .stack(StackContainer(records: path.records, afterDrop: .closeGap)))
            let plan = Restorer.plan(closing, resolver: .knownClasses(Array(known)))
            #expect(plan.restoredRecords.map(\.record.className) == elements.filter { known.contains($0.type) }.map(\.type))
            #expect(plan.dropped.allSatisfy { $0.reason == .unresolvedClass })
        }
    }
}
