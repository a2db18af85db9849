import Foundation
import RestackStore

/// The raw baseline's schema: Restack's own.
extension RawSQLite {
    /// Creates the schema of a new, empty database (schema creation is not measured): Restack
    /// makes it, as it makes a new store (1 KB pages, every migration, migration 9's with the
    /// tree encoder it registers on its migrating connection, which only the store has), so
    /// that the raw subject's file is laid out as Restack's.
    func createSchema(path: String) throws {
        _ = try SnapshotStore(path: path)
    }
}
