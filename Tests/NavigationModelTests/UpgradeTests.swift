import Foundation
import Restack
import RestackStore
import RestackTerminalText
import RestackTesting
import RestackTestSupport
import Testing

/// A launch after an update that changed a route's shape: the model reads the old shape through
/// the chain its coding was given, and saves the upgraded routes.
@Suite("Restoring routes saved in an older shape")
@MainActor
struct UpgradeTests {
    /// Version 1's screens, upgraded to version 2's: a message's identifier became a string.
    static let shapes = PayloadShapes(Screen.self, named: "v1")
        .then(ScreenWithStringIDs.self, named: "v2") { old in
            switch old {
            case .mailbox(let name): .mailbox(name)
            case .message(let id): .message(id: String(id))
            case .search(let query): .search(query)
            }
        }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test func theModelRestoresAnOldShapeUpgradedAndSavesTheNewOne() async throws {
        let store = try SnapshotStore.inMemory()
        let version1 = model(StackNavigation<Screen>(), on: store)
        version1.path = [.mailbox("INBOX"), .message(id: 42)]
        await version1.flush()
        await version1.stop()

        let coding = RouteCoding<ScreenWithStringIDs>(upgrading: Self.shapes, named: "App.Screen")
        let version2 = model(StackNavigation<ScreenWithStringIDs>(), on: store, coding: coding)
        #expect(version2.path == [.mailbox("INBOX"), .message(id: "42")])
        let plan = try #require(version2.restored)
        #expect(plan.dropped.isEmpty)
        // The mailbox reads as both shapes: the newest wins, so only the message was upgraded.
        #expect(plan.notes.map(\.kind) == [.payloadUpgraded])
        #expect(plan.notes.map(\.path.description) == ["records[1]"])
        #expect(plan.notes.map(\.shape) == ["v1"])
        let text = PlanText.plan(plan, of: try await latestTree(store))
        #expect(text.contains(#"payload-upgraded (read as "v1") at records[1]"#), "\(text)")

        version2.path.append(.search("x"))
        await version2.flush()
        await version2.stop()
        let saved = try await latestTree(store)
        #expect(saved.allRecords.map { String(decoding: $0.record.payload ?? Data(), as: UTF8.self) }[1] == #"{"message":{"id":"42"}}"#)
    }
}
