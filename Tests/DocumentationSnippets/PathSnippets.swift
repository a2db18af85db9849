import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

// The snippets of the articles "Saving a SwiftUI NavigationPath" (RestackStore) and "Typed
// routes" (Restack), compiled and run as written. The lines that need SwiftUI itself are not
// here: the articles show them apart and say so.

/// An app's element type, pushed on a `NavigationPath` beside `Int` and `String`.
struct Item: Codable, Hashable, Sendable {
    var x: Int
}

/// What SwiftUI would hand the snippets: the JSON of `NavigationPath.codable`, and what they hand
/// back to `NavigationPath(_:)`.
final class PathScene: @unchecked Sendable {
    var restored: Data?
    var logged: [String] = []

    func log(_ line: String) { logged.append(line) }
}

@Suite("Path and route documentation snippets")
struct PathSnippets {
    /// Saving through the Autosaver, element by element, then restoring at launch what still
    /// decodes: the snippet's own calls, with SwiftUI's JSON given as SwiftUI writes it.
    @Test func navigationPathSaveAndRestore() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("s.sqlite"), options: .init(appVersion: "3.0"))
        let sceneID = "scene"
        let scene = PathScene()
        // The JSON SwiftUI writes for the path [1, "foo", Item(x: 2)], last pushed first.
        let representationJSON = Data(#"["App.Item","{\"x\":2}","Swift.String","\"foo\"","Swift.Int","1"]"#.utf8)
        let autosaver = Autosaver(store: store, session: sceneID)
        // snippet: navigation-path-save
        // On every change of the path: its representation, read element by element.
        if let tree = try? NavigationPathRepresentation.decode(representationJSON) {
            autosaver.submit(tree)
        }
        // end snippet
        try await autosaver.flush()

        // snippet: navigation-path-types
        // The element types this version of the app pushes, by the names SwiftUI writes.
        enum PathElement: Hashable, Sendable {
            case number(Int), text(String), item(Item)
        }
        let pathTypes = RouteCoding<PathElement>([
            .codable(Int.self, route: { .number($0) }, value: { if case .number(let n) = $0 { n } else { nil } }),
            .codable(String.self, route: { .text($0) }, value: { if case .text(let s) = $0 { s } else { nil } }),
            .codable(Item.self, named: "App.Item", route: { .item($0) }, value: { if case .item(let i) = $0 { i } else { nil } }),
        ], aliases: try ClassAliases(["App.OldItem": "App.Item"]))   // the type's name in earlier versions
        // end snippet
        func log(_ line: String) { scene.log(line) }
        func launch(with pathTypes: RouteCoding<PathElement>) async throws {
            // snippet: navigation-path-restore
            guard case .restore(let loaded) = try await store.beginRestore(session: sceneID) else { return }    // nothing saved yet, or expired
            let restored = pathTypes.restore(loaded.snapshot.tree)   // each element decoded once
            for dropped in restored.plan.dropped {
                log("not restored: \(dropped.record.className ?? "?") at \(dropped.path): \(dropped.reason)")
            }
            // The restored prefix, written back as the representation NavigationPath(_:) reads.
            let pathJSON = restored.plan.restoredTree.map(StateFile.encode) ?? Data("[]".utf8)
            // end snippet
            scene.restored = pathJSON
            try await store.confirmRestore(loaded.restoration(with: restored.plan))   // records the outcome
        }

        try await launch(with: pathTypes)
        #expect(scene.restored == representationJSON, "a path restored whole is handed back byte for byte")
        // A version that no longer pushes Item: the prefix below it, and the reason.
        let withoutItem = RouteCoding<PathElement>([
            .codable(Int.self, route: { .number($0) }, value: { if case .number(let n) = $0 { n } else { nil } }),
            .codable(String.self, route: { .text($0) }, value: { if case .text(let s) = $0 { s } else { nil } }),
        ])
        try await launch(with: withoutItem)
        #expect(scene.restored == Data(#"["Swift.String","\"foo\"","Swift.Int","1"]"#.utf8))
        #expect(scene.logged == ["not restored: App.Item at records[2]: unresolved-class"])
    }

    @Test func typedRoutes() throws {
        // snippet: typed-routes-types
        // Version 2 of the app: `search` was removed, and the saved type name stays "App.Route".
        enum Route: Codable, Hashable, Sendable {
            case mailbox(String)
            case message(id: Int)
            case settings
        }
        let routes = RouteCoding<Route>(named: "App.Route")
        // end snippet

        // What version 1 saved: mailbox, message, a search (a case version 2 no longer has), settings.
        let saved = RestorationTree(root: .stack(StackContainer(records: [
            RestorationRecord(identifier: "0", className: "App.Route", payload: try RecordPayload.encode(Route.mailbox("INBOX"))),
            RestorationRecord(identifier: "1", className: "App.Route", payload: try RecordPayload.encode(Route.message(id: 42))),
            RestorationRecord(identifier: "2", className: "App.Route", payload: Data(#"{"search":{"query":"invoice"}}"#.utf8)),
            RestorationRecord(identifier: "3", className: "App.Route", payload: try RecordPayload.encode(Route.settings)),
        ], afterDrop: .truncate)))
        var log: [String] = []
        var path: [Route] = []
        // snippet: typed-routes-save-and-restore
        let tree = try routes.tree(for: [.mailbox("INBOX"), .message(id: 42)])   // save it: a truncating stack
        let restored = routes.restore(saved)                                       // at launch, the tree the store gave back
        path = restored.routes                                                     // [.mailbox("INBOX"), .message(id: 42)]
        for dropped in restored.plan.dropped {
            log.append("\(dropped.path): \(dropped.reason)")                       // records[2]: stale-payload, records[3]: truncated
        }
        // end snippet
        #expect(tree.recordCount == 2)
        #expect(path == [.mailbox("INBOX"), .message(id: 42)])
        #expect(log == ["records[2]: stale-payload", "records[3]: truncated"])
    }
}
