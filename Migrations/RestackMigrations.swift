// The schema migrations of Restack's store, embedded in the binary from the .sql files beside
// this one. Migrations are applied in the order listed; a new one is appended, never inserted,
// and a released one is never edited.

/// One schema migration: a stable identifier and the SQL that applies it.
public struct RestackMigration: Sendable {
    /// The identifier recorded in GRDB's `grdb_migrations` table, such as
    /// `restack.m001_initial`. The `restack.` prefix keeps Restack's migrations apart from an
    /// app's own when both live in one database.
    public let identifier: String
    /// The name of the .sql file in `Migrations/`.
    public let fileName: String
    /// The SQL statements.
    public let sql: String
}

/// The migrations, oldest first.
public enum RestackMigrations {
    /// Every migration this library knows, in the order they apply.
    public static let all: [RestackMigration] = [
        migration("m001_initial", PackageResources.m001_initial_sql),
        migration("m002_crash_loop_guard", PackageResources.m002_crash_loop_guard_sql),
        migration("m003_provisional_saves", PackageResources.m003_provisional_saves_sql),
        migration("m004_trees", PackageResources.m004_trees_sql),
        migration("m005_kind_checks_on_read", PackageResources.m005_kind_checks_on_read_sql),
        migration("m006_truncating_stacks_and_paths", PackageResources.m006_truncating_stacks_and_paths_sql),
        migration("m007_restore_outcomes", PackageResources.m007_restore_outcomes_sql),
        migration("m008_generic_settings", PackageResources.m008_generic_settings_sql),
        migration("m009_shared_records", PackageResources.m009_shared_records_sql),
        migration("m010_value_blocks", PackageResources.m010_value_blocks_sql),
        migration("m011_session_owners", PackageResources.m011_session_owners_sql),
    ]

    private static func migration(_ name: String, _ bytes: [UInt8]) -> RestackMigration {
        RestackMigration(
            identifier: "restack.\(name)",
            fileName: "\(name).sql",
            sql: String(decoding: bytes, as: UTF8.self)
        )
    }
}
