import Foundation
import Restack
import Testing

/// The inbox's payload as version 1 saved it: `{"mailbox":"INBOX"}`.
struct InboxStateV1: Codable, Equatable, Sendable {
    var mailbox: String
}

@Suite("Payload upgrade snippets")
struct UpgradeSnippets {
    static let saved = RestorationTree(root: .stack(StackContainer(records: [
        RestorationRecord(identifier: "boxes", className: "MailboxesController"),
        RestorationRecord(identifier: "inbox", className: "InboxController", payload: Data(#"{"mailbox":"INBOX"}"#.utf8)),
    ])))

    @Test func payloadShapesDocComment() throws {
        // snippet: doc-comment-payload-shapes
        let inboxShapes = PayloadShapes(InboxStateV1.self, named: "v1")
            .then(InboxState.self, named: "v2") { old in InboxState(folder: old.mailbox, scroll: 0) }
        let resolver = RecordResolver.decoding([.decoding(inboxShapes, forClass: "InboxController")])
        // end snippet
        let outcome = resolver.outcome(for: Self.saved.allRecords[1].record)
        #expect(outcome == .upgraded(payload: Data(#"{"folder":"INBOX","scroll":0}"#.utf8), readAs: "v1"))
    }

    @Test func payloadUpgrades() throws {
        let saved = Self.saved
        // snippet: payload-upgrades
        // Version 1 saved the inbox as {"mailbox":"INBOX"} (InboxStateV1); version 2 reads
        // InboxState, {"folder":"INBOX","scroll":0}.
        let shapes = PayloadShapes(InboxStateV1.self, named: "v1")
            .then(InboxState.self, named: "v2") { old in InboxState(folder: old.mailbox, scroll: 0) }
        let resolver = RecordResolver.decoding([
            .decoding(shapes, forClass: "InboxController"),
            .withoutPayload(forClass: "MailboxesController"),
        ])
        let plan = Restorer.plan(saved, resolver: resolver)
        // plan.notes: payload-upgraded at records[1], shape "v1"; the record holds the v2 payload
        let inbox = try plan.restoredRecords[1].record.decodePayload(as: InboxState.self)
        // end snippet
        #expect(inbox == InboxState(folder: "INBOX", scroll: 0))
        #expect(plan.notes.map(\.kind) == [.payloadUpgraded])
        #expect(plan.notes.map(\.path.description) == ["records[1]"])
        #expect(plan.notes.map(\.shape) == ["v1"])
        #expect(plan.restoredTree?.allRecords[1].record.payload == Data(#"{"folder":"INBOX","scroll":0}"#.utf8))
    }
}
