import Foundation
import PropertyBased
import Restack
import RestackPropertyTesting
import Testing

/// SwiftUI's `NavigationPath.CodableRepresentation` JSON, which Apple does not document, pinned by
/// encodings that public projects recorded from SwiftUI itself.
@Suite("NavigationPath representation")
struct NavigationPathRepresentationTests {
    /// lm/navigation-stack-backport, Tests/NavigationStackBackportTests/NavigationPathTests.swift
    /// (`encodedPath`): the path built by `append(1)`, `append("foo")`, `append(CodableItem(x: 2))`,
    /// encoded with `JSONEncoder().encode(path.codable)`. The backport's test compares its own
    /// encoder against this string, taken from SwiftUI's.
    static let backportGolden = #"["NavigationStackBackportTests.NavigationPathTests.CodableItem","{\"x\":2}","Swift.String","\"foo\"","Swift.Int","1"]"#

    /// The Swift Forums thread "Obtaining the mangled name of a type from the fully qualified type
    /// name only" (post 8): the path `append("Hello")`, `append(123)` round-tripped through JSON
    /// keeps, unresolved, `remainingItemsReversed: [(tag: "Swift.Int", item: "123"), (tag:
    /// "Swift.String", item: "\"Hello\"")]`, which is this JSON.
    static let forumsGolden = #"["Swift.Int","123","Swift.String","\"Hello\""]"#

    /// The developers' guide's own example: `[1, Item(x: 2)]` in module `App`.
    static let guideGolden = #"["App.Item","{\"x\":2}","Swift.Int","1"]"#

    @Test func theBackportsPathReadsBottomFirstWithPositionsAsIdentifiers() throws {
        let records = try pathElements(Data(Self.backportGolden.utf8))
        #expect(records == [
            RestorationRecord(identifier: "0", className: "Swift.Int", payload: Data("1".utf8)),
            RestorationRecord(identifier: "1", className: "Swift.String", payload: Data(#""foo""#.utf8)),
            RestorationRecord(identifier: "2", className: "NavigationStackBackportTests.NavigationPathTests.CodableItem",
                              payload: Data(#"{"x":2}"#.utf8)),
        ])
    }

    @Test func theForumsAndGuidePathsReadBottomFirst() throws {
        let forums = try pathElements(Data(Self.forumsGolden.utf8))
        #expect(forums.map(\.className) == ["Swift.String", "Swift.Int"])
        #expect(forums.map { $0.payload.map { String(decoding: $0, as: UTF8.self) } } == [#""Hello""#, "123"])
        let guide = try pathElements(Data(Self.guideGolden.utf8))
        #expect(guide.map(\.className) == ["Swift.Int", "App.Item"])
        #expect(guide.map(\.identifier) == ["0", "1"])
    }

    @Test(arguments: [backportGolden, forumsGolden, guideGolden, "[]"])
    func aPathReadAndWrittenBackIsTheSameBytes(_ golden: String) throws {
        let records = try pathElements(Data(golden.utf8))
        #expect(String(decoding: try NavigationPathRepresentation.encode(records), as: UTF8.self) == golden)
    }

    @Test func writingIsWhatSwiftUIReadsTopFirst() throws {
        let records = [
            RestorationRecord(identifier: "0", className: "Swift.Int", payload: Data("1".utf8)),
            RestorationRecord(identifier: "1", className: "App.Item", payload: Data(#"{"x":2}"#.utf8)),
        ]
        #expect(String(decoding: try NavigationPathRepresentation.encode(records), as: UTF8.self) == Self.guideGolden)
    }

    /// Every array of strings `JSONEncoder` writes with an even count (what `NavigationPath.codable`
    /// gives, whatever the types and values: slashes, quotes, controls, emoji) reads and writes back
    /// byte for byte.
    @Test func anyEncodedPathRoundTripsByteForByte() async {
        let text = Gen.unicodeScalar(in: "\u{0}"..."\u{D7FF}").map(Character.init).string(of: 0...12)
        let emoji = Gen.unicodeScalar(in: "\u{1F300}"..."\u{1F6FF}").map(Character.init).string(of: 1...3)
        let mixed = zip(Gen.int(in: 0...4), text, emoji).map { kind, text, emoji in
            [text, "/\(text)/", "\"\\\(text)", #"{"url":"https:\/\/x\/\#(text)"}"#, emoji + text][kind]
        }
        await checkProperty(count: 200, input: mixed.array(of: 0...10)) { strings in
            let even = strings.count.isMultiple(of: 2) ? strings : Array(strings.dropLast())
            let bytes = try JSONEncoder().encode(even)
            let records = try pathElements(bytes)
            #expect(records.count == even.count / 2)
            #expect(try NavigationPathRepresentation.encode(records) == bytes)
        }
    }

    /// The identifiers are the positions from the bottom, so a record keeps its identifier when
    /// elements are pushed above it.
    @Test func pushingKeepsTheIdentifiersBelow() throws {
        let one = try pathElements(Data(#"["Swift.Int","1"]"#.utf8))
        let two = try pathElements(Data(#"["Swift.Int","2","Swift.Int","1"]"#.utf8))
        #expect(Array(two.prefix(1)) == one)
        #expect(NavigationPathRepresentation.identifier(at: 12) == "12")
    }

    @Test(arguments: [
        ("not json", ""),
        (#"{"formatVersion": 2}"#, ""),
        (#""Swift.Int""#, ""),
        (#"["Swift.Int", 1]"#, "[1]"),
        (#"["Swift.Int", "1", null, "2"]"#, "[2]"),
        (#"["Swift.Int", "1", ["x"], "2"]"#, "[2]"),
        (#"["Swift.Int", "1", "Swift.String"]"#, "[2]"),
        (#"["Swift.Int"]"#, "[0]"),
    ])
    func aMalformedRepresentationIsAnErrorNamingTheIndex(_ document: String, _ place: String) throws {
        do {
            let records = try pathElements(Data(document.utf8))
            Issue.record("\(document) read as \(records)")
        } catch {
            #expect(error.path == place, "\(document): \(error)")
            #expect(!error.problem.isEmpty)
        }
    }

    @Test func anOddCountSaysWhy() throws {
        let error = try #require(throws: StateFileError.self) {
            try pathElements(Data(#"["A","1","B"]"#.utf8))
        }
        #expect(error.description == "[2]: a type name with no value after it: a NavigationPath representation pairs each type name with its value's JSON, so it holds an even count of strings, and this one holds 3")
    }

    /// A value that is not JSON, or a type name with control characters, is read as it is: the
    /// element is the resolver's to judge (`stale-payload`, `unresolved-class`), not a reason to
    /// lose the whole path.
    @Test func oddValuesAndNamesAreKeptForTheResolver() throws {
        let records = try pathElements(Data(#"["App.\u0007Bell\n","{not json","Swift.Int","1"]"#.utf8))
        #expect(records.map(\.className) == ["Swift.Int", "App.\u{7}Bell\n"])
        #expect(records.last?.payload == Data("{not json".utf8))
    }

    @Test func largePathsAndStringsRead() throws {
        let many = Array(repeating: ["Swift.Int", "7"], count: 50_000).flatMap { $0 }
        let records = try pathElements(JSONEncoder().encode(many))
        #expect(records.count == 50_000)
        #expect(records.last?.identifier == "49999")
        let huge = String(repeating: "x", count: 6_000_000)
        let one = try pathElements(JSONEncoder().encode(["App.Big", huge]))
        #expect(one.first?.payload?.count == 6_000_000)
    }

    @Test func writingNamesTheRecordThatCannotBeAnElement() throws {
        let good = RestorationRecord(identifier: "0", className: "Swift.Int", payload: Data("1".utf8))
        let cases: [(RestorationRecord, String)] = [
            (RestorationRecord(identifier: "1", className: nil, payload: Data("1".utf8)), "no class"),
            (RestorationRecord(identifier: "1", className: "Swift.Int", payload: nil), "no payload"),
            (RestorationRecord(identifier: "1", className: "Swift.Int", payload: Data([0xFF, 0xFE])), "not UTF-8"),
        ]
        for (bad, words) in cases {
            let error = try #require(throws: StateFileError.self) { try NavigationPathRepresentation.encode([good, bad]) }
            #expect(error.path == "records[1]")
            #expect(error.problem.contains(words), "\(error)")
        }
    }

    @Test func onlyAnArrayLooksLikeAPath() {
        #expect(NavigationPathRepresentation.looksLikeRepresentation(Data(" \n[\"A\",\"1\"]".utf8)))
        #expect(NavigationPathRepresentation.looksLikeRepresentation(Data([0xEF, 0xBB, 0xBF] + Array("[]".utf8))))
        #expect(!NavigationPathRepresentation.looksLikeRepresentation(Data(#"{"formatVersion":1,"left":[]}"#.utf8)))
        #expect(!NavigationPathRepresentation.looksLikeRepresentation(Data()))
    }

    /// A path in UTF-16 or UTF-32, with or without a byte order mark, reads as the same path
    /// (JSONDecoder reads those encodings, and so do state files).
    @Test(arguments: [String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf16, .utf32BigEndian, .utf32LittleEndian, .utf32])
    func aPathInAnyUnicodeEncodingReadsAsAPath(_ encoding: String.Encoding) throws {
        let text = #" ["Swift.String","\"foo\"","Swift.Int","1"]"#
        let data = try #require(text.data(using: encoding))
        #expect(NavigationPathRepresentation.looksLikeRepresentation(data), "\(encoding)")
        let tree = try StateFile.decode(data)
        #expect(tree.form == .navigationPath)
        #expect(String(decoding: StateFile.encode(tree), as: UTF8.self) == String(text.dropFirst()))
    }
}

/// A path's elements, bottom first, as ``NavigationPathRepresentation/decode(_:)`` reads them:
/// the records of its tree's root stack, checked to be one that truncates, in the path form.
func pathElements(_ data: Data) throws(StateFileError) -> [RestorationRecord] {
    let tree = try NavigationPathRepresentation.decode(data)
    guard case .stack(let stack) = tree.root, stack.afterDrop == .truncate else {
        Issue.record("a path reads as a truncating stack, not \(tree.root.kind)")
        return []
    }
    return stack.records
}
