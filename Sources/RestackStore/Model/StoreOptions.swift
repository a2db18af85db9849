import Foundation
import Logging
import Restack

extension SnapshotStore {
    /// How a store guards itself: caps on what a save may hold, how much history it keeps, and
    /// when a snapshot that keeps failing to restore is quarantined.
    ///
    /// ```swift
    /// var options = SnapshotStore.Options()
    /// options.limits.maxPayloadBytes = 64 * 1024
    /// options.retention = .init(keepLast: 5, maxAge: 7 * 24 * 3600)
    /// let store = try SnapshotStore(path: path, options: options)
    /// ```
    public struct Options: Sendable {
        /// Caps a save must respect; a save over one fails and writes nothing.
        public var limits: Limits
        /// Which snapshots a save prunes from its session's history.
        public var retention: Retention
        /// How many restores of a snapshot may begin without being confirmed before the snapshot
        /// is quarantined. At least 1; 2 by default.
        public var crashLoopThreshold: Int
        /// What an acknowledged save survives; ``Durability/full`` by default. Applies to stores
        /// opened by path.
        public var durability: Durability
        /// How long an operation waits for another process's lock on the store before failing
        /// with ``StoreError/locked(path:)``, in seconds. 30 by default. Writers in WAL mode wait
        /// only for each other's short transactions; readers wait only for the rare exclusive
        /// lock (a crash recovery, a connection in exclusive locking mode).
        public var busyTimeout: TimeInterval
        /// Where the store reports what an app should know without being interrupted: records
        /// dropped by a restore, quarantines and fallbacks of the crash-loop guard, caps hit,
        /// failed saves, each with metadata (`session`, `snapshot`, `path`, `reason`). `nil` by
        /// default: nothing is logged and nothing is paid for it. Bridge it to `os.Logger` or
        /// anything swift-log supports. Not part of the options' equality.
        public var logger: Logger?
        /// The version of the app that opens the store, such as `"3.0 (45)"`: the one place an
        /// app gives it. Recorded with every snapshot the store saves (``SnapshotInfo/appVersion``,
        /// the `Autosaver`'s included) and every restore outcome (`restoreOutcomes(session:)`),
        /// and given as the `app_version` dimension of the restore metrics; `nil` is recorded as
        /// unknown.
        ///
        /// By default, the main bundle's version as an app's `Info.plist` gives it:
        /// `CFBundleShortVersionString` and `CFBundleVersion` as `"3.0 (45)"`, either alone when
        /// the other is missing or empty, `nil` when the main bundle has neither (a command-line
        /// tool without an `Info.plist`, a Linux program).
        public var appVersion: String?
        /// How long after it was saved a snapshot is still restored; `nil` (the default): for
        /// ever. A restore that finds its snapshot older answers ``RestoreAnswer/expired(_:)``
        /// and keeps the snapshot. Not the retention's `maxAge`, which deletes history.
        public var expiry: Expiry?
        /// How many restore outcomes the store keeps, across sessions, and for how long; each
        /// recorded outcome prunes the rest. 1,000 outcomes, of any age, by default.
        public var outcomeRetention: Retention
        /// Where the store reads the time for expiry and for the outcomes it records; the
        /// system's clock by default. Tests set their own. Not part of the options' equality.
        public var clock: TimeSource
        /// The app's persistence policies: every save writes the tree as
        /// `PersistencePolicies.cut(_:)` gives it (nothing of a class never saved, nor above it,
        /// is written), and every restore applies the others with the snapshot's age
        /// (`RecordResolver.applying(_:snapshotAge:)`). Empty by default: everything is saved
        /// and restored.
        public var policies: PersistencePolicies
        /// Whose sessions the store works on: an account, a tenant. Every read and write of the
        /// store is scoped to this owner's sessions, history and restore outcomes, so that two
        /// owners may each have a session of the same name and never see each other's state;
        /// ``SnapshotStore/deleteOwner()-8yq63`` deletes all of them (a logout). `nil` (the
        /// default) is the default owner, which holds the sessions of a store written before
        /// owners existed. Any other name is stored exactly, byte for byte (not normalized); an
        /// empty one is refused when the store opens (``StoreError/emptyOwner``). An app that
        /// switches accounts opens a new store value for the new owner (<doc:StorageAndUpgrades#Owners>).
        public var owner: String?

        /// Whether a restore takes a snapshot saved by a newer app version than ``appVersion``
        /// (a TestFlight build's state, then the App Store build again); `true` by default.
        /// `false` restores the newest snapshot an app version no newer than this one saved, and
        /// the newest snapshot when there is none. Versions compare numerically by dot-separated
        /// components, `"2.10.1"` after `"2.9"`; one that does not parse is never newer
        /// (<doc:StorageAndUpgrades#A-snapshot-from-a-newer-app-version>).
        public var restoresNewerAppVersions: Bool

        /// Creates options; the defaults suit an app's launch path.
        public init(
            limits: Limits = Limits(),
            retention: Retention = Retention(),
            crashLoopThreshold: Int = 2,
            durability: Durability = .full,
            busyTimeout: TimeInterval = 30,
            logger: Logger? = nil,
            appVersion: String? = Options.mainBundleVersion,
            expiry: Expiry? = nil,
            outcomeRetention: Retention = Retention(keepLast: 1000),
            clock: TimeSource = .system,
            policies: PersistencePolicies = PersistencePolicies(),
            owner: String? = nil,
            restoresNewerAppVersions: Bool = true
        ) {
            precondition(crashLoopThreshold >= 1, "crashLoopThreshold must be at least 1")
            precondition(busyTimeout >= 0, "busyTimeout cannot be negative")
            self.limits = limits
            self.retention = retention
            self.crashLoopThreshold = crashLoopThreshold
            self.durability = durability
            self.busyTimeout = busyTimeout
            self.logger = logger
            self.appVersion = appVersion
            self.expiry = expiry
            self.outcomeRetention = outcomeRetention
            self.clock = clock
            self.policies = policies
            self.restoresNewerAppVersions = restoresNewerAppVersions
            self.owner = owner
        }

        /// The owner as stored: its name, or '' for the default owner (migration 11).
        var ownerKey: String {
            owner ?? ""
        }

        /// Throws ``StoreError/emptyOwner`` for an owner the store cannot hold apart from the
        /// default owner.
        func checkOwner() throws(StoreError) {
            if owner?.utf8.isEmpty == true { throw .emptyOwner }
        }

        /// How old `snapshot` is now by the store's clock, in seconds, for the policies.
        func snapshotAge(of snapshot: StoredSnapshot) -> TimeInterval {
            clock.now().timeIntervalSince(snapshot.info.savedAt)
        }

        /// `resolver` with the policies, at `snapshot`'s age now.
        package func applyingPolicies(to resolver: RecordResolver, for snapshot: StoredSnapshot) -> RecordResolver {
            resolver.applying(policies, snapshotAge: snapshotAge(of: snapshot))
        }

        /// The tree a save writes: cut by the policies, fitted to the record and byte caps when
        /// ``Limits/overCap`` says truncate, then checked against the limits.
        func savable(_ tree: RestorationTree) throws(StoreError) -> RestorationTree {
            var saved = policies.cut(tree)
            if limits.overCap == .truncate {
                let budget = SaveBudget(maxRecords: limits.maxRecordCount, maxBytes: limits.maxSnapshotBytes, size: Limits.bytes(of:))
                if !budget.fits(saved), let fitted = budget.fit(saved) {
                    saved = fitted
                }
            }
            try limits.check(saved)
            return saved
        }

        /// The main bundle's version, the default ``appVersion``: read once. (Usable from the
        /// public initializer's default argument, not API.)
        @usableFromInline static let mainBundleVersion = version(of: .main)

        /// A bundle's version as its `Info.plist` gives it: `CFBundleShortVersionString` and
        /// `CFBundleVersion` as `"3.0 (45)"`, either alone when the other is missing or empty,
        /// `nil` when it has neither.
        package static func version(of bundle: Bundle) -> String? {
            #if !canImport(Darwin)
            // swift-corelibs-foundation builds and bridges the whole info dictionary to answer,
            // about 2M instructions of a launch in a fresh process (<doc:Performance>): a bundle
            // with no Info.plist file has no version, and is not asked.
            let folder = bundle.bundlePath
            guard ["/Info.plist", "/Contents/Info.plist", "/Resources/Info.plist"].contains(where: {
                FileManager.default.fileExists(atPath: folder + $0)
            }) else {
                return nil
            }
            #endif
            let info = bundle.infoDictionary ?? [:]
            let short = (info["CFBundleShortVersionString"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            let build = (info["CFBundleVersion"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            switch (short, build) {
            case let (short?, build?): return "\(short) (\(build))"
            case let (short?, nil): return short
            case let (nil, build?): return build
            case (nil, nil): return nil
            }
        }
    }

    /// What an acknowledged save survives.
    public enum Durability: Hashable, Sendable {
        /// A crash of the app and a power loss: each commit syncs the WAL to disk before the
        /// save returns (`PRAGMA synchronous = FULL` on the connection that writes). The default.
        case full
        /// A crash of the app; a power loss may lose the last saves, never corrupt the store
        /// (`PRAGMA synchronous = NORMAL` in WAL mode). Saves are faster.
        case normal
    }

    /// Caps on what one save may hold. Saved state lives on an app's launch path: a state too
    /// large to restore quickly is refused when it is saved, clearly, not discovered at launch.
    public struct Limits: Hashable, Sendable {
        /// The largest payload of one record, in bytes. 256 KiB by default.
        public var maxPayloadBytes: Int
        /// The most bytes one snapshot may hold: payloads, identifiers and class names. 1 MiB by
        /// default.
        public var maxSnapshotBytes: Int
        /// The most records one snapshot may hold, the right one and nested ones included. 1,000
        /// by default.
        public var maxRecordCount: Int
        /// The deepest nesting of containers one snapshot may hold, the root counted. 16 by
        /// default; at most `RestorationTree.maxContainerDepth` (64), what a state file may hold.
        public var maxContainerDepth: Int
        /// What a save over ``maxRecordCount`` or ``maxSnapshotBytes`` does: fail and write
        /// nothing (``OverCap/fail``, the default), or save the largest part that fits
        /// (``OverCap/truncate``).
        public var overCap: OverCap

        /// What a save over a record or byte cap does.
        public enum OverCap: Hashable, Sendable {
            /// The save fails with ``StoreError/limitExceeded(_:size:limit:)`` and writes nothing.
            case fail
            /// The largest part of the tree within both caps is saved, by the budget rule
            /// (Restack's rules article, "The budget"): the deepest records of truncating sequences go
            /// first, then the tops of other sequences, never a container's root before its
            /// children. One note stands where records went; a restore drops it `over-budget`.
            /// When nothing the rule may take makes the tree fit, the save fails as with ``fail``.
            case truncate
        }

        /// Creates limits.
        public init(maxPayloadBytes: Int = 256 * 1024, maxSnapshotBytes: Int = 1024 * 1024, maxRecordCount: Int = 1000,
                    maxContainerDepth: Int = 16, overCap: OverCap = .fail) {
            precondition((1...RestorationTree.maxContainerDepth).contains(maxContainerDepth),
                         "maxContainerDepth must be from 1 to \(RestorationTree.maxContainerDepth)")
            self.maxPayloadBytes = maxPayloadBytes
            self.maxSnapshotBytes = maxSnapshotBytes
            self.maxRecordCount = maxRecordCount
            self.maxContainerDepth = maxContainerDepth
            self.overCap = overCap
        }
    }

    /// Which snapshots each save prunes from its session, in the save's own transaction.
    ///
    /// Pruning never removes the snapshot just saved, and never removes a quarantined snapshot
    /// (those are kept for inspection until their quarantine is lifted or the session deleted).
    public struct Retention: Hashable, Sendable {
        /// How many of the newest snapshots a session keeps; at least 1. 10 by default.
        public var keepLast: Int
        /// When set, snapshots older than this many seconds are pruned too.
        public var maxAge: TimeInterval?

        /// Creates a retention policy.
        public init(keepLast: Int = 10, maxAge: TimeInterval? = nil) {
            precondition(keepLast >= 1, "keepLast must be at least 1")
            self.keepLast = keepLast
            self.maxAge = maxAge
        }
    }

    /// The cap a save went over, named in ``StoreError/limitExceeded(_:size:limit:)``.
    public enum Limit: Hashable, Sendable {
        /// ``Limits/maxPayloadBytes``, for the record at this path (`left[2]`, `primary[0]/tabs[1]`).
        case payloadBytes(RecordPath)
        /// ``Limits/maxSnapshotBytes``.
        case snapshotBytes
        /// ``Limits/maxRecordCount``.
        case recordCount
        /// ``Limits/maxContainerDepth``.
        case containerDepth
    }
}

extension SnapshotStore.Limit {
    /// The cap's name, as in the error message.
    var name: String {
        switch self {
        case .payloadBytes(let path): "payload bytes of the record at \(path)"
        case .snapshotBytes: "bytes per snapshot"
        case .recordCount: "records per snapshot"
        case .containerDepth: "containers nested in a snapshot"
        }
    }
}
