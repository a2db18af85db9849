import Foundation
import Restack
import Testing

/// The state file is strict: payloads are canonical base64, no key appears twice in any object,
/// and nesting is bounded (issue 7 item 5, issue 9). Each is a typed error naming the place.
@Suite("State file strictness")
struct StateFileStrictnessTests {
    static func decodeError(_ json: String) -> StateFileError? {
        do {
            _ = try StateFile.decode(Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    /// Foundation on Linux accepts some of these (`Data(base64Encoded:)` takes unpadded input
    /// and non-zero padding bits); the state file accepts none.
    @Test(arguments: ["====", "=", "aGVsbG8", "aGVsbG8==", "aGVsbG8===", "aGVsbG9=", "aGVs bG8=", " aGVsbG8=", "aGVsbG8=\\n",
                      "aGVs\\nbG8=", "aGVs\\rbG8=", "aGVsbG8*", "aGVs-G8=", "aGVs_G8=", "a", "ab", "abc", "YQ=a", "\\u0000aGVsbG8="])
    func invalidOrNonCanonicalBase64IsRefusedNamingThePlace(_ payload: String) {
        let formatOne = StateFileStrictnessTests.decodeError(#"{"formatVersion": 1, "left": [{"identifier": "a"}, {"identifier": "b", "payload": "\#(payload)"}]}"#)
        #expect(formatOne?.path == "left[1].payload", "\(String(describing: formatOne))")
        #expect(formatOne?.problem.contains("expected base64 data") == true)
        let formatTwo = StateFileStrictnessTests.decodeError(#"{"formatVersion": 2, "root": {"kind": "stack", "records": [{"identifier": "n", "container": {"kind": "tabs", "selected": 0, "tabs": [{"payload": "\#(payload)"}]}}]}}"#)
        #expect(formatTwo?.path == "root.records[0].container.tabs[0].payload", "\(String(describing: formatTwo))")
    }

    @Test func canonicalBase64IsAccepted() throws {
        for (text, bytes) in [("", ""), ("YQ==", "a"), ("YWI=", "ab"), ("YWJj", "abc"), ("aGVsbG8=", "hello")] {
            let state = try StateFile.decode(Data(#"{"formatVersion": 1, "left": [{"identifier": "a", "payload": "\#(text)"}]}"#.utf8))
            #expect(state.left.first?.payload == Data(bytes.utf8))
        }
        #expect(StateFileStrictnessTests.decodeError(#"{"formatVersion": 1, "left": [{"identifier": "a", "payload": 12}]}"#)?.path == "left[0].payload")
    }

    @Test(arguments: [
        (#"{"formatVersion": 1, "formatVersion": 1, "left": []}"#, "", "formatVersion"),
        (#"{"formatVersion": 1, "left": [], "right": {"identifier": "a", "identifier": "b"}}"#, "right", "identifier"),
        (#"{"formatVersion": 1, "left": [{}, {"payload": "", "class": "A", "payload": "YQ=="}]}"#, "left[1]", "payload"),
        (#"{"formatVersion": 2, "root": {"kind": "split", "primary": [{}, {"identifier": "a", "identifier": "a"}], "detail": []}}"#, "root.primary[1]", "identifier"),
        (#"{"formatVersion": 2, "root": {"kind": "stack", "kind": "tabs", "records": []}}"#, "root", "kind"),
        (#"{"formatVersion": 2, "root": {"kind": "stack", "records": [{"container": {"kind": "tabs", "tabs": [], "selected": null, "selected": 0}}]}}"#, "root.records[0].container", "selected"),
        // Escapes name the same key: "\u0061" is "a"; a surrogate pair is the character it encodes.
        (#"{"formatVersion": 1, "left": [{"identifier": "x", "identifi\u0065r": "y"}]}"#, "left[0]", "identifier"),
        (#"{"formatVersion": 1, "left": [{"\u0069dentifier": "x", "identifier": "y"}]}"#, "left[0]", "identifier"),
        (#"{"formatVersion": 1, "left": [], "😀": 1, "\ud83d\ude00": 2}"#, "", "😀"),
        (#"{"formatVersion": 1, "left": [], "a\"b": 1, "a\u0022b": 2}"#, "", #"a"b"#),
    ])
    func duplicateKeysAtAnyLevelAreRefusedNamingThePlace(_ json: String, _ path: String, _ key: String) {
        let error = StateFileStrictnessTests.decodeError(json)
        #expect(error?.path == path, "\(String(describing: error))")
        #expect(error?.problem == "duplicate key \(String(reflecting: key))", "\(String(describing: error))")
    }

    @Test func keysThatOnlyLookAlikeAreNotDuplicates() {
        // Different bytes, different keys: both unknown, neither a duplicate.
        let error = StateFileStrictnessTests.decodeError(#"{"formatVersion": 1, "left": [], "caf\u00e9": 1, "cafe\u0301": 2}"#)
        #expect(error?.problem.hasPrefix("unknown key") == true, "\(String(describing: error))")
        // The same key in sibling objects is fine.
        #expect(StateFileStrictnessTests.decodeError(#"{"formatVersion": 1, "left": [{"identifier": "a"}, {"identifier": "a"}]}"#) == nil)
        // A key-like string as a value is not a key.
        #expect(StateFileStrictnessTests.decodeError(#"{"formatVersion": 1, "left": [{"identifier": "class", "class": "identifier"}]}"#) == nil)
    }

    @Test func containersDeeperThanTheLimitAreRefusedNamingThePlace() throws {
        func nested(_ levels: Int) -> String {
            var json = #"{"kind": "stack", "records": []}"#
            for _ in 1..<levels {
                json = #"{"kind": "stack", "records": [{"identifier": "n", "container": "# + json + "}]}"
            }
            return #"{"formatVersion": 2, "root": "# + json + "}"
        }
        let deepest = try StateFile.decode(Data(nested(RestorationTree.maxContainerDepth).utf8))
        #expect(deepest.root.depth == 64)
        let error = StateFileStrictnessTests.decodeError(nested(RestorationTree.maxContainerDepth + 1))
        #expect(error?.problem == "containers nested deeper than 64", "\(String(describing: error))")
        #expect(error?.path.hasPrefix("root.records[0].container.records[0].container") == true)
        // Far deeper: stopped by the structure check before any parser recursion.
        let tooDeep = StateFileStrictnessTests.decodeError(nested(1000))
        #expect(tooDeep?.problem.contains("nested deeper than") == true, "\(String(describing: tooDeep))")
    }

    /// A megabyte of `[[[[` or `{"a":{"a":` must be a typed error, never a stack overflow.
    @Test(arguments: ["[", #"{"a":"#, #"{"formatVersion": 2, "root": "#])
    func aMegabyteOfNestingIsATypedError(_ opening: String) {
        let count = 1_000_000 / opening.utf8.count
        let open = String(repeating: opening, count: count)
        for json in [open, open + "1" + String(repeating: opening == "[" ? "]" : "}", count: count)] {
            let error = StateFileStrictnessTests.decodeError(json)
            #expect(error?.problem.contains("nested deeper than \(3 * 64 + 8) arrays and objects") == true, "\(String(describing: error?.problem.prefix(200)))")
        }
    }

    @Test func mismatchedBracketsAreInvalidJSON() {
        #expect(StateFileStrictnessTests.decodeError(#"{"formatVersion": 1, "left": [}"#)?.problem.hasPrefix("not valid JSON") == true)
        #expect(StateFileStrictnessTests.decodeError(#"]"#)?.problem.hasPrefix("not valid JSON") == true)
    }

    /// A document this package wrote, with hostile strings, passes the structure check: the
    /// check reads escapes exactly as JSON does.
    @Test func hostileStringsPassTheCheckAndComeBackExactly() throws {
        let hostile = ["\u{0}", "\"", "\\", "\\u0061", "a\"b\\", "\u{202E}rtl", "👩‍👩‍👧", "\u{D7FF}\u{E000}\u{FFFF}", "\n\t\r\u{8}\u{C}"]
        let state = tree(stack(RestorationRecord(identifier: "s", container: .stack(StackContainer(records: hostile.map { RestorationRecord(identifier: $0, className: $0) })))))
        // Keys are fixed, but values of every record must survive: each record is an object
        // with the same keys, so a scan that mixed values and keys would report duplicates.
        #expect(try StateFile.decode(StateFile.encode(state)) == state)
    }
}

/// The encodings `JSONDecoder` reads are all scanned: a duplicate key cannot hide in UTF-16.
@Suite("State file encodings")
struct StateFileEncodingTests {
    static let duplicate = #"{"formatVersion": 1, "left": [{"identifier": "a", "identifier": "b"}]}"#
    static let valid = #"{"formatVersion": 1, "left": [{"identifier": "caf\u00e9 😀"}]}"#

    static let encodings: [(String, @Sendable (String) -> Data)] = [
        ("UTF-8", { Data($0.utf8) }),
        ("UTF-8 with BOM", { Data([0xEF, 0xBB, 0xBF]) + Data($0.utf8) }),
        ("UTF-16LE", { $0.data(using: .utf16LittleEndian)! }),
        ("UTF-16BE", { $0.data(using: .utf16BigEndian)! }),
        ("UTF-16 with BOM", { Data([0xFF, 0xFE]) + $0.data(using: .utf16LittleEndian)! }),
        ("UTF-32LE", { $0.data(using: .utf32LittleEndian)! }),
        ("UTF-32BE with BOM", { Data([0, 0, 0xFE, 0xFF]) + $0.data(using: .utf32BigEndian)! }),
    ]

    @Test func everyEncodingIsCheckedForDuplicateKeysAndReadsTheSame() throws {
        for (name, encode) in Self.encodings {
            do {
                _ = try StateFile.decode(encode(Self.duplicate))
                Issue.record("\(name): a duplicate key was accepted")
            } catch {
                #expect(error.description == #"left[0]: duplicate key "identifier""#, "\(name)")
            }
            let state = try StateFile.decode(encode(Self.valid))
            #expect(state.left.first?.identifier == "caf\u{E9} 😀", "\(name)")
        }
    }

    @Test func rawControlCharactersInStringsAreInvalidJSON() {
        for raw in ["\u{0}", "\n", "\u{1F}"] {
            #expect(throws: StateFileError.self) {
                try StateFile.decode(Data(#"{"formatVersion": 1, "left": [{"identifier": "a\#(raw)b"}]}"#.utf8))
            }
        }
    }

    /// JSON has no trailing comma, and no comma without a value before it: `JSONDecoder` accepts
    /// both, the state file neither (issue 21, item 14).
    @Test(arguments: [
        #"{"formatVersion":1,"left":[{"identifier":"a","class":"C",},],}"#,
        #"{"formatVersion":1,"left":[{"identifier":"a","class":"C"},]}"#,
        #"{"formatVersion":1,"left":[{"identifier":"a","class":"C"}],}"#,
        #"{"formatVersion":1,"left":[{"identifier":"a","class":"C" , } ]}"#,
        "{\"formatVersion\":1,\"left\":[{\"identifier\":\"a\"}\n,\n]}",
        #"{"formatVersion":1,"left":[,{"identifier":"a"}]}"#,
        #"{,"formatVersion":1,"left":[]}"#,
        #"{"formatVersion":1,,"left":[]}"#,
        #"{"formatVersion":2,"root":{"kind":"stack","records":[{"identifier":"a"},]}}"#,
    ])
    func aStrayCommaIsRefused(_ json: String) {
        let error = StateFileStrictnessTests.decodeError(json)
        #expect(error?.problem.contains("a comma with no value") == true, "\(String(describing: error))")
    }

    /// Commas inside strings are text, not JSON.
    @Test func commasInStringsAreText() throws {
        let state = try StateFile.decode(Data(#"{"formatVersion": 1, "left": [{"identifier": "a,]", "class": ",}"}]}"#.utf8))
        #expect(state.left.map(\.identifier) == ["a,]"])
    }

    /// Whole numbers are read exactly, never through a double: 2^53 + 1 is itself, Int.max is a
    /// (newer) version, and a whole number past Int's range is out of range as written
    /// (issue 21, item 15).
    @Test func wholeNumbersAreReadExactly() throws {
        for version in [9_007_199_254_740_993, Int.max, 3, 1] {
            let state = try StateFile.decode(Data(#"{"formatVersion": \#(version), "left": []}"#.utf8))
            guard state.form == .drillDown else { Issue.record("\(version): not format 1"); continue }
            #expect(state.formatVersion == version)
        }
        #expect(try StateFile.decode(Data(#"{"formatVersion": 1.0, "left": []}"#.utf8)).formatVersion == 1)
        let tooLarge = StateFileStrictnessTests.decodeError(#"{"formatVersion": 9223372036854775808, "left": []}"#)
        #expect(tooLarge?.path == "formatVersion")
        #expect(tooLarge?.problem.contains("out of range: 9223372036854775808") == true, "\(String(describing: tooLarge))")
        let fraction = StateFileStrictnessTests.decodeError(#"{"formatVersion": 9007199254740993.5, "left": []}"#)
        #expect(fraction?.problem.contains("expected a whole number") == true, "\(String(describing: fraction))")
        #expect(fraction?.problem.contains("e+") == false)
        let selected = StateFileStrictnessTests.decodeError(#"{"formatVersion": 2, "root": {"kind": "tabs", "tabs": [{"identifier": "a"}], "selected": 18446744073709551617}}"#)
        #expect(selected?.path == "root.selected")
        #expect(selected?.problem.contains("out of range: 18446744073709551617") == true, "\(String(describing: selected))")
        let half = StateFileStrictnessTests.decodeError(#"{"formatVersion": 2, "root": {"kind": "tabs", "tabs": [{"identifier": "a"}], "selected": 0.5}}"#)
        #expect(half?.problem == "expected a whole number, found 0.5", "\(String(describing: half))")
    }

    /// The structure pass's documented bound, at the boundary itself (issue 21, item 18): 200
    /// nested arrays and objects pass it (and are refused by the decoder for what they hold),
    /// 201 are refused by it, naming the bound.
    @Test(arguments: [(200, false), (201, true), (199, false)])
    func theNestingBoundIsExactlyTwoHundred(_ depth: Int, _ refusedForDepth: Bool) {
        // The outer object is one level; the value of "deep" holds the rest.
        let inner = depth - 1
        let json = #"{"formatVersion": 1, "left": [], "deep": "# + String(repeating: "[", count: inner) + String(repeating: "]", count: inner) + "}"
        let error = StateFileStrictnessTests.decodeError(json)
        #expect(error != nil)
        #expect((error?.problem.contains("nested deeper than 200") == true) == refusedForDepth, "\(depth): \(String(describing: error))")
    }
}
