import Logging
import Restack

/// A snapshot loaded for a restore, with the crash-loop guard's bookkeeping done, and not yet
/// planned: planning is a pure, synchronous call that may run on the main actor with a resolver
/// that is not `Sendable` (a controller factory).
///
/// ```swift
/// // Off the main actor: loading, and the guard's count.
/// guard case .restore(let loaded) = try await store.beginRestore(session: sceneID) else {
///     return showInitialUI()                      // nothing saved yet, or expired
/// }
/// // On the main actor: planning with the factory.
/// let restoration = loaded.plan(layout: .compact) { record, _ in factory.canMake(record.className) }
/// rebuild(restoration.plan)
/// try await store.confirmRestore(restoration)     // records the outcome of this plan
/// ```
public struct LoadedRestoration: Hashable, Sendable {
    /// The snapshot the crash-loop guard chose.
    public var snapshot: StoredSnapshot
    /// Newer snapshots passed over because they are quarantined, newest first.
    public var skippedQuarantined: [Int64]
    /// Where planning reports the records it drops: the store's logger.
    var logger: Logger?
    /// When `beginRestore` began loading it (uptime nanoseconds), carried into the plan.
    var begunAt: UInt64?

    /// Creates a loaded restoration. Values normally come from a ``SnapshotStore``.
    public init(snapshot: StoredSnapshot, skippedQuarantined: [Int64] = []) {
        self.init(snapshot: snapshot, skippedQuarantined: skippedQuarantined, logger: nil)
    }

    init(snapshot: StoredSnapshot, skippedQuarantined: [Int64], logger: Logger?, begunAt: UInt64? = nil) {
        self.snapshot = snapshot
        self.skippedQuarantined = skippedQuarantined
        self.logger = logger
        self.begunAt = begunAt
    }

    /// Whether two loads hold the same snapshot and skipped the same ones.
    public static func == (lhs: LoadedRestoration, rhs: LoadedRestoration) -> Bool {
        lhs.snapshot == rhs.snapshot && lhs.skippedQuarantined == rhs.skippedQuarantined
    }

    /// Hashes the snapshot and the skipped ids.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(snapshot)
        hasher.combine(skippedQuarantined)
    }

    /// Whether the guard fell back to an older snapshot because newer ones are quarantined.
    public var fellBack: Bool {
        !skippedQuarantined.isEmpty
    }

    /// The restoration of this snapshot with a plan the app made another way (typed routes'
    /// `RouteCoding.restore`, a deep link merged into a plan), to confirm with
    /// `SnapshotStore.confirmRestore(_:)`: its outcome is what the store records.
    ///
    /// ```swift
    /// let restored = pathTypes.restore(loaded.snapshot.tree)
    /// // ... rebuild from restored.routes ...
    /// try await store.confirmRestore(loaded.restoration(with: restored.plan))
    /// ```
    public func restoration(with plan: RestorationPlan) -> StoreRestoration {
        var restoration = StoreRestoration(snapshot: snapshot, plan: plan, skippedQuarantined: skippedQuarantined)
        restoration.begunAt = begunAt
        return restoration
    }

    /// Plans the snapshot for `layout`, asking `resolver` what becomes of each restorable record
    /// (rebuilt, class gone, stale payload, renamed), once, with its identifier path. Planning
    /// is pure and synchronous: on the main actor, the resolver may use main-actor state.
    ///
    /// Confirm with the plan this returns (`confirmRestore(_:)`): its outcome is
    /// what the store records.
    public func plan(layout: Layout = .regular, resolver: RecordResolver = .acceptAll) -> StoreRestoration {
        var restoration = StoreRestoration(snapshot: snapshot, layout: layout, skippedQuarantined: skippedQuarantined, resolver: resolver)
        restoration.begunAt = begunAt
        if let logger {
            for dropped in restoration.plan.dropped {
                logger.notice("record not restored", metadata: [
                    "session": "\(snapshot.info.session)", "snapshot": "\(snapshot.info.id)", "path": "\(dropped.path)",
                    "reason": "\(dropped.reason)",
                ])
            }
        }
        return restoration
    }
}
