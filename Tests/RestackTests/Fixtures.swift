import Foundation
import Restack

/// A record with identifier `id` and class `<id>Controller` (nil id gives class "Anonymous").
func rec(_ id: String?, payload: String? = nil) -> RestorationRecord {
    RestorationRecord(identifier: id, className: "\(id ?? "Anonymous")Controller", payload: payload.map { Data($0.utf8) })
}

/// The identifiers of the restored left stack.
func leftIDs(_ plan: RestorationPlan) -> [String?] {
    plan.left.map(\.record.identifier)
}

/// Which records were dropped, by slot and reason.
func drops(_ plan: RestorationPlan) -> [String] {
    plan.dropped.map { "\($0.from):\($0.reason)" }
}
