/// Plans the restoration of a drill-down state: the maximal valid stack that the saved records
/// allow, and a reason for every record left out.
///
/// The restorer is a pure function of the state and the resolver: no I/O, no clock, no global
/// state. It applies the restoration rules, version 1:
///
/// 1. A record is restorable if and only if its identifier is non-nil and non-empty.
///    Whitespace-only identifiers are valid; identifiers are compared as exact strings.
/// 2. The resolver is asked about each restorable record; one it cannot rebuild is dropped
///    like one with an invalid identifier.
/// 3. Dropped records are removed wherever they sit; survivors keep their order and gaps close.
/// 4. If the right record is dropped, the left stays as it is: nothing is promoted into the
///    right slot.
/// 5. If the right record survives and no left record does, it becomes the sole left record and
///    the right slot is empty.
/// 6. A state whose format version is not supported restores nothing; every record is dropped
///    with ``DropReason/unsupportedFormat``.
/// 7. Duplicate identifiers are kept and reported as a warning.
/// 8. The plan is deterministic, and planning a plan's ``RestorationPlan/restoredState`` again
///    changes nothing.
///
/// ```swift
/// let plan = Restorer.plan(for: state) { record in
///     factory.canMake(record.className)
/// }
/// ```
public enum Restorer {
    /// The format versions this library restores.
    public static let supportedFormatVersions: ClosedRange<Int> = 1...DrillDownState.currentFormatVersion

    /// Plans the restoration of `state`, asking `canRebuild` about each restorable record.
    ///
    /// `canRebuild` is called at most once per record, in stack order, and never for a record
    /// that rule 1 or rule 6 already drops. An error it throws is rethrown, and no plan is made.
    ///
    /// - Parameters:
    ///   - state: The saved state.
    ///   - canRebuild: Returns `true` when the app can rebuild the record.
    /// - Returns: The plan.
    public static func plan(
        for state: DrillDownState,
        canRebuild: (RestorationRecord) throws -> Bool
    ) rethrows -> RestorationPlan {
        let records = state.slottedRecords
        guard supportedFormatVersions.contains(state.formatVersion) else {
            return unsupportedFormatPlan(records)
        }

        var left: [RestorationPlan.Entry] = []
        var right: RestorationPlan.Entry?
        var dropped: [RestorationPlan.Dropped] = []
        for (slot, record) in records {
            if let reason = try dropReason(for: record, canRebuild: canRebuild) {
                dropped.append(.init(record: record, from: slot, reason: reason))
            } else if slot == .right {
                right = .init(record: record, from: slot)
            } else {
                left.append(.init(record: record, from: slot))
            }
        }

        let promoted = promoteLoneRight(left: &left, right: &right)
        return RestorationPlan(
            left: left,
            right: right,
            dropped: dropped,
            rightPromotedToLeft: promoted,
            warnings: duplicateIdentifierWarnings(left + (right.map { [$0] } ?? []))
        )
    }

    /// Plans the restoration of `state` with a ready-made resolver.
    ///
    /// - Parameters:
    ///   - state: The saved state.
    ///   - resolver: Decides which restorable records the app can rebuild; by default all.
    /// - Returns: The plan.
    public static func plan(
        for state: DrillDownState,
        resolver: RecordResolver = .acceptAll
    ) -> RestorationPlan {
        plan(for: state, canRebuild: resolver.canRebuild)
    }

    // MARK: - The rules

    /// Rule 1: why the record's identifier makes it unrestorable, or `nil` when it is valid.
    ///
    /// ```swift
    /// Restorer.identifierProblem(of: RestorationRecord(identifier: ""))  // .emptyIdentifier
    /// Restorer.identifierProblem(of: RestorationRecord(identifier: " ")) // nil: valid
    /// ```
    public static func identifierProblem(of record: RestorationRecord) -> DropReason? {
        switch record.identifier {
        case nil: .missingIdentifier
        case ""?: .emptyIdentifier
        default: nil
        }
    }

    /// Rules 1 and 2: the reason to drop a record, or `nil` to keep it. The resolver is asked
    /// only about records with a valid identifier.
    static func dropReason(
        for record: RestorationRecord,
        canRebuild: (RestorationRecord) throws -> Bool
    ) rethrows -> DropReason? {
        if let problem = identifierProblem(of: record) {
            return problem
        }
        return try canRebuild(record) ? nil : .unresolvedClass
    }

    /// Rules 4 and 5: a lone surviving right record becomes the sole left record. A dropped
    /// right leaves the left as it is; nothing ever moves into the right slot.
    /// Returns whether the right record was moved.
    static func promoteLoneRight(
        left: inout [RestorationPlan.Entry],
        right: inout RestorationPlan.Entry?
    ) -> Bool {
        guard left.isEmpty, let lone = right else { return false }
        left = [lone]
        right = nil
        return true
    }

    /// Rule 6: a state in an unsupported format restores nothing.
    static func unsupportedFormatPlan(_ records: [(slot: Slot, record: RestorationRecord)]) -> RestorationPlan {
        RestorationPlan(
            left: [],
            right: nil,
            dropped: records.map { .init(record: $0.record, from: $0.slot, reason: .unsupportedFormat) },
            rightPromotedToLeft: false,
            warnings: []
        )
    }

    /// Rule 7: one warning per identifier shared by two or more restored records, in the order
    /// the identifiers first appear. Identifiers are compared byte for byte.
    ///
    /// Stacks are short, so identifiers are compared pairwise without allocating; only a stack
    /// of more than 32 restored records pays for hashing.
    static func duplicateIdentifierWarnings(_ restored: [RestorationPlan.Entry]) -> [RestorationWarning] {
        guard restored.count > 1 else { return [] }
        var firstOccurrence: [Int] = []   // index of the first record holding each duplicate
        var slots: [[Slot]] = []
        if restored.count <= 32 {
            for (index, entry) in restored.enumerated() {
                guard let identifier = entry.record.identifier else { continue }
                guard let earlier = restored[..<index].firstIndex(where: { $0.record.identifier.isExactlyEqual(to: identifier) }) else {
                    continue
                }
                if let group = firstOccurrence.firstIndex(of: earlier) {
                    slots[group].append(entry.from)
                } else {
                    firstOccurrence.append(earlier)
                    slots.append([restored[earlier].from, entry.from])
                }
            }
        } else {
            var groups: [ExactString: Int] = [:]
            var firstIndex: [ExactString: Int] = [:]
            for (index, entry) in restored.enumerated() {
                guard let identifier = entry.record.identifier else { continue }
                let key = ExactString(identifier)
                if let group = groups[key] {
                    slots[group].append(entry.from)
                } else if let earlier = firstIndex[key] {
                    groups[key] = slots.count
                    firstOccurrence.append(earlier)
                    slots.append([restored[earlier].from, entry.from])
                } else {
                    firstIndex[key] = index
                }
            }
        }
        return zip(firstOccurrence, slots)
            .sorted { $0.0 < $1.0 }
            .map { .duplicateIdentifier(restored[$0.0].record.identifier!, slots: $0.1) }
    }
}
