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
    ///
    /// One walk builds the places records may be taken from, ranked once (a place's rank never
    /// changes: its container's depth, whether it truncates, and where the walk met it); each
    /// take then re-checks only its own place and its container's holder, so a state far over
    /// its caps is fitted in O(n log n), not one walk of the tree per record taken.
    package func fit(_ tree: RestorationTree) -> RestorationTree? {
        var fitting = Fitting(root: tree.root, size: size)
        while fitting.records > maxRecords || fitting.bytes > maxBytes {
            guard fitting.takeOne() else { return nil }
        }
        var result = tree
        result.root = fitting.rebuilt()
        return result
    }
}

/// A tree being fitted: its containers as boxes that takes change in place.
private struct Fitting {
    /// One record of a slot: the record without its container, and its container's box.
    struct Element {
        var record: RestorationRecord
        var box: Box?
        /// A note of a cut (never one that holds a container).
        var note: DropReason?
    }

    /// A container: its parts, the elements that are not notes, and where it is held.
    final class Box {
        let kind: any ContainerKind.Type
        let settings: [ContainerSetting?]
        var slots: [[Element]]
        /// Elements of the slots that are not notes: none means the container holds only notes.
        var live = 0
        let depth: Int
        let truncating: Bool
        /// The holder's container and slot, `nil` for the root.
        let holder: (box: Box, slot: Int)?
        /// Where the rule's walk meets it: later is taken first among equals.
        var rank = 0

        init(_ container: RestorationContainer, depth: Int, holder: (box: Box, slot: Int)?) {
            let parts = container.parts
            kind = parts.kind
            settings = parts.settings
            slots = []
            self.depth = depth
            self.holder = holder
            truncating = if case .here(truncating: true) = container.definition.pushTarget { true } else { false }
        }
    }

    /// A place records are taken from: a slot of a box, ranked as the rule ranks it.
    struct Place: Comparable {
        var box: Box
        var slot: Int
        var key: (truncating: Int, depth: Int, rank: Int, slot: Int)

        static func < (a: Place, b: Place) -> Bool { a.key < b.key }
        static func == (a: Place, b: Place) -> Bool { a.key == b.key }
    }

    let size: (RestorationRecord) -> Int
    let root: Box
    var records = 0
    var bytes = 0
    var heap = PlaceHeap()

    init(root container: RestorationContainer, size: @escaping (RestorationRecord) -> Int) {
        self.size = size
        root = Box(container, depth: 0, holder: nil)
        // The walk of the rule's first version: a stack of containers, each one's slots in order,
        // its nested containers pushed in order (so met last first).
        var pending: [(Box, RestorationContainer)] = [(root, container)]
        var rank = 0
        var boxes: [Box] = []
        while let (box, container) = pending.popLast() {
            box.rank = rank
            rank += 1
            boxes.append(box)
            for (slot, elements) in container.parts.slots.enumerated() {
                var filled: [Element] = []
                for record in elements {
                    records += 1
                    bytes += size(record)
                    let note = record.cutNote
                    var element = Element(record: record, box: nil, note: note)
                    if let nested = record.container {
                        element.record.container = nil
                        let child = Box(nested, depth: box.depth + 1, holder: (box, slot))
                        element.box = child
                        pending.append((child, nested))
                    }
                    if note == nil { box.live += 1 }
                    filled.append(element)
                }
                box.slots.append(filled)
            }
        }
        for box in boxes {
            for slot in box.slots.indices { offer(box, slot) }
        }
    }

    /// Puts the place on the heap when its top record that is not a note may be taken now.
    mutating func offer(_ box: Box, _ slot: Int) {
        guard let top = Self.top(of: box.slots[slot]), box.slots[slot][top].box.map({ $0.live == 0 }) ?? true else { return }
        let truncating = box.truncating && box.kind.slots[slot].isSequence
        heap.insert(Place(box: box, slot: slot, key: (truncating ? 1 : 0, box.depth, box.rank, slot)))
    }

    /// The index of the top element of `elements` that is not a note.
    static func top(of elements: [Element]) -> Int? {
        elements.lastIndex { $0.note == nil }
    }

    /// Takes one record by the rule; `false` when none may be taken.
    mutating func takeOne() -> Bool {
        while let place = heap.popMax() {
            let box = place.box
            guard let index = Self.top(of: box.slots[place.slot]) else { continue }
            let element = box.slots[place.slot][index]
            if let nested = element.box, nested.live > 0 { continue }
            take(index, of: place.slot, in: box)
            return true
        }
        return false
    }

    private mutating func take(_ index: Int, of slot: Int, in box: Box) {
        let taken = box.slots[slot][index]
        // Its container holds only notes, which go with it.
        for note in (taken.box?.slots ?? []).joined() {
            records -= 1
            bytes -= size(note.record)
        }
        records -= 1
        bytes -= size(taken.record)
        var merged = false
        if index + 1 < box.slots[slot].count, box.slots[slot][index + 1].note == .overBudget {
            // A note already stands above it: it goes, and the note stands for it too, unless a
            // setting (a tab bar's selection) would then name no element.
            var counts = box.slots.map(\.count)
            counts[slot] -= 1
            merged = box.kind.validSettings(slotCounts: counts).contains(box.settings)
        }
        // In place: the slot's array is changed where it is, not copied per record taken.
        if merged {
            box.slots[slot].remove(at: index)
        } else {
            let note = Element(record: RestorationRecord.cutNote(.overBudget), box: nil, note: .overBudget)
            box.slots[slot][index] = note
            records += 1
            bytes += size(note.record)
        }
        box.live -= 1
        offer(box, slot)
        if box.live == 0, let holder = box.holder {
            offer(holder.box, holder.slot)
        }
    }

    /// The fitted root container.
    func rebuilt() -> RestorationContainer {
        Self.container(of: root)
    }

    private static func container(of box: Box) -> RestorationContainer {
        let slots = box.slots.map { elements in
            elements.map { element -> RestorationRecord in
                var record = element.record
                record.container = element.box.map(container(of:))
                return record
            }
        }
        return RestorationContainer(kind: box.kind.kind, slots: slots, settings: box.settings)
    }
}

/// The places by rank, the highest on top: a binary heap of its own, because Restack depends on
/// nothing but Foundation (an app's model library, and the fuzz build compiles its sources alone).
private struct PlaceHeap {
    private var places: [Fitting.Place] = []

    mutating func insert(_ place: Fitting.Place) {
        places.append(place)
        var child = places.count - 1
        while child > 0, places[(child - 1) / 2] < places[child] {
            places.swapAt(child, (child - 1) / 2)
            child = (child - 1) / 2
        }
    }

    mutating func popMax() -> Fitting.Place? {
        guard !places.isEmpty else { return nil }
        places.swapAt(0, places.count - 1)
        let top = places.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var largest = parent
            if left < places.count, places[largest] < places[left] { largest = left }
            if right < places.count, places[largest] < places[right] { largest = right }
            if largest == parent { return top }
            places.swapAt(parent, largest)
            parent = largest
        }
    }
}
