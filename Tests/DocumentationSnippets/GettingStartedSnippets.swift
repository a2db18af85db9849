// snippet: getting-started-screens
import Foundation
import Restack
import RestackStore

/// The mail app's screens, as its navigation stack holds them: a mailbox, then a message.
enum Screen: Codable, Hashable, Sendable {
    case mailbox(String)
    case message(id: Int)
}
// end snippet

// snippet: getting-started-navigation
/// The app's navigation: a stack of screens, saved on every change.
@MainActor
final class Navigation {
    /// The app's one session: its one window. (An app with several windows uses each scene's
    /// persistent identifier.)
    static let session = "main"

    let store: SnapshotStore
    let screens = RouteCoding<Screen>(named: "MailApp.Screen")   // each screen one record, its JSON the payload
    private let autosaver: Autosaver

    var stack: [Screen] = [] {
        didSet { save() }
    }

    init(storeURL: URL) throws {
        // Creates the file on the first launch; every save and restore records the app's version.
        store = try SnapshotStore(path: storeURL.path, options: .init(appVersion: "1.0"))
        autosaver = Autosaver(store: store, session: Self.session) { error in
            print("navigation not saved: \(error)")       // never thrown into navigation code
        }
    }

    private func save() {
        if let tree = try? screens.tree(for: stack) {
            autosaver.submit(tree)                          // returns at once; written in the background
        }
    }

    /// Returns once the last change is on disk: call it when the app goes to the background.
    func flush() async throws {
        try await autosaver.flush()
    }
}
// end snippet

// snippet: getting-started-restore
extension Navigation {
    /// At launch, before the first screen is drawn: the saved stack, or none on the first launch.
    /// Returns the restoration to confirm once the screens are up.
    func restore() async throws -> StoreRestoration? {
        switch try await store.beginRestore(session: Self.session) {
        case .restore(let loaded):
            let restored = screens.restore(loaded.snapshot.tree)   // each screen decoded once
            stack = restored.routes                                  // the screens that still decode
            return loaded.restoration(with: restored.plan)
        case .nothingSaved, .expired:
            stack = []                                               // the first launch, or saved too long ago
            return nil
        }
    }

    /// Once the restored screens are up: the crash-loop guard learns that the launch came up, and
    /// the store records what came back.
    func confirm(_ restoration: StoreRestoration) async throws {
        try await store.confirmRestore(restoration)
    }
}
// end snippet

import RestackTestSupport
import Testing

/// The getting-started article's code, compiled and run as written: two launches of the app.
@Suite("Getting started")
@MainActor
struct GettingStartedSnippets {
    /// What the app drew at each launch.
    final class Drawn {
        var stacks: [[Screen]] = []
    }

    let drawn = Drawn()

    func showScreens(_ stack: [Screen]) {
        drawn.stacks.append(stack)
    }

    /// One launch of the app, as the article writes it.
    func launch(storeURL: URL) async throws {
        // snippet: getting-started-launch
        let navigation = try Navigation(storeURL: storeURL)
        let restoration = try await navigation.restore()      // nil on the first launch
        showScreens(navigation.stack)                          // the app draws its screens
        if let restoration {
            try await navigation.confirm(restoration)          // the restored screens are up
        }
        navigation.stack.append(.mailbox("INBOX"))             // the user navigates: saved
        try await navigation.flush()                           // the app goes to the background
        // end snippet
    }

    @Test func theFirstLaunchStartsAfreshAndTheSecondComesBack() async throws {
        // snippet: getting-started-store-url
        let folder = try FileManager.default.url(for: .applicationSupportDirectory, in: .userDomainMask,
                                                 appropriateFor: nil, create: true)   // created if missing
        let storeURL = folder.appendingPathComponent("navigation.sqlite")
        // end snippet
        #expect(storeURL.lastPathComponent == "navigation.sqlite")
        #expect(FileManager.default.fileExists(atPath: folder.path))

        let scratch = try TemporaryFolder()
        let url = URL(fileURLWithPath: scratch.path("navigation.sqlite"))
        for _ in 0..<3 {
            try await launch(storeURL: url)
        }
        #expect(drawn.stacks == [[], [.mailbox("INBOX")], [.mailbox("INBOX"), .mailbox("INBOX")]])
        let store = try SnapshotStore(path: url.path)
        #expect(try await store.restoreOutcomes(session: Navigation.session).map(\.restoredRecords) == [1, 2], "each restore confirmed")
        #expect(try await store.snapshots(session: Navigation.session).allSatisfy { $0.unconfirmedRestores == 0 })
    }
}
