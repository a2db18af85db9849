// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Restack",
    // The Apple platforms GRDB.swift 7 supports, so that an app can depend on Restack.
    platforms: [
        .iOS(.v13),
        .macOS(.v10_15),
        .tvOS(.v13),
        .watchOS(.v7),
    ],
    products: [
        .library(name: "Restack", targets: ["Restack"]),
        .library(name: "RestackStore", targets: ["RestackStore"]),
        .library(name: "RestackTesting", targets: ["RestackTesting"]),
        .executable(name: "restore-inspect", targets: ["restore-inspect"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // `swift package generate-documentation --target Restack` (DocC); a plugin, not linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The model and the restorer: pure Swift, Foundation only, no I/O.
        .target(name: "Restack"),

        // The schema migrations, as .sql files embedded in the binary.
        .target(
            name: "RestackMigrations",
            path: "Migrations",
            resources: [
                .embedInCode("m001_initial.sql"),
                .embedInCode("m002_crash_loop_guard.sql"),
                .embedInCode("m003_provisional_saves.sql"),
                .embedInCode("m004_trees.sql"),
                .embedInCode("m005_kind_checks_on_read.sql"),
                .embedInCode("m006_truncating_stacks_and_paths.sql"),
                .embedInCode("m007_restore_outcomes.sql"),
                .embedInCode("m008_generic_settings.sql"),
                .embedInCode("m009_shared_records.sql"),
                .embedInCode("m010_value_blocks.sql"),
                .embedInCode("m011_session_owners.sql"),
            ]
        ),

        // The SQLite store, on GRDB. Knows nothing of the restoration rules. Its privacy manifest
        // declares the required-reason APIs it calls (free space, file metadata, uptime), as
        // GRDB ships its own; nothing reads it at run time (no `Bundle.module`).
        .target(
            name: "RestackStore",
            dependencies: [
                "Restack",
                "RestackMigrations",
                .product(name: "GRDB", package: "GRDB.swift"),
                // GRDB's own SQLite module, for the launch read's text columns (StepCursor.swift).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                // Restore outcomes as counters and a timer, to whatever backend the app bootstrapped.
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            // A design note beside the sources: how the store's layout and figures came to be.
            exclude: ["PerformanceHistory.md"],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),

        // Text made safe for a terminal, one line each: restore-inspect's escaping, and the one
        // text rendering of a plan (restore-inspect's `plan` and `demo`, and what an app's test
        // reads after a relaunch). Not a product.
        .target(name: "RestackTerminalText", dependencies: ["Restack"]),

        // An app's tests of its restoration: relaunches emulated on a store in memory, and the
        // text of what each restored (RestackTerminalText's plan text).
        .target(name: "RestackTesting", dependencies: ["Restack", "RestackStore", "RestackTerminalText"]),

        // The inspector: a thin shell over Restack and RestackStore.
        .executableTarget(
            name: "restore-inspect",
            dependencies: [
                "Restack",
                "RestackStore",
                "RestackTerminalText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Test support shared by the stress helper, the bench and the test targets: deterministic
        // states, temporary folders, stores with damaged rows, starting programs, a device that
        // locks (an SQLite VFS, on GRDBSQLite's C API). Not a product.
        .target(
            name: "RestackTestSupport",
            dependencies: [
                "Restack",
                "RestackStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),

        // A test helper, not for users: saves and reads in a loop for the crash and
        // concurrency tests. Not a product.
        .executableTarget(
            name: "restack-stress",
            dependencies: ["RestackStore", "RestackTestSupport"]
        ),

        // Property checks that fail on a thrown error, for every test target. Not a product.
        .target(
            name: "RestackPropertyTesting",
            dependencies: ["Restack", .product(name: "PropertyBased", package: "swift-property-based")]
        ),

        .testTarget(
            name: "RestackTests",
            dependencies: [
                "Restack",
                "RestackPropertyTesting",
                "RestackTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The README's and the DocC articles' Restack snippets, and the store's doc-comment
        // examples, compiled and run as written, so that a document that drifts from the API
        // breaks the build (GRDB for the example of hosting the store in an app's database).
        .testTarget(
            name: "DocumentationSnippets",
            dependencies: ["Restack", "RestackStore", "RestackTesting", "RestackTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "RestackStoreTests",
            dependencies: [
                "Restack",
                "RestackStore",
                "RestackMigrations",
                "RestackTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                "RestackPropertyTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The navigation model, its shapes and the relaunch helpers, as an app uses them.
        .testTarget(
            name: "NavigationModelTests",
            dependencies: [
                "Restack",
                "RestackStore",
                "RestackTesting",
                "RestackTerminalText",
                "RestackTestSupport",
                "RestackPropertyTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "RestoreInspectTests",
            dependencies: [
                "restore-inspect",
                "RestackTerminalText",
                "RestackTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                "RestackPropertyTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // restack-mail, the example app (Examples/RestackMail, a package of its own), built by
        // these tests and driven as a user: scripted, and by keys in a tmux pseudo-terminal; and
        // its own in-process tests, run from here.
        .testTarget(
            name: "RestackMailTests",
            dependencies: ["restore-inspect", "Restack", "RestackStore", "RestackTestSupport"]
        ),
        // The benchmark: Restack against raw SQLite and JSON files, in one interleaved run
        // (RestackTestSupport for starting its probes: ChildProcess, not Foundation's Process).
        .executableTarget(
            name: "restack-bench",
            dependencies: [
                "Restack",
                "RestackStore",
                "RestackTestSupport",
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Crash and concurrency tests: real processes, SIGKILL, several writers at once.
        .testTarget(
            name: "RestackCrashTests",
            dependencies: [
                "Restack",
                "RestackStore",
                "RestackTestSupport",
                "restack-stress",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
