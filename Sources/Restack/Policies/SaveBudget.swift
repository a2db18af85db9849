/// The budget rule: the largest part of a tree within a record count and a byte count, for a
/// store whose caps are set to keep what fits rather than fail (issue 41 item 2).
///
/// Records go one at a time, each time the first of:
/// 1. the top record of a truncating sequence (a truncating stack, a presentation chain's
///    presented records), the most deeply nested first: rule 12 would truncate above it anyway,
///    so the records below it restore exactly as if the user had gone back;
/// 2. then the top record of any other sequence or a single slot (a stack that closes gaps, a
///    tab bar's last tab, a split's side, a drill-down's right), the most deeply nested first.
///
/// A record that holds a container goes only once that container holds nothing but notes: never
/// a container's root before its children. Where records go, one note of the reserved class
/// `restack.over-budget` stands (at the top of the sequence), which restores as a record dropped
/// ``DropReason/overBudget``. A pure function of the tree, the caps and the size of a record.
package struct SaveBudget {
    /// The most records the result may hold, notes counted.
    package var maxRecords: Int
    /// The most bytes the result may hold, by `size`.
    package var maxBytes: Int
    /// The bytes a record counts for (its own, not its container's).
    package var size: (RestorationRecord) -> Int

    package init(maxRecords: Int, maxBytes: Int, size: @escaping (RestorationRecord) -> Int) {
        self.maxRecords = maxRecords
        self.maxBytes = maxBytes
        self.size = size
    }

    /// Whether `tree` is within the budget.
    package func fits(_ tree: RestorationTree) -> Bool {
        let records = tree.allRecords
        return records.count <= maxRecords && records.reduce(0) { $0 + size($1.record) } <= maxBytes
    }

    /// The largest part of `tree` the rule keeps within the budget: `tree` itself when it fits,
    /// `nil` when nothing the rule may take makes it fit.
    package func fit(_ tree: RestorationTree) -> RestorationTree? {
        var result = tree
        while !fits(result) {
            guard let next = takeOne(result.root) else { return nil }
            result.root = next
        }
        return result
    }

    /// A place a record may be taken from: the container's address (slot and index of each
    /// holder from the root), the slot, the record's index, and its rank.
    private struct Candidate {
        var address: [(slot: Int, index: Int)]
        var slot: Int
        var index: Int
        var truncating: Bool
        var order: Int
    }

    /// The root with one more record taken by the rule, or `nil` when none may be.
    private func takeOne(_ root: RestorationContainer) -> RestorationContainer? {
        var candidates: [Candidate] = []
        var pending: [(container: RestorationContainer, address: [(slot: Int, index: Int)])] = [(root, [])]
        var order = 0
        while let (container, address) = pending.popLast() {
            let parts = container.parts
            let truncating: Bool = if case .here(truncating: true) = container.definition.pushTarget { true } else { false }
            for (slot, elements) in parts.slots.enumerated() {
                if let top = elements.lastIndex(where: { $0.cutNote == nil }), Self.holdsOnlyNotes(elements[top]) {
                    candidates.append(Candidate(address: address, slot: slot, index: top,
                                                truncating: truncating && parts.kind.slots[slot].isSequence, order: order))
                    order += 1
                }
                for (index, element) in elements.enumerated() {
                    if let nested = element.container { pending.append((nested, address + [(slot, index)])) }
                }
            }
        }
        guard let chosen = candidates.max(by: { a, b in
            (a.truncating ? 1 : 0, a.address.count, a.order) < (b.truncating ? 1 : 0, b.address.count, b.order)
        }) else { return nil }
        return taking(chosen, from: root, level: 0)
    }

    /// `container` with the chosen record taken, found by its address from `level`.
    private func taking(_ chosen: Candidate, from container: RestorationContainer, level: Int) -> RestorationContainer {
        var parts = container.parts
        if level < chosen.address.count {
            let (slot, index) = chosen.address[level]
            var holder = parts.slots[slot][index]
            holder.container = holder.container.map { taking(chosen, from: $0, level: level + 1) }
            parts.slots[slot][index] = holder
            return RestorationContainer(kind: container.kind, slots: parts.slots, settings: parts.settings)
        }
        var slot = parts.slots[chosen.slot]
        let note = RestorationRecord.cutNote(.overBudget)
        if chosen.index + 1 < slot.count, slot[chosen.index + 1].cutNote == .overBudget {
            // A note already stands above it: it goes, and the note stands for it too, unless a
            // setting (a tab bar's selection) would then name no element.
            var shorter = slot
            shorter.remove(at: chosen.index)
            var counts = parts.slots.map(\.count)
            counts[chosen.slot] = shorter.count
            if parts.kind.validSettings(slotCounts: counts).contains(parts.settings) {
                slot = shorter
            } else {
                slot[chosen.index] = note
            }
        } else {
            slot[chosen.index] = note
        }
        parts.slots[chosen.slot] = slot
        return RestorationContainer(kind: container.kind, slots: parts.slots, settings: parts.settings)
    }

    /// Whether `record` holds no container, or one whose records are all notes (recursively).
    private static func holdsOnlyNotes(_ record: RestorationRecord) -> Bool {
        guard let container = record.container else { return true }
        return RestorationTree(root: container).allRecords.allSatisfy { $0.record.cutNote != nil }
    }
}
