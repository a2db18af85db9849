import GRDB
import RestackMigrations
@testable import RestackStore

/// A database at `file` made by the first `count` migrations only, as a store of that Restack
/// release was, for the upgrade tests to fill with that release's rows.
func storeMadeByMigrations(_ count: Int, at file: String) throws -> DatabaseQueue {
    let old = try DatabaseQueue(path: file)
    var migrator = DatabaseMigrator()
    for migration in RestackMigrations.all.prefix(count) {
        migrator.registerMigration(migration.identifier) { db in
            // Migration 9 encodes trees with the store's aggregate, as the store's migrator does.
            db.add(function: MigratedTree.function)
            try db.execute(sql: migration.sql)
        }
    }
    try migrator.migrate(old)
    return old
}
