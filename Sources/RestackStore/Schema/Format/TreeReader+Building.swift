import Foundation
import Restack

extension TreeReader {
    /// Builds a tree's containers from its entries, by index: each record's children (in
    /// document order, from the tree's owners), its slot code, its value. Nothing is copied per
    /// record but the record itself, into its slot; a path (from `blob`) is made only for a
    /// message (<doc:Performance>).
    struct TreeBuilder {
        let snapshotID: Int64
        let blob: TreeBlob
        let codes: [Int]
        /// The records' values, in the tree's order (record i + 1 at i).
        var records: [RestorationRecord]
        var containers: [ContainerEntry?]
        /// The children of record `owner` (0: the root's) are `children[start[owner] ..< start[owner + 1]]`.
        let start: [Int]
        let children: [Int]
        /// The owners whose container was built.
        var built: [Bool]

        init(snapshotID: Int64, blob: TreeBlob, codes: [Int], records: [RestorationRecord], containers: [ContainerEntry?]) {
            self.snapshotID = snapshotID
            self.blob = blob
            self.codes = codes
            self.records = records
            self.containers = containers
            let count = blob.records.count
            var start = [Int](repeating: 0, count: count + 2)
            for record in blob.records {
                start[record.owner + 1] += 1
            }
            for owner in 0..<(count + 1) {
                start[owner + 1] += start[owner]
            }
            var next = start
            var children = [Int](repeating: 0, count: count)
            for (index, record) in blob.records.enumerated() {
                children[next[record.owner]] = index + 1
                next[record.owner] += 1
            }
            self.start = start
            self.children = children
            built = [Bool](repeating: false, count: count + 1)
        }

        func path(_ index: Int) -> String {
            TreeReader.path(index, in: blob)
        }

        /// The container of record `owner` (0: the root's), with its records and theirs.
        mutating func container(owner: Int, depth: Int) throws(DamagedValue) -> RestorationContainer {
            guard depth <= RestorationTree.maxContainerDepth else {
                throw damaged(snapshotID, "containers nested deeper than \(RestorationTree.maxContainerDepth)")
            }
            guard let entry = containers[owner], !built[owner] else {
                throw damaged(snapshotID, "records under \"\(path(owner))\", which holds no container")
            }
            built[owner] = true
            let mine = children[start[owner]..<start[owner + 1]]
            // Each child that owns a container gets it first.
            for child in mine {
                if containers[child] != nil {
                    let nested = try container(owner: child, depth: depth + 1)
                    records[child - 1].container = nested
                } else if start[child] != start[child + 1] {
                    throw damaged(snapshotID, "records under \"\(path(child))\", which holds no container")
                }
            }
            let reading = entry.reading
            let contents = try slotContents(mine, of: reading, owner: path(owner))
            do {
                return try reading.definition.stored(contents, settings: entry.settings)
            } catch {
                let owner = path(owner)
                throw SettingEntries.damaged(snapshotID, owner: owner, setting: error.setting, "the \(reading.definition.noun) at \"\(owner)\" \(error.phrase)")
            }
        }

        /// The records of each slot of the kind, in its slot order, checked: only its slots,
        /// positions 0 to n - 1 in a sequence, at most one record at 0 in a single slot. A tree
        /// holds a container's records in slot order and in position order (as Restack writes
        /// them): they are then only checked; in any other order they are sorted first.
        func slotContents(_ mine: ArraySlice<Int>, of reading: KindReading, owner: @autoclosure () -> String) throws(DamagedValue) -> [[RestorationRecord]] {
            // Each child as (its slot among the kind's, its position, its index).
            var placed: [(slot: Int, position: Int, index: Int)] = []
            placed.reserveCapacity(mine.count)
            var inOrder = true
            for child in mine {
                guard let slot = reading.slotIndex[codes[child - 1]] else {
                    throw damaged(snapshotID, "a record in a slot its container at \"\(owner())\" does not have (\(slots[codes[child - 1]].name))")
                }
                let position = blob.records[child - 1].position
                if let last = placed.last, (last.slot, last.position) > (slot, position) {
                    inOrder = false
                }
                placed.append((slot, position, child))
            }
            if !inOrder {
                placed.sort { ($0.slot, $0.position) < ($1.slot, $1.position) }
            }
            var contents: [[RestorationRecord]] = []
            contents.reserveCapacity(reading.slots.count)
            var next = 0
            for (index, slot) in reading.slots.enumerated() {
                var end = next
                while end < placed.count, placed[end].slot == index {
                    end += 1
                }
                let run = placed[next..<end]
                next = end
                if slot.isSequence {
                    for (expected, child) in run.enumerated() where child.position != expected {
                        throw gap(snapshotID, owner(), "\(slot.name) position \(child.position) where \(expected) was expected")
                    }
                } else {
                    guard run.count <= 1, run.allSatisfy({ $0.position == 0 }) else {
                        throw damaged(snapshotID, "the container at \"\(owner())\" has more than one \(slot.name) record, or one not at position 0")
                    }
                }
                contents.append(run.map { records[$0.index - 1] })
            }
            return contents
        }

        /// Throws when entries were left over: records or containers under paths that hold no
        /// container of the tree (a record's owner not built).
        func checkNothingLeft() throws(DamagedValue) {
            let strayOwners = built.indices.filter { !built[$0] && (containers[$0] != nil || start[$0] != start[$0 + 1]) }
            guard !strayOwners.isEmpty else { return }
            let paths = paths(blob)
            let strays = Set(strayOwners.map { paths[$0] }).sorted().prefix(3)
            throw damaged(snapshotID, "entries under paths that hold no container: \(strays.joined(separator: ", "))")
        }
    }
}
