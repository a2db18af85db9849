import Foundation
import Restack

/// The bench's states: a stack of `records` records with `payloadBytes`-byte payloads, as an
/// app with a deep drill-down saves them.
enum BenchStates {
    static func state(records: Int = 10, payloadBytes: Int = 256, variant: Int = 0) -> DrillDownState {
        let payload = Data((0..<payloadBytes).map { UInt8(truncatingIfNeeded: $0 &+ variant) })
        let left = (0..<(records - 1)).map { index in
            RestorationRecord(identifier: "screen-\(index)-\(variant % 97)", className: "Screen\(index)Controller", payload: payload)
        }
        return DrillDownState(left: left, right: RestorationRecord(identifier: "detail-\(variant)", className: "DetailController", payload: payload))
    }

    /// The bytes a state holds: payloads, identifiers and class names.
    static func rawBytes(_ state: DrillDownState) -> Int {
        state.slottedRecords.reduce(0) { total, entry in
            total + (entry.record.payload?.count ?? 0) + (entry.record.identifier?.utf8.count ?? 0) + (entry.record.className?.utf8.count ?? 0)
        }
    }
}

/// One way of saving and restoring states: Restack, or a baseline.
protocol BenchSubject {
    var name: String { get }
    func save(_ state: DrillDownState, session: String) throws
    /// Loads the latest state of the session and plans it; returns the records restored.
    func restore(session: String) throws -> Int
}
