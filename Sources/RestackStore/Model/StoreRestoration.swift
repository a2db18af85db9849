import Dispatch
import Logging
import Restack

/// The result of restoring a session from a store: the snapshot that was used, its plan for the
/// layout asked, and the newer snapshots the crash-loop guard passed over.
public struct StoreRestoration: Hashable, Sendable {
    /// The snapshot the plan was made from.
    public var snapshot: StoredSnapshot
    /// The plan for the layout asked: the tree to rebuild, what was dropped and why, notes. A
    /// drill-down's is read slot by slot from its root, as every plan is.
    public var plan: RestorationPlan
    /// The ids of newer snapshots of the session that were passed over because they are
    /// quarantined (or, with ``SnapshotStore/beginRestore(session:layout:resolver:)``, were
    /// quarantined just now), newest first. Empty when the newest snapshot was used.
    public var skippedQuarantined: [Int64]
    /// When `beginRestore` began loading this restoration (the system's uptime in nanoseconds),
    /// for the duration `confirmRestore(_:)` records; `nil` for a restoration
    /// from a peek or made by hand. Not part of equality.
    @NotCompared var begunAt: UInt64? = nil
    /// Newer snapshots passed over because a newer app version saved them
    /// (``SnapshotStore/Options/restoresNewerAppVersions``), newest first; recorded in the outcome.
    var passedOverNewer: [Int64] = []

    /// Whether the restore fell back to an older snapshot because newer ones are quarantined.
    public var fellBack: Bool {
        !skippedQuarantined.isEmpty
    }

    /// Creates a restoration from a plan. Values normally come from a ``SnapshotStore``.
    package init(snapshot: StoredSnapshot, plan: RestorationPlan, skippedQuarantined: [Int64] = []) {
        self.snapshot = snapshot
        self.plan = plan
        self.skippedQuarantined = skippedQuarantined
    }

    /// Plans `snapshot` for `layout`, asking `resolver` what becomes of each restorable record
    /// (rebuilt, class gone, stale payload, renamed), once.
    package init(snapshot: StoredSnapshot, layout: Layout = .regular, skippedQuarantined: [Int64] = [], resolver: RecordResolver = .acceptAll) {
        self.init(snapshot: snapshot, plan: Restorer.plan(snapshot.tree, layout: layout, resolver: resolver), skippedQuarantined: skippedQuarantined)
    }

    /// The one planning step of every restore entry, synchronous or asynchronous: `snapshot`
    /// planned for `layout`, and the plan's log records (the fell-back warning, each dropped
    /// record with its identifier) sent to `logger`.
    static func planned(_ snapshot: StoredSnapshot, skipped: [Int64], layout: Layout, resolver: RecordResolver,
                        logger: Logger?, begunAt: UInt64?, passedOverNewer: [Int64] = []) -> StoreRestoration {
        var restoration = StoreRestoration(snapshot: snapshot, layout: layout, skippedQuarantined: skipped, resolver: resolver)
        restoration.begunAt = begunAt
        restoration.passedOverNewer = passedOverNewer
        restoration.log(to: logger)
        return restoration
    }

    /// What the restoration passed over and dropped, whichever form planned it
    /// (``LoadedRestoration/plan(layout:resolver:)``).
    func log(to logger: Logger?) {
        guard let logger else { return }
        let session = snapshot.info.session
        let id = "\(snapshot.info.id)"
        if fellBack {
            logger.warning("restored an older snapshot: newer ones are quarantined by the crash-loop guard",
                           metadata: ["session": "\(session)", "snapshot": .string(id),
                                      "skipped": .array(skippedQuarantined.map { .string("\($0)") })])
        }
        for dropped in plan.dropped {
            logger.notice("record not restored", metadata: [
                "session": "\(session)", "snapshot": .string(id), "path": "\(dropped.path)",
                "identifier": "\(dropped.record.identifier.map { String(reflecting: $0) } ?? "nil")", "reason": "\(dropped.reason)",
            ])
        }
    }

    /// The system's uptime now, in nanoseconds: the clock restore durations are measured by
    /// (monotonic, unlike the store's ``SnapshotStore/TimeSource``).
    static func uptime() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
