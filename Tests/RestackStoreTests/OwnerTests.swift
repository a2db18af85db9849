import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// A store holds the sessions of several owners apart (issue 41, item 3): as an app's tests
/// would write them, two accounts save a session of the same name through two store values on
/// one file, restore only their own, and one logs out (``SnapshotStore/deleteOwner()``) while
/// the other keeps restoring; afterwards nothing of the logged-out owner is left in any table.
@Suite("Owners: sessions of several accounts, and a logout")
struct OwnerTests {
    /// A state whose identifiers and payloads carry `marker`, to look for in the file's tables.
    static func state(_ marker: String, depth: Int = 2) -> RestorationTree {
        .drillDown(left: (0..<depth).map { RestorationRecord(identifier: "\(marker)-\($0)", className: "Screen",
                                                             payload: Data("payload of \(marker) \($0)".utf8)) },
                   right: RestorationRecord(identifier: "\(marker)-detail", className: "Detail", payload: Data("\(marker) secret".utf8)))
    }

    static func store(_ path: String, owner: String?) throws -> SnapshotStore {
        try SnapshotStore(path: path, options: .init(appVersion: "1.0", owner: owner))
    }

    /// The identifiers a restore of `session` gives `store`.
    static func restoredIdentifiers(_ store: SnapshotStore, _ session: String = "main") throws -> [String?] {
        try store.restore(session: session).restored.snapshot.tree.allRecords.map(\.record.identifier)
    }

    /// How many values of any column of any of Restack's tables hold `marker`'s bytes.
    static func rowsHolding(_ marker: String, in path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            var found: [String] = []
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'restack%'")
            for table in tables {
                for column in try db.columns(in: table).map(\.name) {
                    let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table)\" WHERE instr(CAST(\"\(column)\" AS BLOB), ?) > 0",
                                                 arguments: [Data(marker.utf8)]) ?? 0
                    if count > 0 { found.append("\(table).\(column): \(count)") }
                }
            }
            return found
        }
    }

    static func counts(_ path: String, _ queries: [String]) throws -> [Int] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try queries.map { try Int.fetchOne(db, sql: $0) ?? -1 } }
    }

    /// The asynchronous door deletes what the synchronous one does.
    @Test func theAsynchronousLogoutDeletesTheOwner() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("async.sqlite")
        let alice = try Self.store(path, owner: "alice"), bob = try Self.store(path, owner: "bob")
        try await alice.save(Self.state("alice"), session: "main")
        try await bob.save(Self.state("bob"), session: "main")
        let restoration = try await bob.beginRestore(session: "main").restored.plan()
        try await bob.confirmRestore(restoration)
        try await bob.deleteOwner()
        #expect(try Self.rowsHolding("bob", in: path) == [])
        #expect(try await bob.restore(session: "main") == .nothingSaved)
        #expect(try await alice.restore(session: "main").restored.snapshot.tree.allRecords.first?.record.identifier == "alice-0")
    }

    /// An autosaver saves for its store's owner: another owner's store of the same file does
    /// not see its saves, and that owner's logout does not touch them.
    @Test func anAutosaverSavesForItsStoresOwner() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("autosaver.sqlite")
        let alice = try Self.store(path, owner: "alice"), bob = try Self.store(path, owner: "bob")
        let autosaver = Autosaver(store: alice, session: "main")
        autosaver.submit(Self.state("alice"))
        try await autosaver.flush()
        #expect(try await bob.restore(session: "main") == .nothingSaved)
        try await bob.deleteOwner()
        #expect(try await alice.restore(session: "main").restored.snapshot.tree.allRecords.first?.record.identifier == "alice-0")
    }

    @Test func twoOwnersSaveOneSessionNameAndRestoresNeverCross() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("owners.sqlite")
        let alice = try Self.store(path, owner: "alice"), bob = try Self.store(path, owner: "bob"), nobody = try Self.store(path, owner: nil)
        try alice.save(Self.state("alice"), session: "main")
        try bob.save(Self.state("bob", depth: 3), session: "main")
        #expect(try nobody.restore(session: "main") == .nothingSaved, "the default owner saved nothing")
        try nobody.save(Self.state("nobody", depth: 1), session: "main")

        #expect(try Self.restoredIdentifiers(alice) == ["alice-0", "alice-1", "alice-detail"])
        #expect(try Self.restoredIdentifiers(bob) == ["bob-0", "bob-1", "bob-2", "bob-detail"])
        #expect(try Self.restoredIdentifiers(nobody) == ["nobody-0", "nobody-detail"])
        #expect(try alice.sessions().map(\.name) == ["main"] && alice.sessions().first?.snapshotCount == 1)
        #expect(try alice.sessions().map(\.owner) == ["alice"])
        #expect(try nobody.sessionsOfEveryOwner().map(\.owner) == [nil, "alice", "bob"], "by name, then owner; nil is the default owner")

        // A snapshot id of another owner's is not found: not by id, not to confirm, not to lift.
        let bobsSnapshot = try bob.latestSnapshot(session: "main").info.id
        #expect(throws: StoreError.snapshotNotFound(bobsSnapshot, session: nil)) { try alice.snapshot(id: bobsSnapshot) }
        #expect(throws: StoreError.snapshotNotFound(bobsSnapshot, session: nil)) { try alice.liftQuarantine(snapshotID: bobsSnapshot) }
        let bobsRestore = try bob.beginRestore(session: "main").restored
        #expect(throws: StoreError.snapshotNotFound(bobsSnapshot, session: nil)) { try alice.confirmRestore(bobsRestore) }
        try bob.confirmRestore(bobsRestore)
        #expect(try alice.restoreOutcomes().isEmpty && bob.restoreOutcomes().count == 1, "an outcome is its owner's")
        #expect(throws: StoreError.sessionNotFound("main")) { try SnapshotStore.inMemory(options: .init(owner: "bob")).snapshots(session: "main") }
    }

    @Test func oneOwnerLogsOutWhileTheOtherKeepsRestoringAndNothingOfItRemains() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("logout.sqlite")
        let alice = try Self.store(path, owner: "alice"), bob = try Self.store(path, owner: "bob")
        for round in 0..<3 {
            try alice.save(Self.state("alice\(round)"), session: "main")
            try bob.save(Self.state("bob\(round)"), session: "main")
            try bob.save(Self.state("bob\(round)"), session: "other")
            // Outcomes with dropped records (a resolver that refuses the details).
            let refuseDetails = RecordResolver { (record: RestorationRecord) -> Bool in record.className == "Screen" }
            try alice.confirmRestore(alice.beginRestore(session: "main", resolver: refuseDetails).restored)
            try bob.confirmRestore(bob.beginRestore(session: "main", resolver: refuseDetails).restored)
        }
        let aliceBefore = try alice.snapshots(session: "main")
        #expect(try !Self.rowsHolding("bob2", in: path).isEmpty, "the marker is found while bob's state is there")

        try bob.deleteOwner()

        // Nothing of bob in any table: sessions, snapshots, values, outcomes and their drops.
        #expect(try Self.rowsHolding("bob", in: path) == [])
        #expect(try Self.counts(path, [
            "SELECT COUNT(*) FROM restack_session WHERE owner = 'bob'",
            "SELECT COUNT(*) FROM restack_outcome WHERE owner = 'bob'",
            "SELECT COUNT(*) FROM restack_outcome_drop WHERE outcome_id NOT IN (SELECT id FROM restack_outcome)",
            "SELECT COUNT(*) FROM restack_snapshot WHERE session_id NOT IN (SELECT id FROM restack_session)",
            "SELECT COUNT(*) FROM restack_outcome_drop",
        ]) == [0, 0, 0, 0, 3], "nothing of bob's, no row left without its owner row; alice's 3 drop counts kept")
        #expect(try bob.sessions().isEmpty && bob.restoreOutcomes().isEmpty)
        #expect(try bob.restore(session: "main") == .nothingSaved)

        // Alice keeps restoring, all her history and outcomes kept.
        #expect(try alice.snapshots(session: "main") == aliceBefore)
        #expect(try alice.restoreOutcomes().count == 3)
        #expect(try Self.restoredIdentifiers(alice) == ["alice2-0", "alice2-1", "alice2-detail"])
        try alice.confirmRestore(alice.beginRestore(session: "main").restored)
        #expect(try alice.check().isHealthy)

        // Bob starts afresh; logging out twice is not an error.
        try bob.save(Self.state("bob-again"), session: "main")
        #expect(try Self.restoredIdentifiers(bob) == ["bob-again-0", "bob-again-1", "bob-again-detail"])
        try bob.deleteOwner()
        try bob.deleteOwner()
        #expect(try Self.restoredIdentifiers(alice) == ["alice2-0", "alice2-1", "alice2-detail"])
    }

    /// Owner names are hostile input: stored exactly, byte for byte, or refused with a typed error.
    @Test func hostileOwnerNamesAreKeptApartOrRefused() throws {
        for open in [{ try SnapshotStore.inMemory(options: .init(owner: "")) } as () throws -> SnapshotStore,
                     { try SnapshotStore(path: TemporaryFolder().path("never.sqlite"), options: .init(owner: "")) }] {
            #expect(throws: StoreError.emptyOwner) { try open() }
        }
        let folder = try TemporaryFolder()
        let path = folder.path("hostile.sqlite")
        let owners: [String?] = [nil, "a", "a\0b", "a\0c", "\0", "Caf\u{E9}", "Cafe\u{301}", "x' OR '1'='1", "'); DROP TABLE restack_session; --",
                                 String(repeating: "long", count: 50_000), "(default)", " "]
        for (index, owner) in owners.enumerated() {
            try Self.store(path, owner: owner).save(Self.state("owner\(index)", depth: index % 3 + 1), session: "main")
        }
        for (index, owner) in owners.enumerated() {
            let store = try Self.store(path, owner: owner)
            #expect(try Self.restoredIdentifiers(store).first == "owner\(index)-0", "owner \(index)")
            #expect(try store.sessions().count == 1)
            #expect(try store.sessions().first.map { Array(($0.owner ?? "").utf8) } == Array((owner ?? "").utf8))
        }
        let listed = try SnapshotStore(readingAt: path).sessionsOfEveryOwner()
        #expect(Set(listed.map { $0.owner.map { Array($0.utf8) } }) == Set(owners.map { $0.map { Array($0.utf8) } }),
                "every owner comes back with its bytes")

        // Deleting one of two owners Swift calls equal deletes only the one of those bytes.
        try Self.store(path, owner: "Cafe\u{301}").deleteOwner()
        #expect(try Self.restoredIdentifiers(Self.store(path, owner: "Caf\u{E9}")).first == "owner5-0")
        #expect(try Self.store(path, owner: "Cafe\u{301}").restore(session: "main") == .nothingSaved)
        try Self.store(path, owner: "a").deleteOwner()
        #expect(try Self.restoredIdentifiers(Self.store(path, owner: "a\0b")).first == "owner2-0", "a NUL does not cut the name short")
        #expect(try SnapshotStore(path: path).check().isHealthy)
    }

    /// A store written before owners (the released fixture): its sessions are the default
    /// owner's, another owner sees none, and both save a session of the same name afterwards.
    @Test func anUpgradedStoresSessionsBelongToTheDefaultOwner() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("released.sqlite")
        try FileManager.default.copyItem(atPath: UpgradeTests.fixtures.appendingPathComponent("released-m002.sqlite").path, toPath: path)
        let sequence = try DatabaseQueue(path: path).read { db in
            try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'restack_session'")
        }
        let before = try SnapshotStore(readingAt: path).sessions()
        #expect(!before.isEmpty)
        #expect(try SnapshotStore(readingAt: path).sessionsOfEveryOwner().allSatisfy { $0.owner == nil })

        let upgraded = try SnapshotStore(path: path)
        #expect(try upgraded.sessions() == before)
        let other = try Self.store(path, owner: "account-1")
        #expect(try other.sessions().isEmpty)
        let name = try #require(before.first?.name)
        #expect(try other.restore(session: name) == .nothingSaved)
        try other.save(Self.state("new"), session: name)
        #expect(try upgraded.sessions() == before, "the default owner's sessions are as they were")
        #expect(try Self.restoredIdentifiers(other, name).first == "new-0")
        // Session ids are still never given twice: the new session's is above every id given
        // before the migration (its sqlite_sequence row carried over).
        let ids = try DatabaseQueue(path: path).read { db in try Int64.fetchAll(db, sql: "SELECT id FROM restack_session ORDER BY id") }
        #expect(ids.count == before.count + 1)
        #expect(try ids.last! > #require(sequence))
    }

    /// Migration 11 keeps the largest session id ever given (a deleted session's) and gives the
    /// outcomes recorded before it to the default owner.
    @Test func migrationElevenKeepsSessionIDsAndGivesOldOutcomesToTheDefaultOwner() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("m010.sqlite")
        let old = try storeMadeByMigrations(10, at: path)
        try old.write { db in
            try db.execute(sql: """
                INSERT INTO restack_session (name, created_at) VALUES ('kept', 1), ('deleted', 2);
                DELETE FROM restack_session WHERE name = 'deleted';
                INSERT INTO restack_outcome (session, recorded_at, snapshot_id, result, layout, skipped_quarantined, restored_records)
                VALUES ('kept', 3, 1, 'restored', 'regular', 0, 0);
                """)
        }
        try old.close()
        let store = try SnapshotStore(path: path)
        #expect(try store.sessions().map(\.name) == ["kept"])
        #expect(try store.restoreOutcomes().map(\.session) == ["kept"])
        let other = try Self.store(path, owner: "x")
        #expect(try other.restoreOutcomes().isEmpty && other.sessions().isEmpty)
        try other.save(Self.state("x"), session: "kept")
        let ids = try DatabaseQueue(path: path).read { db in try Int64.fetchAll(db, sql: "SELECT id FROM restack_session ORDER BY id") }
        #expect(ids == [1, 3], "id 2 was given to a session since deleted, and is never given again")
        #expect(try store.check().isHealthy)
    }
}
