import Foundation
import Restack

/// The write-cost workloads of issue 30: an app that saves on every change, its state a tab bar
/// whose first tab holds a navigation stack of 6 to 9 screens with 256-byte payloads.
enum WriteWorkload: String, CaseIterable {
    /// Each save pushes or pops one screen: the stack's depth goes 6, 7, 8, 9, 8, 7, 6, ...; a
    /// screen keeps its identifier and payload while it is on the stack.
    case navigation
    /// Each save changes every record (every payload new), at a depth of 8.
    case rewrite

    /// What the bench prints for it.
    var title: String {
        switch self {
        case .navigation: "navigation change (push or pop of one screen)"
        case .rewrite: "full rewrite (every record changed)"
        }
    }

    /// The state of the `save`-th save of the sequence.
    func state(save: Int) -> RestorationTree {
        switch self {
        case .navigation:
            let depths = [6, 7, 8, 9, 8, 7]
            return Self.tabs(depth: depths[save % depths.count], version: 0)
        case .rewrite:
            return Self.tabs(depth: 8, version: save + 1)
        }
    }

    /// A tab bar of three tabs, the first selected: a navigation controller owning a stack of
    /// `depth` screens, then two plain screens. Every screen has a 256-byte payload, the same for
    /// the same screen and `version`.
    static func tabs(depth: Int, version: Int) -> RestorationTree {
        func screen(_ name: String, _ index: Int) -> RestorationRecord {
            let payload = Data((0..<256).map { UInt8(truncatingIfNeeded: $0 &+ index &* 31 &+ version &* 7) })
            return RestorationRecord(identifier: "\(name)-\(index)", className: "\(name)Controller", payload: payload)
        }
        let stack = RestorationRecord(identifier: "browse", className: "NavigationController",
                                      container: .stack(StackContainer(records: (0..<depth).map { screen("Screen", $0) })))
        return RestorationTree(root: .tabs(TabsContainer(tabs: [stack, screen("Search", 100), screen("Settings", 101)], selected: 0)))
    }
}
