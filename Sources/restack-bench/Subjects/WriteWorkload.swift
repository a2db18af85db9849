import Foundation
import Restack

/// The write-cost workloads: an app that saves on every change, its state a tab bar of three
/// tabs whose first holds a navigation stack of 6 to 9 screens, every screen with a 256-byte
/// payload.
enum WriteWorkload: String, CaseIterable {
    /// Each save pushes or pops one screen: the stack's depth goes 6, 7, 8, 9, 8, 7, 6, ...; a
    /// screen pushed again is the same screen (its identifier and payload) as before.
    case navigation
    /// Each save pushes or pops one screen, the depth as in ``navigation``, and every push is a
    /// new screen (a message, an item, a search result): an identifier and a payload never
    /// saved before.
    case newScreens = "new-screens"
    /// Each save selects another tab (the first, second, third, first, ...), the stack of 8
    /// screens unchanged.
    case tabSwitch = "tab-switch"
    /// Each save changes every record (every payload new), at a depth of 8.
    case rewrite

    /// What the bench prints for it.
    var title: String {
        switch self {
        case .navigation: "navigation change (push or pop of one screen)"
        case .newScreens: "navigation change, every push a new screen"
        case .tabSwitch: "tab switch"
        case .rewrite: "full rewrite (every record changed)"
        }
    }

    /// Whether it is a navigation change (the target is the JSON file's bytes), not a rewrite.
    var isNavigation: Bool {
        self != .rewrite
    }

    /// The state of the `save`-th save of the sequence.
    func state(save: Int) -> RestorationTree {
        let depths = [6, 7, 8, 9, 8, 7]
        switch self {
        case .navigation:
            return Self.tabs(depth: depths[save % depths.count], version: 0)
        case .newScreens:
            // The screens above the sixth were pushed in this cycle of six saves: each push of
            // each cycle is a screen of its own.
            let cycle = save / depths.count
            return Self.tabs(depth: depths[save % depths.count], version: 0) { level in
                level < 6 ? level : 1_000 + cycle * 3 + (level - 6)
            }
        case .tabSwitch:
            return Self.tabs(depth: 8, version: 0, selected: save % 3)
        case .rewrite:
            return Self.tabs(depth: 8, version: save + 1)
        }
    }

    /// A tab bar of three tabs, `selected` selected: a navigation controller owning a stack of
    /// `depth` screens (the screen at each level numbered by `screen`), then two plain screens.
    /// Every screen has a 256-byte payload, the same for the same screen and `version`.
    static func tabs(depth: Int, version: Int, selected: Int = 0, screen number: (Int) -> Int = { $0 }) -> RestorationTree {
        func screen(_ name: String, _ index: Int) -> RestorationRecord {
            let payload = Data((0..<256).map { UInt8(truncatingIfNeeded: $0 &+ index &* 31 &+ version &* 7) })
            return RestorationRecord(identifier: "\(name)-\(index)", className: "\(name)Controller", payload: payload)
        }
        let stack = RestorationRecord(identifier: "browse", className: "NavigationController",
                                      container: .stack(StackContainer(records: (0..<depth).map { screen("Screen", number($0)) })))
        return RestorationTree(root: .tabs(TabsContainer(tabs: [stack, screen("Search", 100), screen("Settings", 101)], selected: selected)))
    }
}
