/// Something worth knowing about a plan that did not stop any record from being restored.
public enum RestorationWarning: Hashable, Sendable {
    /// Two or more restored records share a restoration identifier (rule 7). They are all kept;
    /// their slots, listed in stack order, tell them apart.
    case duplicateIdentifier(String, slots: [Slot])

    /// Two or more restored records of one container share a restoration identifier (v2 rule 9).
    /// They are all kept; their saved paths, in document order, tell them apart.
    case duplicateIdentifierInContainer(String, paths: [RecordPath])

    /// A stable name for the kind of warning, as used in JSON: `duplicate-identifier`.
    public var kind: String {
        switch self {
        case .duplicateIdentifier, .duplicateIdentifierInContainer: "duplicate-identifier"
        }
    }
}

extension RestorationWarning: CustomStringConvertible {
    /// A sentence a person can read.
    public var description: String {
        switch self {
        case .duplicateIdentifier(let identifier, let slots):
            let places = slots.map(\.description).joined(separator: ", ")
            return "identifier \"\(identifier)\" is used by \(slots.count) restored records (\(places)); all are kept"
        case .duplicateIdentifierInContainer(let identifier, let paths):
            let places = paths.map(\.description).joined(separator: ", ")
            return "identifier \"\(identifier)\" is used by \(paths.count) restored records of one container (\(places)); all are kept"
        }
    }
}
