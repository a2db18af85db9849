import Foundation
import Restack

/// The bench's states: a stack of `records` records with `payloadBytes`-byte payloads, as an
/// app with a deep drill-down saves them.
enum BenchStates {
    static func state(records: Int = 10, payloadBytes: Int = 256, variant: Int = 0) -> RestorationTree {
        let payload = Data((0..<payloadBytes).map { UInt8(truncatingIfNeeded: $0 &+ variant) })
        let left = (0..<(records - 1)).map { index in
            RestorationRecord(identifier: "screen-\(index)-\(variant % 97)", className: "Screen\(index)Controller", payload: payload)
        }
        return .drillDown(left: left, right: RestorationRecord(identifier: "detail-\(variant)", className: "DetailController", payload: payload))
    }

    /// The bytes a state holds: payloads, identifiers and class names.
    static func rawBytes(_ state: RestorationTree) -> Int {
        state.allRecords.reduce(0) { total, entry in
            total + (entry.record.payload?.count ?? 0) + (entry.record.identifier?.utf8.count ?? 0) + (entry.record.className?.utf8.count ?? 0)
        }
    }
}

/// One way of saving and restoring states: Restack, or a baseline.
protocol BenchSubject {
    var name: String { get }
    func save(_ state: RestorationTree, session: String) throws
    /// Loads the latest state of the session and plans it; returns the records restored.
    func restore(session: String) throws -> Int
}

extension BenchStates {
    /// The nested state: a split whose primary is a navigation stack holding a tab bar and
    /// screens, and whose detail is a second navigation stack: 20 records, the same payloads.
    static func tree(payloadBytes: Int = 256, variant: Int = 0) -> RestorationTree {
        let payload = Data((0..<payloadBytes).map { UInt8(truncatingIfNeeded: $0 &+ variant) })
        func screen(_ name: String) -> RestorationRecord {
            RestorationRecord(identifier: "\(name)-\(variant % 97)", className: "\(name)Controller", payload: payload)
        }
        let tabs = RestorationRecord(identifier: "tabs", className: "TabBarController", container: .tabs(TabsContainer(
            tabs: (0..<4).map { screen("Tab\($0)") }, selected: variant % 4)))
        let primary = RestorationRecord(identifier: "primary-nav", className: "NavController", container: .stack(StackContainer(
            records: [tabs] + (0..<5).map { screen("Primary\($0)") })))
        let detail = RestorationRecord(identifier: "detail-nav", className: "NavController", container: .stack(StackContainer(
            records: (0..<8).map { screen("Detail\($0)") })))
        return RestorationTree(root: .split(SplitContainer(primary: [primary], detail: [detail], focus: .detail, compact: .merge)))
    }
}
