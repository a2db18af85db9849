import Foundation
import Restack
import Testing

/// A deep link's JSON, read as strictly as a state file: every problem a ``StateFileError``
/// naming the place.
@Suite("Deep links: JSON")
struct DeepLinkFileTests {
    static func decode(_ text: String) throws(StateFileError) -> DeepLink {
        try DeepLink.decode(Data(text.utf8))
    }

    @Test func theIssuesLinkReadsWithNestedContainersAndPayloads() throws {
        let link = try Self.decode("""
            {"path": ["mail", "inbox"], "push": [{"identifier": "message-99", "class": "MessageController", "payload": "aGk=",
              "container": {"kind": "stack", "records": [{"identifier": "thread"}]}}]}
            """)
        #expect(link.path == ["mail", "inbox"])
        #expect(link.push == [RestorationRecord(identifier: "message-99", className: "MessageController", payload: Data("hi".utf8),
                                                container: .stack(StackContainer(records: [RestorationRecord(identifier: "thread")])))])
        #expect(try DeepLink.decode(link.jsonData()) == link, "what jsonData writes reads back")
        #expect(try Self.decode("{}") == DeepLink())
    }

    @Test(arguments: [
        (#"{"path": [], "pushed": []}"#, "", #"unknown key "pushed" (expected "path", "push")"#),
        (#"{"path": "mail"}"#, "path", "expected an array of identifiers"),
        (#"{"path": null}"#, "path", "expected an array, found null (leave the key out for none)"),
        (#"{"push": null}"#, "push", "expected an array, found null (leave the key out for none)"),
        (#"{"path": ["mail", 3]}"#, "path[1]", "expected an identifier (a non-empty string)"),
        (#"{"path": ["mail", null]}"#, "path[1]", "expected an identifier (a non-empty string), found null"),
        (#"{"path": ["mail", ""]}"#, "path[1]", "an empty identifier, which no restored record has (rule 1)"),
        (#"{"push": [{"class": "C"}]}"#, "push[0].identifier", "a pushed record needs an identifier (a non-empty string)"),
        (#"{"push": [{"identifier": "", "class": "C"}]}"#, "push[0].identifier", "an empty identifier: a pushed record needs a non-empty one"),
        (#"{"push": [{"identifier": "m", "klass": "C"}]}"#, "push[0]", #"unknown key "klass" (expected "identifier", "class", "payload", "container")"#),
        (#"{"push": [{"identifier": 7}]}"#, "push[0].identifier", "expected a string or null"),
        (#"{"push": {"identifier": "m"}}"#, "push", "expected an array of records"),
        (#"{"path": ["a"], "path": ["b"]}"#, "", #"duplicate key "path""#),
        (#"["a"]"#, "", "expected an object"),
    ])
    func badLinksNameThePlace(_ text: String, _ place: String, _ problem: String) {
        #expect(throws: StateFileError(path: place, problem: problem)) { try Self.decode(text) }
    }

    @Test func aPathDeeperThanAStateMayNestIsRefused() throws {
        func path(_ count: Int) -> String {
            #"{"path": ["# + Array(repeating: #""a""#, count: count).joined(separator: ",") + "]}"
        }
        #expect(try Self.decode(path(DeepLink.maxPathLength)).path.count == 64)
        #expect(throws: StateFileError(path: "path", problem: "65 identifiers, more than the 64 levels of containers a state may nest")) {
            try Self.decode(path(65))
        }
        #expect(throws: StateFileError(path: "path", problem: "10000 identifiers, more than the 64 levels of containers a state may nest")) {
            try Self.decode(path(10_000))
        }
    }

    @Test func tooManyPushedRecordsNestedOnesCountedAreRefused() throws {
        func push(_ count: Int) -> String {
            #"{"push": ["# + Array(repeating: #"{"identifier": "m"}"#, count: count).joined(separator: ",") + "]}"
        }
        #expect(try Self.decode(push(DeepLink.maxPushedRecords)).push.count == 1_000)
        #expect(throws: StateFileError(path: "push", problem: "10000 records, more than the 1000 a deep link may push")) {
            try Self.decode(push(10_000))
        }
        let nested = #"{"push": [{"identifier": "m", "container": {"kind": "stack", "records": ["#
            + Array(repeating: #"{"identifier": "x"}"#, count: 1_000).joined(separator: ",") + "]}}]}"
        #expect(throws: StateFileError(path: "push", problem: "1001 records, more than the 1000 a deep link may push")) {
            try Self.decode(nested)
        }
    }
}
