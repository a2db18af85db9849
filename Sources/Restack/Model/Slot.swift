/// Where a record sits in a drill-down state: a position in the left stack, or the right slot.
///
/// Left indices count from the bottom of the stack (`0` is the root).
public enum Slot: Hashable, Sendable {
    /// A position in the left stack, `0` being the bottom.
    case left(index: Int)
    /// The right slot, beside the top of the left stack.
    case right
}

extension Slot: CustomStringConvertible {
    /// `left[2]` or `right`.
    public var description: String {
        switch self {
        case .left(let index): "left[\(index)]"
        case .right: "right"
        }
    }
}

extension Slot: Comparable {
    /// Left slots come first, bottom to top, then the right slot.
    public static func < (lhs: Slot, rhs: Slot) -> Bool {
        switch (lhs, rhs) {
        case (.left(let a), .left(let b)): a < b
        case (.left, .right): true
        case (.right, _): false
        }
    }
}
