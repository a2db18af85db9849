/// The navigation state of a drill-down container: a left stack of records and an optional
/// right record, as SGBDrillDownController keeps them.
///
/// A state is what an app saves and what ``Restorer`` plans from. It is stored as given:
/// nothing here checks that the records are restorable.
///
/// ```swift
/// let state = DrillDownState(
///     left: [
///         RestorationRecord(identifier: "mailboxes", className: "MailboxesController"),
///         RestorationRecord(identifier: "inbox", className: "InboxController"),
///     ],
///     right: RestorationRecord(identifier: "message-42", className: "MessageController")
/// )
/// ```
public struct DrillDownState: Hashable, Sendable {
    /// The format version this library writes and restores.
    public static let currentFormatVersion = 1

    /// The format version the state was saved with. A state whose version this library does not
    /// support restores nothing (see ``Restorer``).
    public var formatVersion: Int

    /// The left stack, bottom (root) first.
    public var left: [RestorationRecord]

    /// The record in the right slot, if there is one.
    public var right: RestorationRecord?

    /// Creates a state.
    ///
    /// - Parameters:
    ///   - formatVersion: The format version; defaults to ``currentFormatVersion``.
    ///   - left: The left stack, bottom first.
    ///   - right: The right record, if any.
    public init(
        formatVersion: Int = DrillDownState.currentFormatVersion,
        left: [RestorationRecord],
        right: RestorationRecord? = nil
    ) {
        self.formatVersion = formatVersion
        self.left = left
        self.right = right
    }

    /// An empty state in the current format: no left stack, no right record.
    public static let empty = DrillDownState(left: [])

    /// Every record with its slot: the left stack bottom to top, then the right record.
    public var slottedRecords: [(slot: Slot, record: RestorationRecord)] {
        var result = left.enumerated().map { (slot: Slot.left(index: $0.offset), record: $0.element) }
        if let right {
            result.append((slot: .right, record: right))
        }
        return result
    }

    /// The number of records, the right one included.
    public var recordCount: Int {
        left.count + (right == nil ? 0 : 1)
    }
}
