import Foundation
import GRDB

/// Stores with a hot rollback journal, as a writer in rollback-journal mode leaves one when it
/// dies inside a transaction. Shared by the store's and the command's tests. Not part of
/// Restack's API.
public enum HotJournal {
    /// Switches the store at `original` to rollback-journal mode, then copies it to `copy` in the
    /// middle of a transaction that deletes every snapshot: the copy holds the half-written file
    /// and its `-journal`, whose rollback brings every snapshot back.
    public static func copy(_ original: String, to copy: String) throws {
        let queue = try DatabaseQueue(path: original)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = 1")   // spill changed pages into the file
            try db.inTransaction {
                try db.execute(sql: "DELETE FROM restack_value")
                try db.execute(sql: "DELETE FROM restack_snapshot")
                try FileManager.default.copyItem(atPath: original, toPath: copy)
                try FileManager.default.copyItem(atPath: original + "-journal", toPath: copy + "-journal")
                return .rollback
            }
        }
        try queue.close()
    }
}
