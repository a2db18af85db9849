import Foundation
import GRDB
import PropertyBased
import Restack
import RestackPropertyTesting
@testable import RestackStore
import RestackTestSupport
import Testing

/// Rows holding values of the wrong type, written outside Restack: every read is a typed error
/// naming the table, column and row, never a trap, and `check` reports them.
@Suite("Damaged rows")
struct DamagedRowTests {
    /// Every read the library offers, by name, run on `store`: the restore entries in both forms
    /// (the asynchronous ones run the same core off the caller's actor, and must fail alike).
    static func reads(_ store: SnapshotStore) -> [(String, () async throws(StoreError) -> Void)] {
        /// A synchronous read as an entry (a closure that is not `async` picks the synchronous overload).
        func sync(_ read: @escaping () throws(StoreError) -> Void) -> () async throws(StoreError) -> Void {
            { () async throws(StoreError) in try read() }
        }
        return [
            ("sessions()", sync { () throws(StoreError) in _ = try store.sessions() }),
            ("snapshots(session: s)", sync { () throws(StoreError) in _ = try store.snapshots(session: "s") }),
            ("snapshots(session: t)", sync { () throws(StoreError) in _ = try store.snapshots(session: "t") }),
            ("latestSnapshot(session: s)", sync { () throws(StoreError) in _ = try store.latestSnapshot(session: "s") }),
            ("snapshot(id: 2)", sync { () throws(StoreError) in _ = try store.snapshot(id: 2) }),
            ("snapshot(id: 2, session: s)", sync { () throws(StoreError) in _ = try store.snapshot(id: 2, session: "s") }),
            ("restore(session: s)", sync { () throws(StoreError) in _ = try store.restore(session: "s") }),
            ("restore(session: s) async", { () async throws(StoreError) in _ = try await store.restore(session: "s") }),
            ("beginRestore(session: s)", sync { () throws(StoreError) in _ = try store.beginRestore(session: "s") }),
            ("beginRestore(session: s) async", { () async throws(StoreError) in _ = try await store.beginRestore(session: "s") }),
            ("latestSnapshot(session: u)", sync { () throws(StoreError) in _ = try store.latestSnapshot(session: "u") }),
            ("restore(session: u)", sync { () throws(StoreError) in _ = try store.restore(session: "u") }),
            ("restore(session: u) async", { () async throws(StoreError) in _ = try await store.restore(session: "u") }),
            ("restoreOutcomes()", sync { () throws(StoreError) in _ = try store.restoreOutcomes() }),
            ("restoreOutcomes(session: s)", sync { () throws(StoreError) in _ = try store.restoreOutcomes(session: "s") }),
            ("save(session: s)", sync { () throws(StoreError) in _ = try store.save(RestorationTree.drillDown(left: []), session: "s") }),
        ]
    }

    /// Runs every read: each gives a value or a typed error (`.corrupt` naming `column`, or the
    /// session or snapshot not found when the damage unlinks it). Returns the reads that said
    /// `.corrupt`.
    static func readEverything(_ store: SnapshotStore, naming column: String?, sourceLocation: SourceLocation = #_sourceLocation) async -> [String] {
        var corrupt: [String] = []
        for (name, read) in reads(store) {
            do {
                try await read()
            } catch {
                switch error {
                case .corrupt(let path, let detail):
                    #expect(path == store.path, sourceLocation: sourceLocation)
                    if let column {
                        #expect(detail.contains(column), "\(name): \(detail)", sourceLocation: sourceLocation)
                    }
                    #expect(!detail.contains("\n"), sourceLocation: sourceLocation)
                    corrupt.append(name)
                case .sessionNotFound, .snapshotNotFound, .noRestorableSnapshot:
                    break
                case .readOnly where store.isReadOnly:
                    break
                default:
                    Issue.record("\(name): unexpected \(error)", sourceLocation: sourceLocation)
                }
            }
        }
        // A peek writes nothing, so its two forms read the same rows and must answer alike.
        for peek in ["restore(session: s)", "restore(session: u)"] {
            #expect(corrupt.contains(peek) == corrupt.contains(peek + " async"),
                    "\(peek): the synchronous and asynchronous forms disagree: \(corrupt)", sourceLocation: sourceLocation)
        }
        return corrupt
    }

    @Test(arguments: DamagedStores.all)
    func aDamagedValueIsATypedErrorNamingTheColumnAndCheckReportsIt(_ damage: Damage) async throws {
        let folder = try TemporaryFolder()
        let path = try DamagedStores.copyOfFixture(in: folder)
        try DamagedStores.apply(damage, to: path)

        for store in [try SnapshotStore(readingAt: path), try SnapshotStore(path: path)] {
            let report = try store.check()
            #expect(!report.isHealthy, "check calls a store with \(damage) healthy")
            #expect((report.problems + report.integrity).contains { $0.contains(damage.columnName) },
                    "check names \(damage.columnName): \(report.problems) \(report.integrity)")
            // A damaged key detaches its row: reads may then name what the row left behind.
            let corrupt = await Self.readEverything(store, naming: damage.isRead ? damage.columnName : nil)
            if damage.isRead {
                #expect(!corrupt.isEmpty, "no read noticed \(damage)")
            }
        }
    }

    /// Every column the store checks is damaged by the tests, so that a column added by a new
    /// migration is covered as soon as it is declared (ids that alias the rowid cannot hold
    /// another class, and are left to `negativeAndHugeIdsReadBackAsTheyAre`).
    @Test func everyColumnIsDamagedByTheTests() {
        // A tree's entries are judged when it is read (migration 9): its damages are edits.
        let checked = Set(StoredColumn.all.filter { $0.name != "id" }.map { "\($0.table).\($0.name)" })
        let damaged = Set(DamagedStores.all.map(\.columnName))
        #expect(checked == damaged)
        #expect(DamagedStores.all.filter { $0.edit != nil }.count == 44,
                "12 edits of entries and bytes, 2 of settings' names, 30 of the values of the 5 settings the kinds declare")
        #expect(DamagedStores.all.count == 69 + 44 + 56 + 8,
                "69 of columns, 44 of trees (migration 9), 56 in the outcome tables (migration 7), and 8 of the owners (migration 11)")
        // Every enumerated column also gets text of the right class that names none of its
        // values (issue 21, item 19): a reader that took it for one of them would pass the
        // storage-class damages unnoticed. A tree's names (slots, kinds, settings) get theirs
        // as edits.
        let enumerated = ["restack_snapshot.shape", "restack_outcome.result", "restack_outcome.layout", "restack_outcome_drop.reason"]
        for column in enumerated {
            #expect(DamagedStores.all.contains { $0.columnName == column && $0.literal.hasPrefix("'") && $0.kind != "text" }, "\(column)")
        }
    }

    @Test func theMessageNamesTableColumnRowAndClasses() throws {
        let folder = try TemporaryFolder()
        let path = try DamagedStores.copyOfFixture(in: folder)
        try DamagedStores.apply(Damage(table: "restack_snapshot", column: "saved_at", literal: "'x'", kind: "text", isRead: true), to: path)
        let store = try SnapshotStore(readingAt: path)
        #expect(throws: StoreError.corrupt(path: path, detail: "restack_snapshot.saved_at of snapshot 2: expected an integer, found text")) {
            try store.snapshots(session: "s")
        }
        #expect(try store.check().problems == ["restack_snapshot.saved_at of snapshot 2: expected an integer, found text"])
        let other = try DamagedStores.copyOfFixture(in: folder, named: "other.sqlite")
        try DamagedStores.apply(Damage(table: "restack_value", column: "payload", literal: "42", kind: "integer", isRead: true), to: other)
        #expect(throws: StoreError.corrupt(path: other, detail: "restack_value.payload of value \(block(3)) (the record at \"left[1]\" of snapshot 2): expected a blob or NULL, found an integer")) {
            try SnapshotStore(readingAt: other).snapshot(id: 2).tree
        }
        #expect(try SnapshotStore(readingAt: other).check().problems == ["restack_value.payload of value \(block(3)): expected a blob or NULL, found an integer"])
        let tree = try DamagedStores.copyOfFixture(in: folder, named: "tree.sqlite")
        try DamagedStores.apply(Damage(.position(5)), to: tree)
        let gap = "restack_snapshot.tree of snapshot 2: a gap in a stack of the container at \"\": left position 5 where 1 was expected"
        #expect(throws: StoreError.corrupt(path: tree, detail: gap)) { try SnapshotStore(readingAt: tree).snapshot(id: 2).tree }
        #expect(try SnapshotStore(readingAt: tree).check().problems == [gap])
    }

    @Test func negativeAndHugeIdsReadBackAsTheyAre() throws {
        let folder = try TemporaryFolder()
        let path = try DamagedStores.copyOfFixture(in: folder)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in
            for (old, new) in [(1, Int64(-7)), (2, Int64.max), (3, Int64.min)] {
                try db.execute(sql: "UPDATE restack_snapshot SET id = ? WHERE id = ?", arguments: [new, old])
            }
        }
        try queue.close()
        let store = try SnapshotStore(path: path)
        // Readable, but no snapshot can be saved after Int64.max: check says so (issue 31).
        #expect(try store.check().problems == [
            "restack_snapshot.id: the ids have reached 9223372036854775807, the largest (snapshot_high_water), so no row can be added; ids grow by one a save and never get there",
        ])
        #expect(try store.snapshots(session: "s").map(\.id) == [-7, .max])
        #expect(try store.snapshot(id: -7).tree == DamagedStores.fixture[0].state)
        #expect(try store.snapshot(id: .max, session: "s").tree == DamagedStores.fixture[1].state)
        #expect(try store.restore(session: "t").restored.snapshot.info.id == .min)
        #expect(try store.sessions().map(\.latestSnapshotID) == [.max, .min, 4], "s, t, and u (the tree)")
        // No id is left after Int64.max: a save is a typed error and writes nothing.
        #expect(throws: StoreError.self) { try store.save(RestorationTree.drillDown(left: []), session: "s") }
        #expect(try store.snapshots(session: "s").count == 2)
    }

    /// Values a random cell gets: every storage class, extremes, text that is not UTF-8, NUL.
    static let garbage = Gen.int(in: 0...13).map { kind -> String in
        ["NULL", "0", "-1", "1", "9223372036854775807", "-9223372036854775808", "1.5", "-1e308", "'x'", "''",
         "CAST(X'FFFE00' AS TEXT)", "X''", "X'00FF'", "'left'"][kind]
    }

    static let cell = zip(Gen.int(in: 0..<DamagedStores.writableColumns.count), Gen.int(in: 0...20), garbage)

    @Test func randomGarbageInRandomCellsNeverTraps() async throws {
        var outcomes = [String: Int]()
        await checkProperty(count: 60, input: Self.cell.array(of: 1...4)) { cells in
            let folder = try TemporaryFolder()
            let path = try DamagedStores.copyOfFixture(in: folder)
            for (column, row, literal) in cells {
                let (table, name) = DamagedStores.writableColumns[column]
                try DamagedStores.write(literal, into: table, column: name, row: row, at: path)
            }
            let store = try SnapshotStore(path: path)
            // Checked first: the reads include a restore and a save, which may prune the damage.
            let report = try store.check()
            let corrupt = await Self.readEverything(store, naming: nil)
            if !corrupt.isEmpty {
                #expect(!report.isHealthy, "a read found damage that check did not: \(corrupt)")
            }
            outcomes[corrupt.isEmpty ? "reads fine" : "typed error", default: 0] += 1
            outcomes[report.isHealthy ? "check healthy" : "check unhealthy", default: 0] += 1
        }
        print("random damage: 60 stores, \(outcomes.sorted { $0.key < $1.key })")
        #expect(outcomes["typed error", default: 0] > 0, "the garbage must reach the reads")
    }
}
