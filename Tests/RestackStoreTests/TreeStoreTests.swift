import Foundation
import GRDB
import Restack
@testable import RestackStore
import RestackTestSupport
import Testing

/// Trees in the store: caps count every record and limit the depth, the layout reaches the
/// plan, the crash-loop guard and retention work alike, and `check` reports a broken tree.
@Suite("Trees in the store")
struct TreeStoreTests {
    static func nested(depth: Int) -> RestorationTree {
        var container = RestorationContainer.stack(StackContainer(records: [record("leaf")]))
        for level in 1..<depth {
            container = .stack(StackContainer(records: [RestorationRecord(identifier: "level-\(level)", className: "Nav", container: container)]))
        }
        return RestorationTree(root: container)
    }

    static let split = RestorationTree(root: .split(SplitContainer(
        primary: [RestorationRecord(identifier: "nav", className: "NavController", container: .tabs(TabsContainer(tabs: [
            record("inbox"), record("sent"),
        ], selected: 1)))],
        detail: [record("message")],
        focus: .detail, compact: .omitDetail
    )))

    @Test func capsCountNestedRecordsAndLimitTheDepth() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("t.sqlite"), options: .init(limits: .init(maxRecordCount: 4, maxContainerDepth: 3)))
        #expect(throws: StoreError.limitExceeded(.recordCount, size: 5, limit: 4)) {
            try store.save(RestorationTree(root: .stack(StackContainer(records: (0..<5).map { record("r\($0)") }))), session: "s")
        }
        try store.save(Self.nested(depth: 3), session: "s")
        #expect(throws: StoreError.limitExceeded(.containerDepth, size: 4, limit: 3)) {
            try store.save(Self.nested(depth: 4), session: "s")
        }
        var big = Self.split
        if case .split(var split) = big.root {
            split.detail = [RestorationRecord(identifier: "m", payload: Data(count: 300_000))]
            big.root = .split(split)
        }
        #expect(throws: StoreError.limitExceeded(.payloadBytes(RecordPath([.detail(0)])), size: 300_000, limit: 256 * 1024)) {
            try SnapshotStore(path: folder.path("u.sqlite")).save(big, session: "s")
        }
        #expect(try store.snapshots(session: "s").count == 1, "refused saves wrote nothing")
    }

    @Test func restoreTakesTheLayoutAndTheGuardAndRetentionWorkOnTrees() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("t.sqlite"), options: .init(retention: .init(keepLast: 2), crashLoopThreshold: 1))
        let good = try store.save(Self.split, session: "s")
        let compact = try store.restore(session: "s", layout: .compact).restored
        #expect(compact.plan.layout == .compact)
        #expect(compact.plan.root?.compact == CompactArrangement(stack: [RecordPath([.primary(0)])], hidden: [RecordPath([.detail(0)])]))
        #expect(compact.plan.root?.kind == .split && compact.plan.form == .tree)
        let crashing = try store.save(Self.nested(depth: 3), session: "s")
        #expect(try store.beginRestore(session: "s", layout: .regular).restored.snapshot.info.id == crashing.id)
        let fallback = try store.beginRestore(session: "s", layout: .compact).restored
        #expect(fallback.snapshot.info.id == good.id && fallback.skippedQuarantined == [crashing.id])
        #expect(fallback.snapshot.tree == Self.split)
        try store.confirmRestore(fallback)
        for _ in 0..<3 { try store.save(Self.split, session: "s") }
        let history = try store.snapshots(session: "s")
        #expect(history.filter { !$0.isQuarantined }.count == 2 && history.contains { $0.id == crashing.id })
    }

    @Test func aStateWhoseRecordsHoldContainersIsStoredAsTheTreeItIs() throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("t.sqlite"))
        let state = RestorationTree.drillDown(left: [record("a"), RestorationRecord(identifier: "nav", container: .stack(StackContainer(records: [record("x")])))])
        let info = try store.save(state, session: "s")
        #expect(info.form == .tree)
        #expect(try store.snapshot(id: info.id).tree == state)
    }

    /// Edits of the tree of ``split`` (records in document order: 0 `primary[0]`, 1
    /// `primary[0]/tabs[0]`, 2 `primary[0]/tabs[1]`, 3 `detail[0]`; containers: the root split,
    /// the tab bar of record 1), each breaking one invariant of a stored tree.
    static let brokenTrees: [String: @Sendable (inout TreeBlob) -> Void] = [
        "parent": { $0.records[3].owner = 2 },
        "root": { $0.containers.removeFirst() },
        "settings": { $0.containers[1].settings = [TreeBlob.Setting(name: "selected", value: .integer(5))] },
        "value": { $0.records[0].valueID = 999 },
        "position": { $0.records[2].position = 3 },
        "slot": { $0.records[3].slot = "left" },
        "container owned": { $0.containers.append(TreeBlob.Container(owner: 9, kind: "stack", settings: [])) },
        "setting": { $0.containers[0].settings.append(TreeBlob.Setting(name: "zoom", value: .integer(2))) },
    ]

    /// Each edit breaks one invariant of a stored tree; `check` reports it (naming the snapshot)
    /// and reads are typed errors.
    @Test(arguments: ["parent", "root", "settings", "value", "position", "slot", "container owned", "setting"])
    func checkReportsABrokenTree(_ finding: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("t.sqlite")
        try SnapshotStore(path: path).save(Self.split, session: "s")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try editTree(db, snapshot: 1, Self.brokenTrees[finding]!) }
        try queue.close()
        let store = try SnapshotStore(readingAt: path)
        let report = try store.check()
        #expect(!report.isHealthy, "\(finding)")
        #expect(throws: StoreError.self, "\(finding)") { try store.restore(session: "s").restored }
        #expect(report.problems.contains { $0.hasPrefix("restack_snapshot.tree of snapshot 1: ") }, "\(report.problems)")
    }

    static let chain = RestorationTree(root: .presentation(PresentationContainer(
        base: record("inbox"), presented: [RestorationRecord(identifier: "compose", className: "NavController", container: .stack(StackContainer(records: [record("draft")]))), record("picker")]
    )))

    /// A presentation chain is stored, read back and checked like every kind, with no list of its
    /// names in the schema: the rows that break its slots are found on read and by `check`.
    /// Edits of the chain's tree (records in document order: 0 `base`, 1 `presented[0]`, 2
    /// `presented[0]/records[0]`, 3 `presented[1]`).
    static let brokenChains: [String: @Sendable (inout TreeBlob) -> Void] = [
        "two bases": { $0.records[3].slot = "base"; $0.records[3].position = 1 },
        "unknown slot": { $0.records[3].slot = "pressented" },
        "unknown kind": { $0.containers[0].kind = "presentations" },
        "gap": { $0.records[3].position = 2 },
    ]

    @Test(arguments: ["two bases", "unknown slot", "unknown kind", "gap"])
    func aChainIsStoredAndItsBrokenRowsAreFound(_ finding: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("t.sqlite")
        let store = try SnapshotStore(path: path)
        let info = try store.save(Self.chain, session: "s")
        #expect(info.form == .tree)
        #expect(try store.snapshot(id: info.id).tree == Self.chain)
        #expect(try store.check().isHealthy)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try editTree(db, snapshot: info.id, Self.brokenChains[finding]!) }
        try queue.close()
        let reopened = try SnapshotStore(readingAt: path)
        #expect(!(try reopened.check().isHealthy), "\(finding)")
        #expect(throws: StoreError.self, "\(finding)") { try reopened.restore(session: "s").restored }
    }
}

/// `check` judges by the readers' limits: what `show`, `plan` and `export` refuse, it reports.
@Suite("Check against the readers' limits")
struct CheckLimitTests {
    /// 64 nested containers, the most a state may hold, are healthy and read; one more level,
    /// written into the tree, is refused by the readers and reported by `check`.
    @Test func containersNestedOnePastTheLimitAreUnhealthy() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("t.sqlite")
        let depth = RestorationTree.maxContainerDepth
        try SnapshotStore(path: path, options: .init(limits: .init(maxContainerDepth: depth))).save(TreeStoreTests.nested(depth: depth), session: "s")
        #expect(try SnapshotStore(readingAt: path).check().isHealthy)
        #expect(try SnapshotStore(readingAt: path).restore(session: "s").restored.snapshot.tree.root.depth == depth)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            // The leaf (the last record) holds a stack of one record.
            try editTree(db, snapshot: 1) { tree in
                let leaf = tree.records.count
                tree.records.append(TreeBlob.Record(owner: leaf, slot: "records", position: 0, valueID: tree.records[leaf - 1].valueID))
                tree.containers.append(TreeBlob.Container(owner: leaf, kind: "stack", settings: []))
            }
        }
        try queue.close()
        let store = try SnapshotStore(readingAt: path)
        #expect(throws: StoreError.self) { try store.restore(session: "s").restored }
        let report = try store.check()
        #expect(!report.isHealthy)
        #expect(report.problems.contains { $0.contains("nested deeper than \(depth)") }, "\(report.problems)")
    }

    @Test func aPendingProvisionalSaveOfNoSnapshotIsUnhealthy() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("t.sqlite")
        try SnapshotStore(path: path).save(mailState, session: "s")
        #expect(try SnapshotStore(readingAt: path).check().isHealthy)
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "UPDATE restack_snapshot SET provisional_for = 999") }
        try queue.close()
        let report = try SnapshotStore(readingAt: path).check()
        #expect(report.problems.contains { $0.contains("provisional_for") }, "\(report.problems)")
    }
}

/// The store plans with the resolver's outcomes: stale payloads and renames come through.
@Suite("Resolver outcomes through the store")
struct StoreOutcomeTests {
    @Test func aStalePayloadAndARenameComeThroughTheStore() async throws {
        let folder = try TemporaryFolder()
        let store = try SnapshotStore(path: folder.path("t.sqlite"))
        let state = RestorationTree.drillDown(left: [
            RestorationRecord(identifier: "inbox", className: "InboxViewController"),
            RestorationRecord(identifier: "message", className: "MessageController", payload: Data("not json".utf8)),
        ])
        try await store.save(state, session: "s")
        let aliases = try ClassAliases(["InboxViewController": "InboxController"])
        let resolver = RecordResolver { record, _ in
            record.className == "MessageController" ? .stalePayload : .rebuild
        }.renaming(aliases)
        let loaded = try await store.restore(session: "s")
        let planned = try loaded.restored.plan(resolver: resolver)
        for restoration in [try store.restore(session: "s", resolver: resolver).restored, try store.beginRestore(session: "s", resolver: resolver).restored, planned] {
            #expect(restoration.plan.left.map(\.record.className) == ["InboxController"])
            #expect(restoration.plan.left.first?.renamedFrom == "InboxViewController")
            #expect(restoration.plan.dropped.map(\.reason) == [.stalePayload])
        }
    }
}
