import Foundation
import Restack
import RestackTerminalText
import RestackTestSupport
import Testing

/// A typed route's JSON, where the inspector lists its record (issue 37 item 6): `show`, `plan`'s
/// text, `--picture`, `diff`, and `show --json` / `diff --json` as a JSON value. Only a payload
/// that is exactly `RecordPayload`'s encoding of a JSON value is shown so; any other payload is
/// listed as before.
@Suite("Typed routes' JSON in the inspector")
struct PayloadJSONTests {
    enum Screen: Codable, Sendable, Equatable {
        case mailbox(String)
        case message(id: Int, subject: String)
    }

    static let routes = RouteCoding<Screen>(named: "MailApp.Screen")

    static func payload(_ screen: Screen) throws -> Data {
        try #require(try routes.tree(for: [screen]).root.children.first?.element.payload)
    }

    @Test func aRoutesPayloadIsItsJSON() throws {
        let payload = try Self.payload(.mailbox("INBOX"))
        #expect(PayloadJSON.text(of: payload) == #"{"mailbox":{"_0":"INBOX"}}"#)
        #expect(PayloadJSON.value(of: payload) == .object(["mailbox": .object(["_0": .string("INBOX")])]))
        #expect(PayloadJSON.cell(payload) == #"{"mailbox":{"_0":"INBOX"}}"#)
        for (json, value) in [("1", PayloadJSON.Value.integer(1)), ("-2.5", .number(-2.5)), (#""foo""#, .string("foo")), ("true", .bool(true)),
                              ("null", .null), ("[]", .array([])), (#"{"a":[1,{"b":null}]}"#, .object(["a": .array([.integer(1), .object(["b": .null])])]))] {
            #expect(PayloadJSON.value(of: Data(json.utf8)) == value, "\(json)")
        }
    }

    /// Bytes that are not JSON, and JSON not written as `RecordPayload` writes it, are not shown
    /// as JSON: their listing is as before.
    @Test(arguments: [
        "hello", "", " 1", "1\n", "\u{FEFF}1", #"{ "a": 1 }"#, #"{"b":1,"a":2}"#, #"{"a":"\/"}"#, #"{"a":1,"a":2}"#,
        "{\"caf\u{E9}\":1,\"cafe\u{301}\":2}", "[1,]", "1.0", "01", "NaN", #"{"a":1}x"#, "[" + String(repeating: "[", count: 300) + "]",
    ])
    func otherPayloadsAreNotShownAsJSON(_ text: String) {
        #expect(PayloadJSON.value(of: Data(text.utf8)) == nil, "\(text.debugDescription)")
        #expect(PayloadJSON.cell(Data(text.utf8)) == nil)
    }

    @Test func binaryAndNoPayloadAreNotJSON() {
        #expect(PayloadJSON.value(of: nil) == nil)
        #expect(PayloadJSON.value(of: Data([0xFF, 0xFE, 0x00])) == nil)
        #expect(PayloadJSON.value(of: Data("\"\u{0}\"".utf8)) == nil, "a raw control character is not JSON")
    }

    /// Long JSON is cut in a row, with a mark and the size; control, bidirectional and
    /// invisible characters in it are escaped, never cut in the middle of their escape.
    @Test func longOrHostileJSONStaysOneShortRow() throws {
        let long = try Self.payload(.message(id: 42, subject: String(repeating: "quarterly report ", count: 20)))
        let cell = try #require(PayloadJSON.cell(long))
        #expect(cell.hasPrefix(#"{"message":{"id":42,"subject":"quarterly report"#) && cell.hasSuffix("… (\(long.count) bytes)"), "\(cell)")
        #expect(TerminalWidth.columns(cell) <= PayloadJSON.maxColumns + " (\(long.count) bytes)".count)
        let hostile = try Self.payload(.mailbox("a\u{202E}b\u{2028}c\u{200B}d"))
        let shown = try #require(PayloadJSON.cell(hostile))
        #expect(!shown.unicodeScalars.contains { $0.properties.isBidiControl || $0 == "\u{2028}" || $0 == "\u{200B}" }, "\(shown)")
        #expect(shown.contains(#"\u{202E}"#) && shown.contains(#"\u{200B}"#), "\(shown)")
        let cutHostile = try #require(PayloadJSON.cell(try Self.payload(.mailbox(String(repeating: "\u{202E}", count: 40)))))
        #expect(cutHostile.contains(#"\u{202E}…"#), "cut after a whole escape: \(cutHostile)")
        #expect(!cutHostile.replacingOccurrences(of: #"\u{202E}"#, with: "").contains(#"\u"#), "no escape cut in its middle: \(cutHostile)")
    }

    /// The inspector's listings of a state of typed routes: the JSON beside each record.
    @Test func theInspectorListsARoutesJSONInTextPicturesAndJSON() throws {
        let scratch = try Scratch()
        let tree = try Self.routes.tree(for: [.mailbox("INBOX"), .message(id: 42, subject: "Hi")])
        let file = scratch.path("routes.json")
        try StateFile.encode(tree).write(to: URL(fileURLWithPath: file))
        let inbox = #"{"mailbox":{"_0":"INBOX"}}"#, message = #"{"message":{"id":42,"subject":"Hi"}}"#

        let text = try CLI.run(["plan", "--input", file, "--known-class", "MailApp.Screen"])
        #expect(text.stdout.contains(#"restored  records[0]  "0"  MailApp.Screen  \#(inbox)"#), "\(text.stdout)")
        #expect(text.stdout.contains(#"restored  records[1]  "1"  MailApp.Screen  \#(message)"#), "\(text.stdout)")
        let dropped = try CLI.run(["plan", "--input", file, "--known-class", "Other"])
        let first = try #require(dropped.stdout.split(separator: "\n").first { $0.contains("records[0]") })
        #expect(first.hasPrefix(#"  dropped  records[0]  "0"  MailApp.Screen  \#(inbox) "#) && first.hasSuffix("  unresolved-class"), "\(dropped.stdout)")

        let picture = try CLI.run(["plan", "--input", file, "--picture", "--color", "never"])
        #expect(picture.stdout.contains(#"|   records[1] "1" MailApp.Screen \#(message) |"#), "\(picture.stdout)")
        let framed = picture.stdout.split(separator: "\n").filter { $0.hasPrefix("+") || $0.hasPrefix("|") }
        #expect(Set(framed.map(\.count)).count == 1, "\(picture.stdout)")

        let store = scratch.path("s.sqlite")
        #expect(try CLI.run(["import", "--db", store, "--session", "main", "--input", file]).status == 0)
        let show = try CLI.run(["show", "--db", store, "--session", "main"])
        #expect(show.stdout.contains(#"records[0]  "0"         MailApp.Screen  \#(inbox)"#), "\(show.stdout)")
        let shown = try #require(try CLI.run(["show", "--db", store, "--session", "main", "--json"]).json as? [String: Any])
        let records = try #require(shown["records"] as? [[String: Any]])
        #expect(records.first?["payloadJSON"] as? NSDictionary == ["mailbox": ["_0": "INBOX"]] as NSDictionary)
        #expect(records.last?["payloadBytes"] as? Int == message.utf8.count, "the size as before")

        let empty = scratch.write("empty.json", #"{"formatVersion": 2, "root": {"kind": "stack", "records": []}}"#)
        let diff = try CLI.run(["diff", "--input", empty, "--input", file])
        #expect(diff.stdout.contains(#"added     records[0]  "0" MailApp.Screen \#(inbox)"#), "\(diff.stdout)")
        let diffJSON = try #require(try CLI.run(["diff", "--input", empty, "--input", file, "--json"]).json as? [String: Any])
        let added = try #require(diffJSON["added"] as? [[String: Any]])
        #expect((added.last?["payload"] as? [String: Any])?["json"] as? NSDictionary == ["message": ["id": 42, "subject": "Hi"]] as NSDictionary)
    }

    /// A plan none of whose records holds such JSON has no payload column: its text is as before.
    @Test func aPlanWithoutJSONHasNoPayloadColumn() throws {
        let scratch = try Scratch()
        let file = scratch.write("p.json", #"{"formatVersion": 2, "root": {"kind": "stack", "records": [{"identifier": "a", "class": "A", "payload": "aGVsbG8="}, {"identifier": "b", "class": "B"}]}}"#)
        let text = try CLI.run(["plan", "--input", file, "--known-class", "A"])
        #expect(text.stdout == """
            format 2 · layout regular · 1 restored, 1 dropped
                        [stack]
              restored  records[0]  "a"  A
              dropped   records[1]  "b"  B  unresolved-class

            """, "\(text.stdout)")
    }
}
