/// What a restore gives: the stack to rebuild, and every record left out with its reason.
///
/// A plan is the result of ``Restorer/plan(for:canRebuild:)``. It always satisfies the
/// drill-down invariant: a right record implies a non-empty left stack.
///
/// ```swift
/// let plan = Restorer.plan(for: state) { record in
///     registry.canMake(record.className)
/// }
/// for entry in plan.left { push(entry.record) }
/// if let right = plan.right { push(right.record) }
/// for dropped in plan.dropped { log("\(dropped.from): \(dropped.reason)") }
/// ```
public struct RestorationPlan: Hashable, Sendable {
    /// A record that will be restored, with the slot it was saved in.
    public struct Entry: Hashable, Sendable {
        /// The record as it restores: exactly as saved, except that a record the resolver
        /// renamed (``ResolverOutcome/renamed(to:)``) has its new class name.
        public var record: RestorationRecord
        /// The slot the record was saved in.
        public var from: Slot
        /// The saved class name of a record the resolver renamed, or `nil` when the record
        /// restores under its saved class name.
        public var renamedFrom: String?

        /// Creates an entry.
        public init(record: RestorationRecord, from: Slot, renamedFrom: String? = nil) {
            self.record = record
            self.from = from
            self.renamedFrom = renamedFrom
        }

        /// Whether two entries are equal, comparing `renamedFrom` byte for byte.
        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.record == rhs.record && lhs.from == rhs.from && lhs.renamedFrom.isExactlyEqual(to: rhs.renamedFrom)
        }

        /// Hashes the record, its slot and the exact bytes of `renamedFrom`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(record)
            hasher.combine(from)
            hasher.combine(renamedFrom.map(ExactString.init))
        }
    }

    /// A record the plan leaves out, with the slot it was saved in and why.
    public struct Dropped: Hashable, Sendable {
        /// The record, exactly as saved.
        public var record: RestorationRecord
        /// The slot the record was saved in.
        public var from: Slot
        /// Why the record is not restored.
        public var reason: DropReason

        /// Creates a dropped entry.
        public init(record: RestorationRecord, from: Slot, reason: DropReason) {
            self.record = record
            self.from = from
            self.reason = reason
        }
    }

    /// The restored left stack, bottom first.
    public var left: [Entry]
    /// The restored right record, or `nil` when the right slot stays empty.
    public var right: Entry?
    /// Every record left out, in stack order (left bottom to top, then right).
    public var dropped: [Dropped]
    /// Whether the saved right record became the sole left record because no left record
    /// survived (rule 5).
    public var rightPromotedToLeft: Bool
    /// Things worth knowing that did not drop any record.
    public var warnings: [RestorationWarning]

    /// Creates a plan. Plans normally come from ``Restorer``.
    public init(
        left: [Entry],
        right: Entry?,
        dropped: [Dropped],
        rightPromotedToLeft: Bool,
        warnings: [RestorationWarning]
    ) {
        self.left = left
        self.right = right
        self.dropped = dropped
        self.rightPromotedToLeft = rightPromotedToLeft
        self.warnings = warnings
    }

    /// The restored stack as a state in the current format, ready to save again.
    ///
    /// Planning this state again, with the same resolver, gives the same stack and drops
    /// nothing (rule 11). Renamed records are saved under their new class name.
    public var restoredState: DrillDownState {
        DrillDownState(left: left.map(\.record), right: right?.record)
    }

    /// The arrangement of the restored drill-down in a compact layout (rule 8 of v2): one stack,
    /// the left records then the right one, as saved paths; nothing hidden.
    public var compactArrangement: CompactArrangement {
        func planned(_ entry: Entry) -> PlannedRecord {
            PlannedRecord(record: entry.record, from: RecordPath(entry.from), container: nil)
        }
        let content = PlannedContainer.Content.drillDown(left: left.map(planned), right: right.map(planned))
        return Restorer.compactArrangement(of: content, layout: .compact) ?? CompactArrangement(stack: [], hidden: [])
    }

    /// Whether every saved record is restored in the slot it was saved in.
    public var isComplete: Bool {
        dropped.isEmpty && !rightPromotedToLeft
    }
}
