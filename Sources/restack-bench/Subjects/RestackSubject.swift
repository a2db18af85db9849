import Restack
import RestackStore

/// Restack itself, through its public API.
struct RestackSubject: BenchSubject {
    let name: String
    let store: SnapshotStore

    init(name: String = "restack", path: String, durability: SnapshotStore.Durability) throws {
        self.name = name
        store = try SnapshotStore(path: path, options: .init(durability: durability))
    }

    func save(_ state: RestorationTree, session: String) throws {
        try store.save(state, session: session)
    }

    func restore(session: String) throws -> Int {
        try store.restore(session: session).restoration?.plan.drillDownCount ?? 0
    }
}

extension RestackSubject {
    /// Begins a restore as an app does at launch (the crash-loop guard's count written in the
    /// same transaction), then confirms nothing; returns the records restored.
    func beginRestore(session: String) throws -> Int {
        try store.beginRestore(session: session).restoration?.plan.drillDownCount ?? 0
    }

    /// Loads the latest tree of the session and plans it; returns the records restored.
    func restoreTree(session: String) throws -> Int {
        try store.restore(session: session).restoration?.plan.restoredCount ?? 0
    }
}

extension RestorationPlan {
    /// How many records a drill-down's plan restores, read from its root drill-down's slots (as
    /// an app rebuilding it would), without walking a tree.
    var drillDownCount: Int {
        if case .drillDown(let root)? = root?.content { root.left.count + (root.right == nil ? 0 : 1) } else { 0 }
    }

    /// How many records the plan restores, nested ones included.
    var restoredCount: Int {
        restoredTree?.recordCount ?? 0
    }
}
