import Foundation
@testable import Restack
import Testing

/// The messages a state file's decoding failures become: the place named (indexes in brackets),
/// base64 expected of a payload, the JSON parser's own words for a document that is no JSON, and
/// a type named when it is none of the file's usual ones.
@Suite("State file messages")
struct StateFileMessageTests {
    static let recordPayload: [any CodingKey] = [AnyCodingKey(stringValue: "left"), AnyCodingKey(intValue: 1), AnyCodingKey(stringValue: "payload")]

    @Test func aPayloadThatIsNoBase64SaysSoAtItsPlace() {
        let corrupted = StateFileError(.dataCorrupted(.init(codingPath: Self.recordPayload, debugDescription: "bad")))
        #expect(corrupted == StateFileError(path: "left[1].payload", problem: "expected base64 data"))
        let mismatch = StateFileError(.typeMismatch(Data.self, .init(codingPath: Self.recordPayload, debugDescription: "a number")))
        #expect(mismatch == StateFileError(path: "left[1].payload", problem: "expected base64 data"))
    }

    @Test func otherFailuresKeepTheirWordsAndNameTheType() {
        let path: [any CodingKey] = [AnyCodingKey(stringValue: "root"), AnyCodingKey(stringValue: "focus")]
        let corrupted = StateFileError(.dataCorrupted(.init(codingPath: path, debugDescription: "not a focus")))
        #expect(corrupted == StateFileError(path: "root.focus", problem: "not a focus"))
        let mismatch = StateFileError(.typeMismatch(Bool.self, .init(codingPath: path, debugDescription: "")))
        #expect(mismatch == StateFileError(path: "root.focus", problem: "expected a value of type Bool"))
        struct Parser: LocalizedError { var errorDescription: String? { "unexpected end of file" } }
        let notJSON = StateFileError(.dataCorrupted(.init(codingPath: [], debugDescription: "garbage", underlyingError: Parser())))
        #expect(notJSON == StateFileError(path: "", problem: "not valid JSON (unexpected end of file)"))
        let bare = StateFileError(.dataCorrupted(.init(codingPath: [], debugDescription: "garbage")))
        #expect(bare == StateFileError(path: "", problem: "not valid JSON (garbage)"))
    }
}
