import Foundation
import Restack
import Testing

/// State files of format 2: the documented example, shapes, and errors that name the place.
@Suite("State file, format 2")
struct StateFileFormat2Tests {
    static let example = """
        { "formatVersion": 2,
          "root": { "kind": "split", "focus": "detail", "compact": "merge",
                    "primary": [ {"identifier": "nav", "class": "NavController", "container":
                                   {"kind": "tabs", "selected": 0, "tabs": [ {"identifier": "inbox", "class": "InboxController"} ]}} ],
                    "detail":  [ {"identifier": "message-42", "class": "MessageController", "payload": "aGVsbG8="} ] } }
        """

    @Test func decodesTheDocumentedExample() throws {
        let tree = try StateFile.decode(Data(Self.example.utf8))
        #expect(tree == RestorationTree(formatVersion: 2, root: .split(SplitContainer(
            primary: [RestorationRecord(identifier: "nav", className: "NavController", container: .tabs(TabsContainer(
                tabs: [RestorationRecord(identifier: "inbox", className: "InboxController")], selected: 0)))],
            detail: [RestorationRecord(identifier: "message-42", className: "MessageController", payload: Data("hello".utf8))],
            focus: .detail, compact: .merge
        ))))
        #expect(try StateFile.decode(StateFile.encode(tree)) == tree)
    }

    @Test func defaultsAndEveryKindDecode() throws {
        let json = #"{"formatVersion": 2, "root": {"kind": "stack", "records": [{"identifier": "a", "container": {"kind": "split", "primary": [], "detail": []}}, {"container": {"kind": "drillDown", "left": []}}, {"container": {"kind": "tabs", "tabs": [], "selected": null}}]}}"#
        let tree = try StateFile.decode(Data(json.utf8))
        #expect(tree.root == stack(
            RestorationRecord(identifier: "a", container: .split(SplitContainer(primary: [], detail: [], focus: .primary, compact: .merge))),
            RestorationRecord(identifier: nil, container: .drillDown(DrillDownContainer(left: []))),
            RestorationRecord(identifier: nil, container: .tabs(TabsContainer(tabs: [], selected: nil)))
        ))
    }

    @Test func formatOneFilesReadAndWriteExactlyAsBefore() throws {
        let bytes = StateFile.encode(RestorationTree.drillDown(left: [RestorationRecord(identifier: "a", className: "A")], right: nil))
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {
              "formatVersion" : 1,
              "left" : [
                {
                  "class" : "A",
                  "identifier" : "a"
                }
              ],
              "right" : null
            }

            """)
        // A format-1 document read as a tree is a drill-down root, and writes back byte for byte.
        let tree = try StateFile.decode(bytes)
        #expect(tree.root == drillDown([RestorationRecord(identifier: "a", className: "A")]))
        #expect(StateFile.encode(tree) == bytes)
        // A record of a format-1 file cannot hold a container.
        #expect(throws: StateFileError(path: "left[0]", problem: #"unknown key "container" (expected "identifier", "class", "payload")"#)) {
            try StateFile.decode(Data(#"{"formatVersion": 1, "left": [{"container": {"kind": "stack", "records": []}}]}"#.utf8))
        }
        // One decoder reads both forms; each tree says which it was.
        #expect(try StateFile.decode(Data(Self.example.utf8)).form == .tree)
    }

    @Test func aDrillDownStateHoldingContainersIsWrittenWholeAsFormatTwo() throws {
        let nested = RestorationRecord(identifier: "nav", className: "Nav", container: .stack(StackContainer(records: [RestorationRecord(identifier: "x")])))
        let state = RestorationTree.drillDown(left: [nested], right: RestorationRecord(identifier: "r"))
        let tree = try StateFile.decode(StateFile.encode(state))
        #expect(tree == RestorationTree(formatVersion: 2, root: .drillDown(DrillDownContainer(left: [nested], right: RestorationRecord(identifier: "r")))))
    }

    @Test func aVersionOneTreeThatFormatOneCannotHoldIsWrittenAsFormatTwo() throws {
        let tree = RestorationTree(formatVersion: 1, root: .stack(StackContainer(records: [RestorationRecord(identifier: "a")])))
        #expect(try StateFile.decode(StateFile.encode(tree)) == RestorationTree(formatVersion: 2, root: tree.root))
    }

    @Test func aNewerFormatIsReadInTheShapeItHasAndRestoresNothing() throws {
        let rooted = try StateFile.decode(Data(#"{"formatVersion": 7, "root": {"kind": "stack", "records": [{"identifier": "a"}]}}"#.utf8))
        #expect(rooted == tree(stack(RestorationRecord(identifier: "a")), version: 7))
        #expect(Restorer.plan(rooted).drops == ["records[0]:unsupported-format"])
        let left = try StateFile.decode(Data(#"{"formatVersion": 7, "left": [{"identifier": "a"}]}"#.utf8))
        #expect(left == RestorationTree.drillDown(formatVersion: 7, left: [RestorationRecord(identifier: "a")]))
        #expect(left.form == .drillDown)
        #expect(Restorer.plan(left).drops == ["left[0]:unsupported-format"])
    }

    struct BadInput: CustomTestStringConvertible, Sendable {
        var json: String
        var path: String
        var problem: String
        var testDescription: String { json }
    }

    static func doc(_ root: String) -> String {
        #"{"formatVersion": 2, "root": "# + root + "}"
    }

    static let badInputs: [BadInput] = [
        BadInput(json: #"{"formatVersion": 2}"#, path: "root", problem: "required key is missing"),
        BadInput(json: #"{"formatVersion": 2, "root": {"kind": "stack", "records": []}, "left": []}"#, path: "", problem: #"unknown key "root""#),
        BadInput(json: doc(#"{"records": []}"#), path: "root.kind", problem: "required key is missing"),
        BadInput(json: doc(#"{"kind": "carousel"}"#), path: "root.kind", problem: #"unknown kind "carousel""#),
        BadInput(json: doc(#"{"kind": 3}"#), path: "root.kind", problem: "expected a string or null"),
        BadInput(json: doc(#"{"kind": "stack"}"#), path: "root.records", problem: "required key is missing"),
        BadInput(json: doc(#"{"kind": "stack", "records": [], "left": []}"#), path: "root", problem: #"unknown key "left""#),
        BadInput(json: doc(#"{"kind": "split", "primary": []}"#), path: "root.detail", problem: "required key is missing"),
        BadInput(json: doc(#"{"kind": "split", "primary": [], "detail": [], "focus": "left"}"#), path: "root.focus", problem: #"unknown value "left""#),
        BadInput(json: doc(#"{"kind": "split", "primary": [], "detail": [], "compact": "omit"}"#), path: "root.compact", problem: #"unknown value "omit""#),
        BadInput(json: doc(#"{"kind": "split", "primary": {}, "detail": []}"#), path: "root.primary", problem: "expected an array of records"),
        BadInput(json: doc(#"{"kind": "tabs", "tabs": [{}]}"#), path: "root.selected", problem: "required when there are tabs"),
        BadInput(json: doc(#"{"kind": "tabs", "tabs": [{}], "selected": 1}"#), path: "root.selected", problem: "out of range"),
        BadInput(json: doc(#"{"kind": "tabs", "tabs": [{}], "selected": -1}"#), path: "root.selected", problem: "out of range"),
        BadInput(json: doc(#"{"kind": "tabs", "tabs": [], "selected": 0}"#), path: "root.selected", problem: "must be absent or null"),
        BadInput(json: doc(#"{"kind": "tabs", "tabs": [{}], "selected": 0.5}"#), path: "root.selected", problem: "expected a whole number"),
        BadInput(json: doc(#"{"kind": "split", "primary": [{"identifier": "nav", "container": {"kind": "tabs", "tabs": [{}, {}], "selected": 2}}], "detail": []}"#),
                 path: "root.primary[0].container.selected", problem: "out of range"),
        BadInput(json: doc(#"{"kind": "stack", "records": [{"identifier": "x", "container": []}]}"#), path: "root.records[0].container", problem: "expected an object"),
        BadInput(json: doc(#"{"kind": "stack", "records": [{"identifier": "x", "Container": null}]}"#), path: "root.records[0]", problem: #"unknown key "Container""#),
        BadInput(json: doc(#"{"kind": "drillDown", "left": [], "right": [{}]}"#), path: "root.right", problem: "expected an object"),
        BadInput(json: doc(#"{"kind": "drillDown", "left": [{"payload": "aGVsbG8"}]}"#), path: "root.left[0].payload", problem: "expected base64 data"),
        BadInput(json: doc(#"null"#), path: "root", problem: "found null"),
    ]

    @Test(arguments: badInputs)
    func badInputIsATypedErrorThatSaysWhere(_ input: BadInput) {
        do {
            _ = try StateFile.decode(Data(input.json.utf8))
            Issue.record("accepted \(input.json)")
        } catch {
            #expect(error.path == input.path, "\(error)")
            #expect(error.description.contains(input.problem), "\(error)")
        }
    }
}
