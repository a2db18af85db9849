import Foundation
import RestackTestSupport
import GRDB
import Restack
import RestackStore
import Testing

/// An app that already uses GRDB hosts Restack's tables in its own database.
@Suite("Hosted in an app's database")
struct HostedDatabaseTests {
    @Test func restackLivesBesideTheAppsTablesAndMigrations() throws {
        let folder = try TemporaryFolder()
        let pool = try DatabasePool(path: folder.path("app.sqlite"))
        var migrator = DatabaseMigrator()
        migrator.registerMigration("app.v1") { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
        }
        try migrator.migrate(pool)
        let store = try SnapshotStore(database: pool)
        try store.save(mailState, session: "main")
        #expect(try store.restore(session: "main").restored.snapshot.tree == mailState)
        let (hasNotes, appMigrated) = try pool.read { db in
            (try db.tableExists("note"), try migrator.hasCompletedMigrations(db))
        }
        #expect(hasNotes)
        #expect(appMigrated)
    }

    @Test func anAppMigratorCanApplyRestacksMigrations() throws {
        let queue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("app.v1") { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY)")
        }
        SnapshotStore.registerMigrations(in: &migrator)
        try migrator.migrate(queue)
        let store = try SnapshotStore(database: queue)
        try store.save(mailState, session: "main")
        #expect(try store.latestSnapshot(session: "main").tree == mailState)
        let superseded = try queue.read { db in try migrator.hasBeenSuperseded(db) }
        #expect(!superseded)
    }
}

/// The in-memory store tests use: the whole API without a file or GRDB.
@Suite("In-memory store")
struct InMemoryStoreTests {
    @Test func anInMemoryStoreDoesWhatAFileStoreDoes() throws {
        let store = try SnapshotStore.inMemory(options: .init(crashLoopThreshold: 1))
        let tree = RestorationTree(root: .tabs(TabsContainer(tabs: [RestorationRecord(identifier: "a", className: "A")], selected: 0)))
        let saved = try store.save(tree, session: "s")
        #expect(try store.snapshot(id: saved.id).tree == tree)
        #expect(try store.beginRestore(session: "s", layout: .compact).restored.plan.root != nil)
        #expect(throws: StoreError.noRestorableSnapshot(session: "s", quarantined: [saved.id])) { try store.beginRestore(session: "s").restored }
        #expect(try store.check().isHealthy)
        #expect(try SnapshotStore.inMemory().sessions().isEmpty, "each in-memory store is its own")
    }
}
