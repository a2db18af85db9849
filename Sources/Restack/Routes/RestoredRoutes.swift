import Foundation

/// A plan, with the route values its restored records decoded to.
///
/// Made by ``RouteCoding/restore(_:layout:others:policies:snapshotAge:)``. The values are the ones the resolver decoded
/// while planning: nothing is decoded again.
public struct RestoredRoutes<Route> {
    /// The plan: what is restored, and why each dropped record is not.
    public let plan: RestorationPlan
    private let values: [RouteKey: Route]

    init(plan: RestorationPlan, values: [RouteKey: Route]) {
        self.plan = plan
        self.values = values
    }

    /// The route a restored record decoded to, or `nil` for a record of no route type.
    public func route(for record: PlannedRecord) -> Route? {
        let restored = record.restoredRecord
        guard let name = restored.className, let payload = restored.payload else { return nil }
        return values[RouteKey(name: ExactString(name), payload: payload)]
    }

    /// The routes of the root's restored stack, bottom first: what a `NavigationStack(path:)`
    /// shows again. Empty when the root is not a stack or nothing of it is restored.
    public var routes: [Route] {
        guard let root = plan.root, case .stack(let stack) = root.content else { return [] }
        let records = stack.records
        return records.compactMap(route(for:))
    }

    /// The routes of the restored stack held by the record at `identifierPath` (identifiers from
    /// the root down: `["mail"]` for a tab, `["nav", "mail"]` deeper), bottom first: a tab's or a
    /// column's route array, as ``RouteCoding/record(identifier:className:holding:afterDrop:)``
    /// saved it. Empty when that record was not restored or holds no stack.
    public func routes(under identifierPath: [String]) -> [Route] {
        var container = plan.root
        var holder: PlannedRecord?
        for identifier in identifierPath {
            guard let next = container?.children.first(where: { $0.restoredRecord.identifier.map { $0.hasSameBytes(as: identifier) } == true }) else {
                return []
            }
            holder = next
            container = next.container
        }
        guard holder != nil, case .stack(let stack)? = container?.content else { return [] }
        let records = stack.records
        return records.compactMap(route(for:))
    }
}

extension RestoredRoutes: Sendable where Route: Sendable {}

/// A decoded payload's key: its route type's current name and its bytes.
struct RouteKey: Hashable, Sendable {
    var name: ExactString
    var payload: Data
}

/// The payloads decoded while a plan is made, so that each is decoded once: the resolver of one
/// synchronous `Restorer.plan` call fills it, and the result reads it.
private final class DecodedPayloads<Route> {
    var results: [RouteKey: PayloadReading<Route>] = [:]
}

extension RouteCoding {
    /// Plans a tree, deciding each record of a route type by decoding its payload, once.
    ///
    /// A record whose class (after the aliases) is a route type is rebuilt (or renamed) when its
    /// payload decodes, rebuilt with its payload upgraded when it decodes as an older shape of a
    /// type given ``PayloadShapes``, and dropped with `stale-payload` when it does not or has none. Every other
    /// record is judged by `others`: by default, a record of no route type is
    /// `unresolved-class` (a route type removed from the app).
    ///
    /// - Parameters:
    ///   - tree: The saved tree (from the store, or ``tree(for:afterDrop:)``).
    ///   - layout: The layout the app is in now.
    ///   - others: The resolver for records of no route type.
    ///   - policies: The app's persistence policies, by route type name (and by class for the
    ///     other records), applied as ``RecordResolver/applying(_:snapshotAge:)`` does: a route
    ///     type not restored, or not from a state this old, is dropped without being decoded.
    ///   - snapshotAge: How long ago, in seconds, the tree was saved; `nil` when not known.
    /// - Returns: The plan and the decoded routes.
    public func restore(_ tree: RestorationTree, layout: Layout = .regular, others: RecordResolver = RecordResolver { (_: RestorationRecord) in ResolverOutcome.classGone },
                        policies: PersistencePolicies = PersistencePolicies(), snapshotAge: TimeInterval? = nil) -> RestoredRoutes<Route> {
        planned(others: others, policies: policies, snapshotAge: snapshotAge) { resolver in Restorer.plan(tree, layout: layout, resolver: resolver) }
    }

    /// Plans a tree as ``restore(_:layout:others:policies:snapshotAge:)`` does, then merges a deep link into the plan
    /// by the deep-link rules (`RestorationPlan.merging(_:resolver:)`), its pushed records decided
    /// by the same resolver: each payload decoded once, the link's included.
    package func restore(_ tree: RestorationTree, merging link: DeepLink, layout: Layout = .regular, others: RecordResolver,
                         policies: PersistencePolicies = PersistencePolicies(), snapshotAge: TimeInterval? = nil) -> RestoredRoutes<Route> {
        planned(others: others, policies: policies, snapshotAge: snapshotAge) { resolver in Restorer.plan(tree, layout: layout, resolver: resolver).merging(link, resolver: resolver) }
    }

    /// The plan `plan` makes with the resolver that decides each record of a route type by
    /// decoding its payload, once, and `others` every other record; and the routes it decoded.
    private func planned(others: RecordResolver, policies: PersistencePolicies, snapshotAge: TimeInterval?,
                         _ plan: (RecordResolver) -> RestorationPlan) -> RestoredRoutes<Route> {
        let byName = Dictionary(types.map { (ExactString($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        let decoded = DecodedPayloads<Route>()
        let aliases = self.aliases
        let resolver = RecordResolver { (record: RestorationRecord, identifierPath: [String]) -> ResolverOutcome in
            guard let saved = record.className else {
                return others.outcome(for: record, identifierPath: identifierPath)
            }
            let current = aliases.currentName(for: saved) ?? saved
            guard let type = byName[ExactString(current)] else {
                return others.outcome(for: record, identifierPath: identifierPath)
            }
            guard let payload = record.payload else { return .stalePayload }
            let key = RouteKey(name: ExactString(current), payload: payload)
            let result = decoded.results[key] ?? type.read(payload)
            decoded.results[key] = result
            let renamed = current.hasSameBytes(as: saved) ? nil : current
            switch result.outcome {
            case .rebuild: return renamed.map { .renamed(to: $0) } ?? .rebuild
            case .upgraded(let payload, let shape, _): return .upgraded(payload: payload, readAs: shape, renamedTo: renamed)
            case let other: return other
            }
        }
        let planned = plan(resolver.applying(policies, snapshotAge: snapshotAge))
        // A route read as an older shape restores with its upgraded payload: found by that one.
        var values: [RouteKey: Route] = [:]
        for (key, result) in decoded.results {
            switch result {
            case .current(let route): values[key] = route
            case .upgraded(let route, let payload, _): values[RouteKey(name: key.name, payload: payload)] = route
            case .failed, .stale: continue
            }
        }
        return RestoredRoutes(plan: planned, values: values)
    }
}
