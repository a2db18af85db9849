import Foundation
import Restack
import Testing

@Suite("State file")
struct StateFileTests {
    static let example = """
        { "formatVersion": 1,
          "left":  [ {"identifier": "inbox", "class": "InboxController", "payload": "aGVsbG8="},
                     {"identifier": null, "class": "ComposeController"} ],
          "right": {"identifier": "message-42", "class": "MessageController"} }
        """

    @Test func decodesTheDocumentedExample() throws {
        let state = try StateFile.decode(Data(Self.example.utf8))
        #expect(state == RestorationTree.drillDown(
            formatVersion: 1,
            left: [
                RestorationRecord(identifier: "inbox", className: "InboxController", payload: Data("hello".utf8)),
                RestorationRecord(identifier: nil, className: "ComposeController"),
            ],
            right: RestorationRecord(identifier: "message-42", className: "MessageController")
        ))
    }

    @Test(arguments: [#""right": null"#, #""right": {"identifier": "r"}"#, ""])
    func rightMayBeAnObjectNullOrAbsent(_ right: String) throws {
        let json = #"{"formatVersion": 1, "left": []"# + (right.isEmpty ? "" : ", \(right)") + "}"
        let state = try StateFile.decode(Data(json.utf8))
        #expect(state.left.isEmpty)
        #expect(state.right == (right.contains("identifier") ? RestorationRecord(identifier: "r") : nil))
    }

    @Test func encodingThenDecodingGivesTheSameStateAndTheSameBytes() throws {
        let state = try StateFile.decode(Data(Self.example.utf8))
        let once = StateFile.encode(state)
        let twice = StateFile.encode(try StateFile.decode(once))
        #expect(once == twice)
        #expect(try StateFile.decode(once) == state)
    }

    @Test func encodingWritesExplicitNullsAndSortedKeys() throws {
        let text = String(decoding: StateFile.encode(RestorationTree.drillDown(left: [RestorationRecord(identifier: nil)])), as: UTF8.self)
        #expect(text.contains(#""identifier" : null"#))
        #expect(text.contains(#""class" : null"#))
        #expect(text.contains(#""right" : null"#))
        #expect(!text.contains("payload"))
        let keys = ["formatVersion", "left", "right"].map { text.range(of: "\"\($0)\"")!.lowerBound }
        #expect(keys == keys.sorted())
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        var json: String
        var path: String
        var problem: String
        var testDescription: String { json }
    }

    static let badInputs: [BadInput] = [
        BadInput(json: #"{"formatVersion": 1}"#, path: "left", problem: "required key is missing"),
        BadInput(json: #"{"left": []}"#, path: "formatVersion", problem: "required key is missing"),
        BadInput(json: #"{"formatVersion": "1", "left": []}"#, path: "formatVersion", problem: "expected a whole number"),
        BadInput(json: #"{"formatVersion": 1.5, "left": []}"#, path: "formatVersion", problem: "expected a whole number, found 1.5"),
        BadInput(json: #"{"formatVersion": 0, "left": []}"#, path: "formatVersion", problem: "must be 1 or more, found 0"),
        BadInput(json: #"{"formatVersion": 1, "left": {}}"#, path: "left", problem: "expected an array of records"),
        BadInput(json: #"{"formatVersion": 1, "left": null}"#, path: "left", problem: "expected an array of records, found null"),
        BadInput(json: #"{"formatVersion": 1, "left": [{"identifier": 3}]}"#, path: "left[0].identifier", problem: "expected a string or null"),
        BadInput(json: #"{"formatVersion": 1, "left": [{"class": true}]}"#, path: "left[0].class", problem: "expected a string or null"),
        BadInput(json: #"{"formatVersion": 1, "left": [{}, {"payload": "not base64!"}]}"#, path: "left[1].payload", problem: "expected base64 data"),
        BadInput(json: #"{"formatVersion": 1, "left": [{"identifer": "x"}]}"#, path: "left[0]", problem: #"unknown key "identifer""#),
        BadInput(json: #"{"formatVersion": 1, "left": [], "extra": 1}"#, path: "", problem: #"unknown key "extra""#),
        BadInput(json: #"{"formatVersion": 1, "left": [], "right": "r"}"#, path: "right", problem: "expected an object"),
        BadInput(json: #"{"formatVersion": 1, "left": ["#, path: "", problem: "not valid JSON"),
        // A top-level array is a NavigationPath representation: `[]` is the empty path, and
        // anything else in it must be strings.
        BadInput(json: "[1]", path: "[0]", problem: "expected a string"),
        BadInput(json: "7", path: "", problem: "expected an object"),
        BadInput(json: "", path: "", problem: "not valid JSON"),
    ]

    @Test(arguments: badInputs)
    func badInputIsATypedErrorThatSaysWhere(_ input: BadInput) {
        do {
            _ = try StateFile.decode(Data(input.json.utf8))
            Issue.record("accepted \(input.json)")
        } catch {
            #expect(error.path == input.path, "\(error)")
            #expect(error.description.contains(input.problem), "\(error)")
            #expect(!error.description.isEmpty)
        }
    }
}
