import Foundation
import Logging
import Restack

/// A snapshot loaded for a restore, with the crash-loop guard's bookkeeping done, and not yet
/// planned: planning is a pure, synchronous call that may run on the main actor with a resolver
/// that is not `Sendable` (a controller factory). The asynchronous launch, compiled and run, is
/// in <doc:LaunchSequence> ("From async code, UIKit scenes and SwiftUI").
public struct LoadedRestoration: Hashable, Sendable {
    /// The snapshot the crash-loop guard chose.
    public var snapshot: StoredSnapshot
    /// Newer snapshots passed over because they are quarantined, newest first.
    public var skippedQuarantined: [Int64]
    /// Where planning reports the records it drops: the store's logger. Not part of equality.
    @NotCompared var logger: Logger? = nil
    /// When `beginRestore` began loading it (uptime nanoseconds), carried into the plan. Not
    /// part of equality.
    @NotCompared var begunAt: UInt64? = nil
    /// The store's persistence policies, applied by ``plan(layout:resolver:)``. Not part of
    /// equality.
    @NotCompared var policies = PersistencePolicies()
    /// The snapshot's age when it was loaded, in seconds, for the policies. Not part of equality.
    @NotCompared var snapshotAge: TimeInterval? = nil
    /// Newer snapshots passed over because a newer app version saved them
    /// (``SnapshotStore/Options/restoresNewerAppVersions``), newest first; recorded in the outcome.
    var passedOverNewer: [Int64] = []

    init(snapshot: StoredSnapshot, skippedQuarantined: [Int64], logger: Logger?, begunAt: UInt64? = nil,
         policies: PersistencePolicies = PersistencePolicies(), snapshotAge: TimeInterval? = nil) {
        self.snapshot = snapshot
        self.skippedQuarantined = skippedQuarantined
        self.logger = logger
        self.begunAt = begunAt
        self.policies = policies
        self.snapshotAge = snapshotAge
    }

    /// The restoration of this snapshot with a plan the app made another way (typed routes'
    /// `RouteCoding.restore`, a deep link merged into a plan), to confirm with
    /// `SnapshotStore.confirmRestore(_:)`: its outcome is what the store records. A typed path
    /// restored this way, compiled and run: <doc:SavingANavigationPath>.
    public func restoration(with plan: RestorationPlan) -> StoreRestoration {
        var restoration = StoreRestoration(snapshot: snapshot, plan: plan, skippedQuarantined: skippedQuarantined)
        restoration.begunAt = begunAt
        restoration.passedOverNewer = passedOverNewer
        return restoration
    }

    /// Plans the snapshot for `layout`, asking `resolver` what becomes of each restorable record
    /// (rebuilt, class gone, stale payload, renamed), once, with its identifier path, after the
    /// store's persistence policies (``SnapshotStore/Options/policies``, with the snapshot's age
    /// when it was loaded). Planning is pure and synchronous: on the main actor, the resolver may
    /// use main-actor state.
    ///
    /// Confirm with the plan this returns (`confirmRestore(_:)`): its outcome is
    /// what the store records.
    public func plan(layout: Layout = .regular, resolver: RecordResolver = .acceptAll) -> StoreRestoration {
        StoreRestoration.planned(snapshot, skipped: skippedQuarantined, layout: layout, resolver: resolver.applying(policies, snapshotAge: snapshotAge),
                                 logger: logger, begunAt: begunAt, passedOverNewer: passedOverNewer)
    }
}
