import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// The durability asked for is the one in force on the connection that writes: GRDB's own WAL
/// set-up would set `synchronous = NORMAL` after the store's configuration ran.
@Suite("Durability settings")
struct DurabilityTests {
    /// `PRAGMA synchronous` and `journal_mode` as the store's writing connection sees them.
    static func settings(_ store: SnapshotStore) throws -> (synchronous: Int, journalMode: String) {
        try store.database.write { db in
            (try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1,
             try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "")
        }
    }

    @Test(arguments: [(SnapshotStore.Durability.full, 2), (.normal, 1)])
    func theWritingConnectionHasTheDurabilityAskedFor(_ durability: SnapshotStore.Durability, synchronous: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("d.sqlite")
        let options = SnapshotStore.Options(durability: durability)
        // A new file, then the same file opened again (no migration runs the second time).
        for _ in 0..<2 {
            let store = try SnapshotStore(path: path, options: options)
            try store.save(mailState, session: "s")
            let settings = try Self.settings(store)
            #expect(settings.synchronous == synchronous, "0 OFF, 1 NORMAL, 2 FULL")
            #expect(settings.journalMode == "wal")
        }
    }

    @Test func openingACurrentStoreWritesNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("d.sqlite")
        do {
            let store = try SnapshotStore(path: path)
            try store.save(mailState, session: "s")
        }
        let before = FileFingerprint(path)
        do {
            let store = try SnapshotStore(path: path)
            _ = try store.restore(session: "s")
        }
        #expect(FileFingerprint(path) == before, "bytes and side files as they were")
    }
}
