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
    plan.dropped.map { "\($0.path):\($0.reason)" }
}

/// Format-1 tests read a drill-down plan slot by slot: its root drill-down, and rule 5's note.
extension RestorationPlan {
    var rootDrillDown: DrillDownContainer<PlannedRecord>? {
        if case .drillDown(let root)? = root?.content { root } else { nil }
    }
    var left: [PlannedRecord] { rootDrillDown?.left ?? [] }
    var right: PlannedRecord? { rootDrillDown?.right }
    var rightPromotedToLeft: Bool { notes.contains { $0.kind == .rightPromoted && $0.path.steps.isEmpty } }
}

/// The path of a top-level drill-down slot, as format-1 tests name it.
extension RecordPath {
    static func left(index: Int) -> RecordPath { RecordPath([.left(index)]) }
    static let right = RecordPath([.right])
}

/// Format-1 tests read a drill-down tree slot by slot.
extension RestorationTree {
    var left: [RestorationRecord] { drillDown?.left ?? [] }
    var right: RestorationRecord? { drillDown?.right }
}
