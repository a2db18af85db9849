/// Something worth knowing about a plan that did not stop any record from being restored.
public enum RestorationWarning: Hashable, Sendable {
    /// Two or more restored records of one container share a restoration identifier (rule 9).
    /// They are all kept; their saved paths, in document order, tell them apart.
    case duplicateIdentifier(String, paths: [RecordPath])

    /// A stable name for the kind of warning, as used in JSON: `duplicate-identifier`.
    package var kind: String {
        switch self {
        case .duplicateIdentifier: "duplicate-identifier"
        }
    }
}

extension RestorationWarning: CustomStringConvertible {
    /// A sentence a person can read.
    public var description: String {
        switch self {
        case .duplicateIdentifier(let identifier, let paths):
            let places = paths.map(\.description).joined(separator: ", ")
            return "identifier \"\(identifier)\" is used by \(paths.count) restored records of one container (\(places)); all are kept"
        }
    }
}
