import Foundation
import Restack
import Testing

/// Three versions of an inbox's payload.
enum InboxShapes {
    /// Version 1: the folder only.
    struct V1: Codable, Hashable, Sendable {
        var folder: String
    }

    /// Version 2: `folder` renamed `mailbox`, and a scroll offset.
    struct V2: Codable, Hashable, Sendable {
        var mailbox: String
        var scroll: Int
    }

    /// Version 3: `scroll` renamed `position`, and an optional sort order.
    struct V3: Codable, Hashable, Sendable {
        var mailbox: String
        var position: Int
        var sort: String?
    }

    struct Refused: Error {}

    /// v1 -> v2 -> v3; the first step refuses an empty folder (a payload version 1 wrote by mistake).
    static let chain = PayloadShapes(V1.self, named: "v1")
        .then(V2.self, named: "v2") { old in
            guard !old.folder.isEmpty else { throw Refused() }
            return V2(mailbox: old.folder, scroll: 0)
        }
        .then(V3.self, named: "v3") { old in V3(mailbox: old.mailbox, position: old.scroll, sort: nil) }

    static var resolver: RecordResolver { RecordResolver.decoding([.decoding(chain, forClass: "InboxController")]) }

    static func record(_ json: String, identifier: String = "inbox", className: String = "InboxController") -> RestorationRecord {
        RestorationRecord(identifier: identifier, className: className, payload: Data(json.utf8))
    }

    static func stack(_ records: RestorationRecord...) -> RestorationTree {
        RestorationTree(root: .stack(StackContainer(records: records, afterDrop: .closeGap)))
    }
}

@Suite("Payload upgrades")
struct PayloadUpgradeTests {
    typealias S = InboxShapes

    /// A note as its kind, its path's spelling and its shape.
    struct N: Equatable {
        var kind: RestorationPlan.Note.Kind
        var path: String
        var shape: String?

        init(_ kind: RestorationPlan.Note.Kind, _ path: String, _ shape: String?) {
            self.kind = kind
            self.path = path
            self.shape = shape
        }
    }

    func described(_ notes: [RestorationPlan.Note]) -> [N] {
        notes.map { N($0.kind, $0.path.description, $0.shape) }
    }

    /// A payload of each older shape is upgraded through every later step, restored in
    /// RecordPayload's encoding, and noted with the shape it was read as; the newest is as saved.
    @Test func eachOlderShapeIsUpgradedThroughTheChainAndNoted() throws {
        let tree = S.stack(S.record(#"{"folder":"INBOX"}"#, identifier: "a"),
                           S.record(#"{"mailbox":"Sent","scroll":40}"#, identifier: "b"),
                           S.record(#"{"mailbox":"Archive","position":7}"#, identifier: "c"))
        let plan = Restorer.plan(tree, resolver: S.resolver)
        #expect(plan.dropped.isEmpty)
        #expect(described(plan.notes) == [
            N(.payloadUpgraded, "records[0]", "v1"),
            N(.payloadUpgraded, "records[1]", "v2"),
        ])
        let payloads = plan.restoredRecords.map { String(decoding: $0.record.payload ?? Data(), as: UTF8.self) }
        #expect(payloads == [#"{"mailbox":"INBOX","position":0}"#, #"{"mailbox":"Sent","position":40}"#,
                             #"{"mailbox":"Archive","position":7}"#])
        // The restored tree (what the app saves next) holds the upgraded payloads: planned again,
        // nothing is upgraded twice.
        let restored = try #require(plan.restoredTree)
        #expect(restored.allRecords.map { $0.record.payload } == plan.restoredRecords.map(\.record.payload))
        let again = Restorer.plan(restored, resolver: S.resolver)
        #expect(again.notes.isEmpty && again.dropped.isEmpty)
        #expect(again.restoredRecords.map(\.record) == plan.restoredRecords.map(\.record))
    }

    /// No shape reads it, or there is none: stale-payload, as without a chain, and no note.
    @Test func aPayloadNoShapeReadsIsStaleWithoutANote() {
        let tree = S.stack(S.record(#"{"title":"INBOX"}"#, identifier: "a"),
                           RestorationRecord(identifier: "b", className: "InboxController"),
                           S.record("not json", identifier: "c"),
                           S.record(#"{"folder":"INBOX","folder":"Sent"}"#, identifier: "d"))
        let plan = Restorer.plan(tree, resolver: S.resolver)
        #expect(plan.dropped.map(\.reason) == [.stalePayload, .stalePayload, .stalePayload, .stalePayload])
        #expect(plan.notes.isEmpty)
    }

    /// A step that throws drops the record stale-payload, with a note naming the step.
    @Test func aStepThatThrowsMakesTheRecordStaleWithTheStepNamed() throws {
        let tree = S.stack(S.record(#"{"folder":""}"#, identifier: "a"), S.record(#"{"folder":"INBOX"}"#, identifier: "b"))
        let plan = Restorer.plan(tree, resolver: S.resolver)
        #expect(plan.dropped.map(\.path.description) == ["records[0]"])
        #expect(plan.dropped.map(\.reason) == [.stalePayload])
        #expect(plan.dropped[0].record == tree.allRecords[0].record, "the dropped record is as saved")
        #expect(described(plan.notes) == [
            N(.payloadUpgradeFailed, "records[0]", "v1 -> v2"),
            N(.payloadUpgraded, "records[1]", "v1"),
        ])
    }

    /// A payload two shapes read is read as the newer one: a payload the app writes today is
    /// never upgraded, and an older one is taken through the fewest steps.
    @Test func aPayloadTwoShapesReadIsReadAsTheNewest() {
        let tree = S.stack(S.record(#"{"mailbox":"Sent","position":3,"scroll":9}"#, identifier: "v2-and-v3"),
                           S.record(#"{"folder":"Old","mailbox":"Sent","scroll":9}"#, identifier: "v1-and-v2"))
        let plan = Restorer.plan(tree, resolver: S.resolver)
        #expect(described(plan.notes) == [N(.payloadUpgraded, "records[1]", "v2")])
        #expect(plan.restoredRecords[0].record == tree.allRecords[0].record, "read as v3: as saved")
        #expect(plan.restoredRecords[1].record.payload == Data(#"{"mailbox":"Sent","position":9}"#.utf8))
    }

    /// A class renamed and its payload upgraded at once: both are shown.
    @Test func aRenamedClassWithAnOldPayloadIsRenamedAndUpgraded() throws {
        let resolver = S.resolver.renaming(try ClassAliases(["InboxViewController": "InboxController"]))
        let plan = Restorer.plan(S.stack(S.record(#"{"folder":"INBOX"}"#, className: "InboxViewController")), resolver: resolver)
        let restored = try #require(plan.restoredRecords.first)
        #expect(restored.renamedFrom == "InboxViewController")
        #expect(restored.record.className == "InboxController")
        #expect(plan.notes.map(\.shape) == ["v1"])
        #expect(try restored.record.decodePayload(as: S.V3.self) == S.V3(mailbox: "INBOX", position: 0))
    }

    /// The plan's JSON shows both notes with their shape and step.
    @Test func thePlanJSONShowsTheNotes() throws {
        let tree = S.stack(S.record(#"{"folder":""}"#, identifier: "a"), S.record(#"{"folder":"INBOX"}"#, identifier: "b"))
        let plan = Restorer.plan(tree, resolver: S.resolver)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(plan)) as? [String: Any]
        let notes = try #require(json?["notes"] as? [[String: String]])
        #expect(notes == [["kind": "payload-upgrade-failed", "path": "records[0]", "shape": "v1 -> v2"],
                          ["kind": "payload-upgraded", "path": "records[1]", "shape": "v1"]])
    }

    /// A class given without shapes behaves as before: an old payload is stale.
    @Test func aClassWithoutAChainBehavesAsBefore() {
        let resolver = RecordResolver.decoding([.decoding(S.V3.self, forClass: "InboxController")])
        let plan = Restorer.plan(S.stack(S.record(#"{"folder":"INBOX"}"#)), resolver: resolver)
        #expect(plan.dropped.map(\.reason) == [.stalePayload])
        #expect(plan.notes.isEmpty)
    }

    /// A rebuild that plans again after a node failed keeps the upgrades it had (the resolver is
    /// not asked again): the record keeps its upgraded payload and its note.
    @Test func aRebuildAfterAFailureKeepsTheUpgrades() throws {
        let tree = S.stack(S.record(#"{"folder":"INBOX"}"#, identifier: "a"),
                           S.record(#"{"folder":""}"#, identifier: "b"),
                           RestorationRecord(identifier: "c", className: "Failing"))
        let resolver = RecordResolver.decoding([.decoding(S.chain, forClass: "InboxController"), .withoutPayload(forClass: "Failing")])
        let plan = Restorer.plan(tree, resolver: resolver)
        let rebuilt = FakeAdapter(failing: ["Failing"]).rebuild(plan)
        #expect(rebuilt.failures.map(\.path.description) == ["records[2]"])
        #expect(rebuilt.plan.notes == plan.notes)
        #expect(described(rebuilt.plan.notes) == [N(.payloadUpgraded, "records[0]", "v1"), N(.payloadUpgradeFailed, "records[1]", "v1 -> v2")])
        #expect(rebuilt.plan.restoredRecords.map(\.record) == [plan.restoredRecords[0].record])
        #expect(rebuilt.plan.restoredRecords.first?.record.payload == Data(#"{"mailbox":"INBOX","position":0}"#.utf8))
    }

    /// Typed routes take the same chains: an old route is upgraded, found by its upgraded
    /// payload, and saved in the newest shape.
    @Test func typedRoutesTakeTheSameChains() throws {
        let saved = S.stack(S.record(#"{"folder":"INBOX"}"#, identifier: "0", className: "App.Inbox"),
                            S.record(#"{"mailbox":"Sent","position":2}"#, identifier: "1", className: "App.Inbox"),
                            S.record(#"{"folder":""}"#, identifier: "2", className: "App.Inbox"))
        let coding = RouteCoding<S.V3>(upgrading: S.chain, named: "App.Inbox")
        let restored = coding.restore(saved)
        #expect(restored.routes == [S.V3(mailbox: "INBOX", position: 0), S.V3(mailbox: "Sent", position: 2)])
        #expect(restored.plan.notes.map(\.kind) == [.payloadUpgraded, .payloadUpgradeFailed])
        #expect(restored.plan.restoredTree?.allRecords.first?.record.payload == Data(#"{"mailbox":"INBOX","position":0}"#.utf8))
        #expect(try coding.tree(for: restored.routes).allRecords.map(\.record.payload) == restored.plan.restoredTree?.allRecords.map(\.record.payload))
    }
}

