/// What ``SnapshotStore/check()`` found in a store.
package struct StoreCheckReport: Hashable, Sendable {
    /// The store's path.
    package var path: String
    /// The Restack migrations applied to the store, oldest first.
    package var appliedMigrations: [String]
    /// The Restack migrations this library knows, oldest first.
    package var knownMigrations: [String]
    /// SQLite's `PRAGMA integrity_check` result: `["ok"]` for a sound file.
    package var integrity: [String]
    /// Problems with Restack's own invariants (values of a storage class their column must not
    /// hold, foreign keys, slots and gaps in a left stack), each naming the table and column;
    /// empty when there are none.
    package var problems: [String]
    /// How many sessions the store holds; `nil` when the table could not be read.
    package var sessionCount: Int?
    /// How many snapshots the store holds; `nil` when the table could not be read.
    package var snapshotCount: Int?
    /// How many records the store holds; `nil` when the table could not be read.
    package var recordCount: Int?

    /// Whether SQLite and Restack found nothing wrong.
    package var isHealthy: Bool {
        integrity == ["ok"] && problems.isEmpty
    }

    /// Creates a report. Reports normally come from ``SnapshotStore/check()``.
    package init(
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
