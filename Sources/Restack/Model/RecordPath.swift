/// Where a record sits in a tree: the steps from the root container down to it, with indices as
/// saved.
///
/// A step is `left[i]`, `right`, `records[i]`, `primary[i]`, `detail[i]` or `tabs[i]`; steps are
/// joined by `/`: `primary[0]/tabs[1]/records[2]`. A container's path is the path of the record
/// that owns it; the root container's path is empty (``root``).
public struct RecordPath: Hashable, Sendable {
    /// One step: a slot of a container and, for sequences, the index in it as saved.
    public enum Step: Hashable, Sendable {
        /// A position in a drill-down's left stack.
        case left(Int)
        /// A drill-down's right slot.
        case right
        /// A position in a stack.
        case records(Int)
        /// A position in a split's primary stack.
        case primary(Int)
        /// A position in a split's detail stack.
        case detail(Int)
        /// A tab.
        case tabs(Int)
    }

    /// The steps, root first.
    public var steps: [Step]

    /// Creates a path from its steps.
    public init(_ steps: [Step]) {
        self.steps = steps
    }

    /// The root container's path: no steps.
    public static let root = RecordPath([])

    /// This path with one more step.
    public func appending(_ step: Step) -> RecordPath {
        RecordPath(steps + [step])
    }
}

extension RecordPath.Step {
    /// The slot's name, as paths and stored rows spell it: `left`, `right`, `records`,
    /// `primary`, `detail` or `tabs`.
    public var slotName: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .records: "records"
        case .primary: "primary"
        case .detail: "detail"
        case .tabs: "tabs"
        }
    }

    /// The index in the slot, as saved; 0 for the right slot.
    public var index: Int {
        switch self {
        case .left(let index), .records(let index), .primary(let index), .detail(let index), .tabs(let index): index
        case .right: 0
        }
    }
}

extension RecordPath.Step: CustomStringConvertible {
    /// `left[2]`, `right`, `tabs[0]`...
    public var description: String {
        switch self {
        case .left(let index): "left[\(index)]"
        case .right: "right"
        case .records(let index): "records[\(index)]"
        case .primary(let index): "primary[\(index)]"
        case .detail(let index): "detail[\(index)]"
        case .tabs(let index): "tabs[\(index)]"
        }
    }
}

extension RecordPath: CustomStringConvertible {
    /// The steps joined by `/`; the empty string for the root.
    public var description: String {
        steps.map(\.description).joined(separator: "/")
    }
}
