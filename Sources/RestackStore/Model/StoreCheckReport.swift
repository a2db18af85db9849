/// What ``SnapshotStore/check()`` found in a store.
public struct StoreCheckReport: Hashable, Sendable {
    /// The store's path.
    public var path: String
    /// The Restack migrations applied to the store, oldest first.
    public var appliedMigrations: [String]
    /// The Restack migrations this library knows, oldest first.
    public var knownMigrations: [String]
    /// SQLite's `PRAGMA integrity_check` result: `["ok"]` for a sound file.
    public var integrity: [String]
    /// Problems with Restack's own invariants (values of a storage class their column must not
    /// hold, foreign keys, slots and gaps in a left stack), each naming the table and column;
    /// empty when there are none.
    public var problems: [String]
    /// How many sessions the store holds; `nil` when the table could not be read.
    public var sessionCount: Int?
    /// How many snapshots the store holds; `nil` when the table could not be read.
    public var snapshotCount: Int?
    /// How many records the store holds; `nil` when the table could not be read.
    public var recordCount: Int?

    /// Whether SQLite and Restack found nothing wrong.
    public var isHealthy: Bool {
        integrity == ["ok"] && problems.isEmpty
    }

    /// Creates a report. Reports normally come from ``SnapshotStore/check()``.
    public init(
        path: String,
        appliedMigrations: [String],
        knownMigrations: [String],
        integrity: [String],
        problems: [String],
        sessionCount: Int?,
        snapshotCount: Int?,
        recordCount: Int?
    ) {
        self.path = path
        self.appliedMigrations = appliedMigrations
        self.knownMigrations = knownMigrations
        self.integrity = integrity
        self.problems = problems
        self.sessionCount = sessionCount
        self.snapshotCount = snapshotCount
        self.recordCount = recordCount
    }
}
