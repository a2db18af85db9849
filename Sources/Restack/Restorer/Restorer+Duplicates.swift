extension Restorer {
    /// Rule 9: one warning per identifier shared by two or more restored records of one
    /// container (all its slots count as siblings), with their saved paths, in the order the
    /// identifiers first appear. Records of different containers are never duplicates.
    static func duplicateIdentifierWarnings(_ restored: [PlannedRecord]) -> [RestorationWarning] {
        duplicateGroups(restored.map(\.record.identifier)).map { group in
            .duplicateIdentifier(restored[group[0]].record.identifier!, paths: group.map { restored[$0].from })
        }
    }

    /// The indices of the identifiers that occur more than once, one group per identifier, each
    /// in order, groups in the order of their first index. Identifiers are compared byte for byte;
    /// `nil`s are ignored.
    ///
    /// Containers are small, so identifiers are compared pairwise without allocating; only more
    /// than 32 records pay for hashing.
    static func duplicateGroups(_ identifiers: [String?]) -> [[Int]] {
        guard identifiers.count > 1 else { return [] }
        var groups: [[Int]] = []   // each starts with the index of its first occurrence
        if identifiers.count <= 32 {
            for (index, identifier) in identifiers.enumerated() {
                guard let identifier else { continue }
                guard let earlier = identifiers[..<index].firstIndex(where: { $0.isExactlyEqual(to: identifier) }) else {
                    continue
                }
                if let group = groups.firstIndex(where: { $0[0] == earlier }) {
                    groups[group].append(index)
                } else {
                    groups.append([earlier, index])
                }
            }
        } else {
            var groupOf: [ExactString: Int] = [:]
            var firstIndex: [ExactString: Int] = [:]
            for (index, identifier) in identifiers.enumerated() {
                guard let identifier else { continue }
                let key = ExactString(identifier)
                if let group = groupOf[key] {
                    groups[group].append(index)
                } else if let earlier = firstIndex[key] {
                    groupOf[key] = groups.count
                    groups.append([earlier, index])
                } else {
                    firstIndex[key] = index
                }
            }
        }
        return groups.sorted { $0[0] < $1[0] }
    }
}
