import Foundation
import GRDB
import Restack
import RestackStore
import RestackTestSupport
import Testing

// The examples of `RestackStore`'s `///` comments, compiled and run as written: each region
// `doc-comment-NAME` is, line for line, a code block of a doc comment
// (`SnippetTextTests.everyDocCommentExampleIsCompiled`).

extension StoreSnippets {
    static let mailboxes = RestorationRecord(identifier: "mailboxes", className: "MailboxesController")
    static let inbox = RestorationRecord(identifier: "inbox", className: "InboxController")

    @Test func docCommentSnapshotStore() throws {
        let folder = try TemporaryFolder()
        let storeURL = URL(fileURLWithPath: folder.path("navigation.sqlite"))
        let sceneID = "scene"
        let tree = RestorationTree(root: .stack(StackContainer(records: [Self.mailboxes, Self.inbox])))
        // snippet: doc-comment-snapshot-store
        let store = try SnapshotStore(path: storeURL.path, options: .init(appVersion: "2.3"))
        try store.save(tree, session: sceneID)

        // On the next launch: a restoration, an expired snapshot, or nothing saved.
        let answer = try store.beginRestore(session: sceneID, resolver: RecordResolver { factory.canMake($0.className) })
        // end snippet
        #expect(answer.restoration?.plan.restoredRecords.count == 2)
    }

    @Test func docCommentInMemory() throws {
        let tree = RestorationTree(root: .stack(StackContainer(records: [Self.mailboxes, Self.inbox])))
        // snippet: doc-comment-in-memory
        let store = try SnapshotStore.inMemory()
        try store.save(tree, session: "test")
        #expect(try store.restore(session: "test").restoration?.plan.restoredRecords.count == 2)
        // end snippet
    }

    @Test func docCommentRegisterMigrations() throws {
        let dbQueue = try DatabaseQueue()
        // snippet: doc-comment-register-migrations
        var migrator = DatabaseMigrator()
        migrator.registerMigration("app.v1") { db in try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY)") }
        SnapshotStore.registerMigrations(in: &migrator)
        try migrator.migrate(dbQueue)
        let store = try SnapshotStore(database: dbQueue)
        // end snippet
        try store.save(RestorationTree(root: .stack(StackContainer(records: [Self.mailboxes]))), session: "s")
        #expect(try dbQueue.read { db in try db.tableExists("note") })
        #expect(try store.sessions().map(\.name) == ["s"])
    }

    @Test func docCommentSave() throws {
        let store = try SnapshotStore.inMemory()
        let sceneID = "scene"
        let mailboxes = Self.mailboxes, inbox = Self.inbox
        // snippet: doc-comment-save
        let tree = RestorationTree(root: .stack(StackContainer(records: [mailboxes, inbox])))
        try store.save(tree, session: sceneID)
        // end snippet
        #expect(try store.latestSnapshot(session: sceneID).tree == tree)
    }

    @Test func docCommentOptionsAndTimeSource() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("o.sqlite")
        // snippet: doc-comment-options
        var options = SnapshotStore.Options()
        options.limits.maxPayloadBytes = 64 * 1024
        options.retention = .init(keepLast: 5, maxAge: 7 * 24 * 3600)
        let store = try SnapshotStore(path: path, options: options)
        // end snippet
        #expect(store.options.retention.keepLast == 5)
        let clocked: SnapshotStore.Options
        do {
            // snippet: doc-comment-clock
            let launch = Date(timeIntervalSince1970: 1_800_000_000)
            let options = SnapshotStore.Options(clock: .init { launch })
            // end snippet
            clocked = options
        }
        #expect(clocked.clock.now() == Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test func docCommentReport() throws {
        let store = try SnapshotStore.inMemory(options: .init(appVersion: "3.0"))
        try store.save(RestorationTree(root: .stack(StackContainer(records: [Self.mailboxes]))), session: "s")
        if let restoration = try store.beginRestore(session: "s").restoration { try store.confirmRestore(restoration) }
        // snippet: doc-comment-outcome-report
        let report = RestoreOutcomeReport(try store.restoreOutcomes())
        for version in report.versions {
            log.error("\(version.appVersion ?? "unknown"): \(version.restores) restores, \(version.fellBack) fell back")
        }
        // end snippet
        #expect(report.versions.map(\.restores) == [1])
    }

    @Test func docCommentStoreError() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("newer.sqlite")
        try SnapshotStore(path: path).save(RestorationTree(root: .stack(StackContainer(records: [Self.mailboxes]))), session: "s")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('restack.m999_from_the_future')") }
        try queue.close()
        let tree = RestorationTree(root: .stack(StackContainer(records: [Self.mailboxes])))
        let sceneID = "scene"
        var reported: [String] = []
        func log(_ line: String) { reported.append(line) }
        // snippet: doc-comment-store-error
        do throws(StoreError) {
            let store = try SnapshotStore(path: path)
            try store.save(tree, session: sceneID)
        } catch {
            switch error {
            case .newerSchema(let path, let unknown):
                log("\(path) was written by a newer Restack (\(unknown))")
            default:
                log("\(error)")
            }
        }
        // end snippet
        #expect(reported.count == 1 && reported[0].contains("newer Restack ([\"restack.m999_from_the_future\"])"))
    }

    @Test func docCommentAutosaver() async throws {
        let store = try SnapshotStore.inMemory(options: .init(appVersion: "3.0"))
        let sceneID = "scene"
        let currentTree = RestorationTree(root: .stack(StackContainer(records: [Self.mailboxes])))
        // snippet: doc-comment-autosaver
        let autosaver = Autosaver(store: store, session: sceneID) { error in
            log.error("navigation state not saved: \(error)")
        }
        autosaver.submit(currentTree)               // on every navigation change
        try await autosaver.flush()                 // when the scene enters the background
        // end snippet
        let latest = try store.latestSnapshot(session: sceneID)
        #expect(latest.tree == currentTree && latest.info.appVersion == "3.0")
    }
}
