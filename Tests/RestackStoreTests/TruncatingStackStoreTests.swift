import Foundation
import GRDB
import Restack
import RestackMigrations
@testable import RestackStore
import RestackTestSupport
import Testing

/// A stack's `afterDrop` and a snapshot read as a NavigationPath, through the store: kept on
/// save, read back, reported by `check` when damaged, and carried over from stores made before
/// migration 6 with every row, id and AUTOINCREMENT mark.
@Suite("Truncating stacks and paths in the store")
struct TruncatingStackStoreTests {
    static func record(_ identifier: String) -> RestorationRecord {
        RestorationRecord(identifier: identifier, className: "C")
    }

    static let truncating = RestorationTree(root: .split(SplitContainer(
        primary: [RestorationRecord(identifier: "nav", className: "NavController", container: .stack(StackContainer(
            records: [record("a"), record("b")], afterDrop: .truncate)))],
        detail: [RestorationRecord(identifier: "detail-nav", className: "NavController", container: .stack(StackContainer(
            records: [record("d")])))]
    )))

    static let path = #"["App.Item","{\"x\":2}","Swift.String","\"foo\"","Swift.Int","1"]"#

    @Test func aTruncatingStackIsStoredAndReadBackAndAClosingOneWritesNoValue() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("t.sqlite"))
        let info = try store.save(Self.truncating, session: "s")
        #expect(try store.snapshot(id: info.id).tree == Self.truncating)
        let blob = try DatabaseQueue(path: folder.path("t.sqlite")).read { db in
            try TreeBlob(decoding: Data.fetchOne(db, sql: "SELECT tree FROM restack_snapshot WHERE id = ?", arguments: [info.id]) ?? Data())
        }
        let paths = TreeReader.paths(blob)
        let stacks = blob.containers.filter { $0.kind == "stack" }
            .map { (owner: paths[$0.owner], afterDrop: $0.settings.first { $0.name == "afterDrop" }?.value) }
            .sorted { $0.owner < $1.owner }
        // The default is no value, as every stack saved before the setting existed has.
        #expect(stacks.map(\.owner) == ["detail[0]", "primary[0]"])
        #expect(stacks.map(\.afterDrop) == [nil, .text("truncate")])
        #expect(try store.check().isHealthy)
    }

    @Test func aPathIsStoredInItsFormAndExportedAndRestoredAsAPath() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("t.sqlite"))
        let tree = try StateFile.decode(Data(Self.path.utf8))
        #expect(tree.form == .navigationPath)
        let info = try store.save(tree, session: "s")
        #expect(info.form == .navigationPath)
        let read = try store.snapshot(id: info.id)
        #expect(read.info.form == .navigationPath)
        #expect(read.tree == tree)
        #expect(String(decoding: StateFile.encode(read.tree), as: UTF8.self) == Self.path)
        let restoration = try store.restore(session: "s", resolver: .knownClasses(["Swift.Int", "Swift.String"])).restored
        let restored = try #require(restoration.plan.restoredTree)
        #expect(restored.form == .navigationPath)
        #expect(String(decoding: StateFile.encode(restored), as: UTF8.self) == #"["Swift.String","\"foo\"","Swift.Int","1"]"#)
        #expect(try store.check().isHealthy)
    }

    /// A path whose rows no longer make a truncating stack of flat records is damaged: `check`
    /// says so, and reading it is `.corrupt`, never a tree silently read in another form.
    @Test(arguments: [false, true])
    func aPathWhoseRootIsNotATruncatingStackIsDamaged(_ tabs: Bool) throws {
        let folder = try TemporaryFolder()
        let file = folder.path("t.sqlite")
        try SnapshotStore(path: file).save(try StateFile.decode(Data(Self.path.utf8)), session: "s")
        let queue = try DatabaseQueue(path: file)
        try queue.write { db in
            try editTree(db, snapshot: 1) { tree in
                // The root stack's rule after a drop removed, or the root made a tab bar.
                tree.containers[0].settings = tabs ? [TreeBlob.Setting(name: "selected", value: .integer(0))] : []
                if tabs {
                    tree.containers[0].kind = "tabs"
                    for index in tree.records.indices where tree.records[index].owner == 0 {
                        tree.records[index].slot = "tabs"
                    }
                }
            }
        }
        try queue.close()
        let store = try SnapshotStore(readingAt: file)
        let report = try store.check()
        #expect(report.problems.contains { $0.contains("NavigationPath") }, "\(report.problems)")
        #expect(throws: StoreError.self) { try store.restore(session: "s").restored }
    }

    /// A path stored with a format version its form does not restore (a hand-edited row, another
    /// writer) restores nothing, and is exported as format 2 with that version, so that the file
    /// restores nothing either: never as a bare path, which would restore everything.
    @Test func aPathOfAnUnsupportedVersionIsExportedWithItsVersion() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("t.sqlite")
        try SnapshotStore(path: file).save(try StateFile.decode(Data(Self.path.utf8)), session: "s")
        let queue = try DatabaseQueue(path: file)
        try queue.write { try $0.execute(sql: "UPDATE restack_snapshot SET format_version = 3") }
        try queue.close()
        let store = try SnapshotStore(readingAt: file)
        let tree = try store.snapshot(id: 1).tree
        #expect(tree.form == .tree)
        let exported = try StateFile.decode(StateFile.encode(tree))
        #expect(exported.formatVersion == 3)
        #expect(Restorer.plan(exported).root == nil, "it restores nothing, as the stored snapshot")
    }

    @Test func aRuleAfterADropOnAContainerThatIsNotAStackIsReported() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("t.sqlite")
        try SnapshotStore(path: file).save(Self.truncating, session: "s")
        let queue = try DatabaseQueue(path: file)
        try queue.write { db in
            try editTree(db, snapshot: 1) { $0.containers[0].settings.append(TreeBlob.Setting(name: "afterDrop", value: .text("truncate"))) }
        }
        try queue.close()
        let report = try SnapshotStore(readingAt: file).check()
        // A setting the split's kind does not declare (migration 8: settings are rows by name).
        #expect(report.problems.contains { $0.contains("restack_snapshot.tree of snapshot 1: the split at \"\" has no setting \"afterDrop\"") }, "\(report.problems)")
    }

    /// A store made by migrations 1 to 5, with a snapshot id given up (deleted) above the
    /// newest: read as it is through views, then migrated, every row and id kept, and the id
    /// given up never given again.
    @Test func aStoreOfMigrationFiveReadsUnmigratedAndUpgradesWithItsIdsAndMark() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("m005.sqlite")
        let old = try storeMadeByMigrations(5, at: file)
        try old.write { db in
            try db.execute(sql: """
                INSERT INTO restack_session (id, name, created_at) VALUES (1, 's', 0);
                INSERT INTO restack_snapshot (id, session_id, format_version, saved_at, shape) VALUES (1, 1, 2, 1000, 'tree');
                INSERT INTO restack_snapshot (id, session_id, format_version, saved_at, shape) VALUES (2, 1, 2, 2000, 'tree');
                DELETE FROM restack_snapshot WHERE id = 2;
                INSERT INTO restack_container (snapshot_id, owner, kind) VALUES (1, '', 'stack');
                INSERT INTO restack_record (snapshot_id, path, parent, slot, position, identifier, class_name, payload)
                VALUES (1, 'records[0]', '', 'records', 0, 'a', 'C', X'00FF'), (1, 'records[1]', '', 'records', 1, 'b', 'C', NULL);
                """)
        }
        try old.close()
        let expected = RestorationTree(root: .stack(StackContainer(records: [
            RestorationRecord(identifier: "a", className: "C", payload: Data([0, 0xFF])), Self.record("b"),
        ])))

        let before = FileFingerprint(file)
        let unmigrated = try SnapshotStore(readingAt: file)
        #expect(try unmigrated.snapshot(id: 1).tree == expected)
        #expect(try unmigrated.check().isHealthy)
        #expect(FileFingerprint(file) == before, "read-only inspection of a store of migration 5 leaves it byte for byte")

        let store = try SnapshotStore(path: file)
        #expect(try store.check().appliedMigrations == SnapshotStore.knownMigrations)
        #expect(try store.check().isHealthy)
        #expect(try store.snapshot(id: 1).tree == expected)
        let next = try store.save(Self.truncating, session: "s")
        #expect(next.id == 3, "the id given up before the migration is not given again")
        #expect(try store.snapshot(id: 3).tree == Self.truncating)
    }
}
