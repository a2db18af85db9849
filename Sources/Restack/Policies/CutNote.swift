extension DropReason {
    /// The reasons a save leaves records out with a note in their place: a never-saved class
    /// (``notSaved``) and a budget (``overBudget``).
    package static let cutNotes: [DropReason] = [.notSaved, .overBudget]
}

extension RestorationRecord {
    /// The reserved class name of a note of records a save left out for `reason`:
    /// `restack.not-saved`, `restack.over-budget`.
    package static func cutNoteClassName(for reason: DropReason) -> String {
        "restack." + reason.rawValue
    }

    /// A note of records a save left out for `reason` (one of ``DropReason/cutNotes``): no
    /// identifier, no payload, no container, a reserved class name. A state can already hold it,
    /// so no format changes; the restorer drops it for `reason`.
    package static func cutNote(_ reason: DropReason) -> RestorationRecord {
        RestorationRecord(identifier: nil, className: cutNoteClassName(for: reason))
    }

    /// Why a save left records out where this record is, when it is a note of a cut (a record
    /// with no identifier, payload or container, of a reserved class); `nil` for any other
    /// record.
    package var cutNote: DropReason? {
        guard identifier == nil, payload == nil, container == nil, let className, className.hasPrefix("restack.") else { return nil }
        return DropReason.cutNotes.first { Self.cutNoteClassName(for: $0).hasSameBytes(as: className) }
    }
}
