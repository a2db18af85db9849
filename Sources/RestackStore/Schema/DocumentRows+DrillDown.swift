import Foundation
import Restack

/// The format-1 form's reading: a drill-down, the root of every format-1 snapshot, built from its
/// record rows.
extension DocumentRows {
    /// The codes of the drill-down's two slots, for the format-1 form's reading.
    static let leftCode = slots.firstIndex { $0.name == "left" }!
    static let rightCode = slots.firstIndex { $0.name == "right" }!

    /// A drill-down from its records: left positions 0, 1, ... and at most one right at 0.
    /// Every restore of a format-1 snapshot comes here (the format-1 form's root is a drill-down
    /// with no container row): records are placed by position in one pass, without grouping or
    /// sorting.
    static func drillDown(_ children: [Placed], snapshotID: Int64, owner: String) throws -> DrillDownContainer<RestorationRecord> {
        if let inOrder = drillDownInOrder(children) {
            return inOrder
        }
        var left = [RestorationRecord?](repeating: nil, count: children.count)
        var leftCount = 0
        var right: RestorationRecord?
        for child in children {
            switch child.slot {
            case leftCode where (0..<children.count).contains(child.position) && left[child.position] == nil:
                left[child.position] = child.record
                leftCount += 1
            case leftCode:
                throw gap(snapshotID, owner, "left position \(child.position)")
            case rightCode where child.position == 0 && right == nil:
                right = child.record
            case rightCode:
                throw damaged(snapshotID, "the container at \"\(owner)\" has more than one right record, or one not at position 0")
            default:
                throw damaged(snapshotID, "a record in a slot its container at \"\(owner)\" does not have (\(slots[child.slot].name))")
            }
        }
        let stack = left.prefix(leftCount).compactMap { $0 }
        guard stack.count == leftCount else {
            throw gap(snapshotID, owner, "left positions beyond \(stack.count)")
        }
        return DrillDownContainer(left: stack, right: right)
    }

    /// A drill-down from records that come in stack order (left 0, 1, 2, ... and at most one
    /// right at 0, anywhere among them), built by appending; `nil` for any other order, which
    /// ``drillDown(_:snapshotID:owner:)`` places (or reports) by position.
    ///
    /// A tree holds its records in document order (`left[0]`, `left[1]`, ..., `right`), so
    /// every drill-down saved since migration 9 takes this way. It accepts exactly the records the placing accepts in that order,
    /// and gives the same container, without the array of optional places and its `compactMap`.
    private static func drillDownInOrder(_ children: [Placed]) -> DrillDownContainer<RestorationRecord>? {
        var left: [RestorationRecord] = []
        left.reserveCapacity(children.count)
        var right: RestorationRecord?
        for child in children {
            if child.slot == leftCode, child.position == left.count {
                left.append(child.record)
            } else if child.slot == rightCode, child.position == 0, right == nil {
                right = child.record
            } else {
                return nil
            }
        }
        return DrillDownContainer(left: left, right: right)
    }
}
