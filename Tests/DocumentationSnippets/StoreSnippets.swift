import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

// The README's store snippets, compiled and run as written (see ReadmeSnippets.swift).

/// A scene, as the snippets take it from an app.
struct Scene {
    var id: String
    var isCompact: Bool
}

/// What the store snippets call in an app: the UI they rebuild and the log they write.
@MainActor
final class StoreSnippetApp {
    var rebuilt: [String] = []
    var initialUI = 0
    var errors: [String] = []

    func rebuild(_ plan: RestorationPlan) { rebuilt = plan.restoredRecords.compactMap(\.restoredRecord.identifier) }
    func showInitialUI() { initialUI += 1 }
}

@Suite("Store documentation snippets")
@MainActor
struct StoreSnippets {
    let factory = ControllerFactory()
    let app: StoreSnippetApp
    let log: StoreSnippetLog

    init() {
        app = StoreSnippetApp()
        log = StoreSnippetLog(app: app)
    }

    func rebuild(_ plan: RestorationPlan) { app.rebuild(plan) }
    func showInitialUI() { app.showInitialUI() }

    @Test func launchSequence() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("s.sqlite"))
        try store.save(RestorationTree.drillDown(left: [RestorationRecord(identifier: "boxes", className: "MailboxesController")]), session: "scene")
        for sessionID in ["first launch", "scene"] {
        // snippet: launch-sequence
        // 1. At launch, before building the UI.
        switch try store.beginRestore(session: sessionID, resolver: RecordResolver { factory.canMake($0.className) }) {
        case .restore(let restoration):
            if restoration.fellBack { log.error("skipped crashing snapshots \(restoration.skippedQuarantined)") }

            // 2. Rebuild. Saving on every navigation change is fine here: these saves are provisional.
            rebuild(restoration.plan)

            // 3. Once the restored UI is up (viewDidAppear of the top controller, say): confirm
            //    with the plan rebuilt; the store records its outcome.
            try store.confirmRestore(restoration)
        case .expired:
            showInitialUI()                                  // saved too long ago; the snapshot is kept
        case .nothingSaved:
            showInitialUI()                                  // a first launch: nothing saved yet
        }
        // end snippet
        }
        #expect(app.initialUI == 1, "a first launch shows the initial UI, and is no error")
        #expect(app.rebuilt == ["boxes"])
        #expect(try store.sessions().map(\.name) == ["scene"], "a first launch creates nothing")
        let sessionID = "scene"
        #expect(try store.snapshots(session: sessionID).allSatisfy { $0.unconfirmedRestores == 0 })
        #expect(try store.restoreOutcomes(session: sessionID).map(\.restoredRecords) == [1])
    }

    /// The catalog's overview (RestackStore.md): save, then a launch that restores and confirms.
    @Test func catalogOverview() throws {
        let folder = try TemporaryFolder()
        let url = URL(fileURLWithPath: folder.path("overview.sqlite"))
        let state = RestorationTree.drillDown(left: [RestorationRecord(identifier: "boxes", className: "MailboxesController")])
        // snippet: catalog-overview
        let store = try SnapshotStore(path: url.path, options: .init(appVersion: "2.3"))
        try store.save(state, session: "main")

        if case .restore(let restoration) = try store.beginRestore(session: "main", resolver: RecordResolver { factory.canMake($0.className) }) {
            rebuild(restoration.plan)
            try store.confirmRestore(restoration)
        }
        // end snippet
        #expect(app.rebuilt == ["boxes"])
        #expect(try store.restoreOutcomes(session: "main").map(\.restoredRecords) == [1])
    }

    @Test func expiryAndReport() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("s.sqlite")
        let saved = Date(timeIntervalSince1970: 1_800_000_000)
        let launch = saved.addingTimeInterval(15 * 24 * 3600)
        let clock = SnapshotStore.TimeSource { launch }
        try SnapshotStore(path: path).save(RestorationTree.drillDown(left: [RestorationRecord(identifier: "boxes", className: "MailboxesController")]),
                                          session: "scene", savedAt: saved)
        // snippet: expiry
        var options = SnapshotStore.Options(appVersion: "3.0 (45)")   // recorded with each restore outcome
        options.expiry = try .init(after: 14 * 24 * 3600)              // a user back after two weeks starts afresh
        // end snippet
        options.clock = clock
        let store = try SnapshotStore(path: path, options: options)
        #expect(try store.beginRestore(session: "scene").expiredSnapshot?.savedAt == saved)
        // snippet: outcome-report
        let report = RestoreOutcomeReport(try store.restoreOutcomes())
        for version in report.versions {                                // worst first
            log.error("\(version.appVersion ?? "?"): \(version.restores) restores, \(version.expired) expired, \(version.droppedRecords) records dropped")
        }
        // end snippet
        #expect(report.versions.map(\.expired) == [1])
    }

    @Test func quickStartSave() throws {
        let folder = try TemporaryFolder()
        let storeURL = URL(fileURLWithPath: folder.path("navigation.sqlite"))
        let sceneID = "scene"
        let inboxState = try RecordPayload.encode(InboxState(folder: "INBOX", scroll: 120))
        let store = try SnapshotStore(path: storeURL.path, options: .init(appVersion: "2.3 (45)"))   // creates and migrates the file if needed
        let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [
            RestorationRecord(identifier: "mail", className: "NavController", container: .stack(StackContainer(records: [
                RestorationRecord(identifier: "mailboxes", className: "MailboxesController"),
                RestorationRecord(identifier: "inbox", className: "InboxController", payload: inboxState),
            ]))),
            RestorationRecord(identifier: "settings", className: "SettingsController"),
        ], selected: 0)))
        try store.save(tree, session: sceneID)
        let restored = try store.restore(session: sceneID).restored
        #expect(restored.plan.restoredRecords.compactMap(\.restoredRecord.identifier) == ["mail", "mailboxes", "inbox", "settings"])
        #expect(restored.snapshot.info.appVersion == "2.3 (45)")
    }

    @Test func asyncLaunch() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("s.sqlite"))
        let currentTree = RestorationTree(root: .stack(StackContainer(records: [RestorationRecord(identifier: "boxes", className: "MailboxesController")])))
        let scene = Scene(id: "scene", isCompact: true)
        // snippet: async-launch
        @MainActor
        func sceneWillConnect(_ scene: Scene) async {
            do {
                try Task.checkCancellation()
                guard case .restore(let loaded) = try await store.beginRestore(session: scene.id) else {
                    return showInitialUI()                       // nothing saved yet, or expired
                }
                let layout: Layout = scene.isCompact ? .compact : .regular
                let restoration = loaded.plan(layout: layout, resolver: RecordResolver { record, _ in
                    factory.canMake(record.className)            // the main-actor factory as the resolver
                })
                rebuild(restoration.plan)
                try await store.confirmRestore(restoration)     // records this plan's outcome
            } catch let error as StoreError {                    // every store error matches from `any Error`
                log.error("restore failed: \(error)")
                showInitialUI()
            } catch {
                showInitialUI()
            }
        }

        let autosaver = Autosaver(store: store, session: scene.id) { error in
            log.error("navigation state not saved: \(error)")   // never thrown into navigation code
        }
        autosaver.submit(currentTree)                             // on every navigation change; returns at once
        try await autosaver.flush()                               // when the scene enters the background
        // end snippet
        #expect(app.initialUI == 0 && app.rebuilt.isEmpty, "the snippet's function is only declared")
        await sceneWillConnect(scene)
        #expect(app.rebuilt == ["boxes"], "the autosaver's tree restores")
        await sceneWillConnect(Scene(id: "never-saved", isCompact: false))
        #expect(app.initialUI == 1)
    }
}

/// A scene session, as the system hands discarded ones to an app.
struct SceneSession {
    var persistentIdentifier: String
}

/// The snippets' `log`: errors recorded in the app.
struct StoreSnippetLog: Sendable {
    let app: StoreSnippetApp

    func error(_ line: String) {
        Task { @MainActor in app.errors.append(line) }
    }
}
