import Foundation
import GRDB
@testable import RestackStore
import RestackTestSupport
import Testing

/// A store whose migration fails because it is damaged (a table missing) is not taken for
/// another process's migration race: the error comes at once, not after retries.
@Suite("A migration over a damaged store")
struct DamagedMigrationTests {
    @Test func aMissingTableFailsAtOnceAndLeavesTheFile() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("m008.sqlite")
        let old = try storeMadeByMigrations(8, at: file)
        try old.write { try $0.execute(sql: "DROP TABLE restack_setting") }
        try old.close()
        let start = Date()
        let error = #expect(throws: StoreError.self) { try SnapshotStore(path: file) }
        // Retried as a race, it failed 8 times over 2 + 4 + ... + 128 ms of sleep.
        #expect(Date().timeIntervalSince(start) < 0.2, "not retried")
        guard case .database(_, _, let message)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(message.contains("no such table: restack_setting"), "\(message)")
        let queue = try DatabaseQueue(path: file)
        #expect(try queue.read { try StoreSchema.appliedMigrations($0) }.count == 8, "the file keeps its migrations")
        try queue.close()
    }
}
