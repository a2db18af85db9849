import Foundation
import Restack
import Testing

/// Codable payloads: the documented encoding pinned byte for byte, round trips, and stale
/// payloads (an old shape, garbage, none) dropped as `stale-payload` by the decoding resolver.
@Suite("Codable payloads")
struct RecordPayloadTests {
    struct InboxState: Codable, Equatable, Sendable {
        var folder: String
        var scroll: Int
    }

    /// Every kind of value the encoding documents: nested, dates, data, optionals, arrays.
    struct Everything: Codable, Equatable, Sendable {
        var zeta: String
        var alpha: Int
        var date: Date
        var bytes: Data
        var ratio: Double
        var flag: Bool
        var none: String?
        var list: [InboxState]
    }

    /// The shape InboxState had in an older version of the app.
    struct OldInboxState: Codable, Sendable {
        var mailbox: String
    }

    @Test func theEncodingIsPinnedByteForByte() throws {
        let inbox = try RecordPayload.encode(InboxState(folder: "INBOX/2026", scroll: 120))
        #expect(String(decoding: inbox, as: UTF8.self) == #"{"folder":"INBOX/2026","scroll":120}"#)
        #expect(inbox.count == 36)

        let everything = Everything(
            zeta: "z\u{E9}\"\n", alpha: -3, date: Date(timeIntervalSinceReferenceDate: 1.5), bytes: Data([0, 255, 1]),
            ratio: 0.5, flag: true, none: nil, list: [InboxState(folder: "a", scroll: 0)]
        )
        let bytes = try RecordPayload.encode(everything)
        // Keys sorted, no whitespace, dates as seconds since 2001, data as padded base64, nil omitted.
        #expect(String(decoding: bytes, as: UTF8.self)
            == #"{"alpha":-3,"bytes":"AP8B","date":1.5,"flag":true,"list":[{"folder":"a","scroll":0}],"ratio":0.5,"zeta":"zé\"\n"}"#)
    }

    @Test func valuesRoundTripExactly() throws {
        let values = [
            Everything(zeta: "", alpha: .max, date: Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_7), bytes: Data(),
                       ratio: -0.1, flag: false, none: "x", list: []),
            Everything(zeta: "\u{0}\u{202E}\u{200D}e\u{301}", alpha: .min, date: Date(timeIntervalSince1970: 0), bytes: Data((0...255).map(UInt8.init)),
                       ratio: 1e-300, flag: true, none: nil, list: [InboxState(folder: "/", scroll: -1)]),
        ]
        for value in values {
            let record = try RestorationRecord(identifier: "e", className: "EverythingController", encoding: value)
            #expect(try record.decodePayload(as: Everything.self) == value)
            #expect(try RecordPayload.decode(Everything.self, from: record) == value)
            // Encoding the decoded value again gives the same bytes.
            #expect(try RecordPayload.encode(record.decodePayload(as: Everything.self)) == record.payload)
        }
    }

    @Test func unencodableValuesAreATypedError() {
        #expect(throws: RecordPayloadError.self) { try RecordPayload.encode(Double.nan) }
        do {
            _ = try RestorationRecord(identifier: "a", className: "A", encoding: ["x": Double.infinity])
            Issue.record("an infinity was encoded")
        } catch {
            guard case .unencodable = error else { Issue.record("unexpected \(error)"); return }
        }
    }

    @Test func stalePayloadsAreTypedErrors() throws {
        let old = try RestorationRecord(identifier: "inbox", className: "InboxController", encoding: OldInboxState(mailbox: "INBOX"))
        let garbage = RestorationRecord(identifier: "inbox", className: "InboxController", payload: Data([0xFF, 0xFE, 0x00, 0x7B]))
        let missing = RestorationRecord(identifier: "inbox", className: "InboxController")
        let wrongType = RestorationRecord(identifier: "inbox", className: "InboxController", payload: Data(#"{"folder":1,"scroll":2}"#.utf8))
        for record in [old, garbage, wrongType] {
            #expect {
                try record.decodePayload(as: InboxState.self)
            } throws: { error in
                guard case .undecodable(let message)? = error as? RecordPayloadError else { return false }
                return !message.isEmpty
            }
        }
        #expect(throws: RecordPayloadError.missing) { try missing.decodePayload(as: InboxState.self) }
    }

    @Test func theDecodingResolverDropsStalePayloads() throws {
        let good = try RestorationRecord(identifier: "inbox", className: "InboxController", encoding: InboxState(folder: "INBOX", scroll: 3))
        let old = try RestorationRecord(identifier: "old", className: "InboxController", encoding: OldInboxState(mailbox: "INBOX"))
        let garbage = RestorationRecord(identifier: "garbage", className: "InboxController", payload: Data("not json".utf8))
        let missing = RestorationRecord(identifier: "missing", className: "InboxController")
        let gone = RestorationRecord(identifier: "gone", className: "GoneController")
        let plain = RestorationRecord(identifier: "boxes", className: "MailboxesController", payload: Data("anything".utf8))
        let state = RestorationTree.drillDown(left: [plain, good, old, garbage, missing, gone])

        let single = Restorer.plan(state, resolver: .decoding(InboxState.self, forClass: "InboxController"))
        #expect(single.left.map(\.record.identifier) == ["inbox"])
        #expect(drops(single) == ["left[0]:unresolved-class", "left[2]:stale-payload", "left[3]:stale-payload",
                                  "left[4]:stale-payload", "left[5]:unresolved-class"])

        let several = RecordResolver.decoding([
            .decoding(InboxState.self, forClass: "InboxController"),
            .withoutPayload(forClass: "MailboxesController"),
            .withoutPayload(forClass: "InboxController"),   // a later entry for a listed class does not count
        ])
        let plan = Restorer.plan(state, resolver: several)
        #expect(plan.left.map(\.record.identifier) == ["boxes", "inbox"])
        #expect(drops(plan) == ["left[2]:stale-payload", "left[3]:stale-payload", "left[4]:stale-payload", "left[5]:unresolved-class"])
    }

    @Test func aRenamedRecordsPayloadIsCheckedAgainstItsNewClass() throws {
        let aliases = try ClassAliases(["InboxViewController": "InboxController"])
        let resolver = RecordResolver.decoding(InboxState.self, forClass: "InboxController").renaming(aliases)
        let renamed = try RestorationRecord(identifier: "a", className: "InboxViewController", encoding: InboxState(folder: "A", scroll: 0))
        let stale = try RestorationRecord(identifier: "b", className: "InboxViewController", encoding: OldInboxState(mailbox: "B"))
        #expect(resolver.outcome(for: renamed) == .renamed(to: "InboxController"))
        #expect(resolver.outcome(for: stale) == .stalePayload)
        let plan = Restorer.plan(tree(stack(renamed, stale)), resolver: resolver)
        #expect(plan.drops == ["records[1]:stale-payload"])
        #expect(plan.restoredRecords.map(\.renamedFrom) == ["InboxViewController"])
        let first = try #require(plan.restoredRecords.first)
        #expect(try first.record.decodePayload(as: InboxState.self) == InboxState(folder: "A", scroll: 0))
    }

    @Test func hostilePayloadsAreStaleNotACrash() throws {
        let resolver = RecordResolver.decoding(InboxState.self, forClass: "InboxController")
        let hostile: [Data] = [
            Data(repeating: UInt8(ascii: "["), count: 1_000_000),                        // endless nesting
            Data(String(repeating: #"{"a":"#, count: 200_000).utf8),                      // deep objects
            Data(#"{"folder":"\#(String(repeating: "x", count: 4_000_000))","scroll":1e400}"#.utf8),  // huge, out of range
            Data(#"{"folder":"a","scroll":1,"folder":"b"}"#.utf8),                        // a duplicate key
            Data([0xEF, 0xBB, 0xBF]) + Data(#"{"folder":"\u0000\u202E","scroll":-0}"#.utf8),  // BOM, NUL, RTL
            Data(#"{"folder":"a","scroll":"1"}"#.utf8),                                     // a wrong type
            Data(),
        ]
        var outcomes: [ResolverOutcome] = []
        for payload in hostile {
            outcomes.append(resolver.outcome(for: RestorationRecord(identifier: "i", className: "InboxController", payload: payload)))
        }
        print("hostile payloads: \(outcomes)")
        // Each is an outcome, never a crash. A duplicate key, which JSONDecoder would settle by
        // keeping the last value, is stale like a state file's; a BOM with NUL and RTL is fine.
        #expect(outcomes == [.stalePayload, .stalePayload, .stalePayload, .stalePayload, .rebuild, .stalePayload, .stalePayload])
        let nested = try RecordPayload.encode([[[["deep"]]]])
        #expect(try RecordPayload.decode([[[[String]]]].self, from: nested) == [[[["deep"]]]])
        #expect(throws: RecordPayloadError.self) {
            try RecordPayload.decode([String: Int].self, from: Data(#"{"a":1,"\u0061":2}"#.utf8))
        }
    }
}
