import ArgumentParser
import Foundation
import RestackStore

/// `--db PATH` or `--demo`: the store to read; `--owner NAME`: whose sessions.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp("The store file.", valueName: "path"))
    var db: String?
    @Flag(help: DemoOption.help)
    var demo = false
    @Option(help: StoreOptions.ownerHelp)
    var owner: String?

    /// `--owner NAME`, in every command that reads a store.
    static let ownerHelp = ArgumentHelp(
        "Whose sessions (an account, a tenant); the default owner by default. `sessions` without it lists every owner's.",
        valueName: "name")

    /// The store's path: `--db`, or with `--demo` alone the demo's default store.
    var path: String {
        db ?? Demo.defaultPath
    }

    func validate() throws {
        try Self.validate(db)
        if db == nil && !demo {
            throw ValidationError("Give the store with --db PATH (or --demo for the demo store).")
        }
    }

    /// `--db ''` would resolve to the current folder: a usage error, like a missing value.
    static func validate(_ path: String?) throws {
        if path?.isEmpty == true {
            throw ValidationError("--db needs a path; an empty one names no file.")
        }
    }

    /// Opens the store for reading only: nothing is created, migrated or written.
    func openForReading() throws(StoreError) -> SnapshotStore {
        try SnapshotStore(readingAt: path, options: options)
    }

    /// The options of every command, for `--owner`'s owner.
    var options: SnapshotStore.Options {
        .commandLine(owner: owner)
    }

    /// Opens an existing store for writing; a missing file is an error, never a new store.
    func openExistingForWriting() throws(StoreError) -> SnapshotStore {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .fileNotFound(path: path)
        }
        return try SnapshotStore(path: path, options: options)
    }
}

/// `--demo`: the store `restore-inspect demo` writes, and its app's classes.
enum DemoOption {
    static let help = ArgumentHelp(
        "The demo store (where `demo` writes it by default; --db for another); plan adds the demo app's classes.")
}

extension SnapshotStore.Options {
    /// The store options of every command: the defaults, but a lock held by another process
    /// fails the command after 5 seconds (exit 75) instead of 30 seconds of silence, and no app
    /// version (the tool's bundle is not the app's): `import --app-version` gives one.
    static let commandLine = SnapshotStore.Options(busyTimeout: 5, appVersion: nil)

    /// ``commandLine`` for `--owner`'s owner (`nil`: the default owner).
    static func commandLine(owner: String?) -> SnapshotStore.Options {
        var options = commandLine
        options.owner = owner
        return options
    }
}

/// `--json`: machine-readable output.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of a human-readable tree or table.")
    var json = false
}

/// `--session ID [--snapshot N]`: which snapshot to look at.
struct SnapshotSelection: ParsableArguments {
    @Option(help: ArgumentHelp("The session's name.", valueName: "id"))
    var session: String

    @Option(parsing: .unconditional,
            help: ArgumentHelp("A snapshot id from `history`; the newest snapshot by default.", valueName: "n"))
    var snapshot: Int64?

    /// The selected snapshot of the session.
    func load(from store: SnapshotStore) throws(StoreError) -> StoredSnapshot {
        if let snapshot {
            return try store.snapshot(id: snapshot, session: session)
        }
        return try store.latestSnapshot(session: session)
    }
}
