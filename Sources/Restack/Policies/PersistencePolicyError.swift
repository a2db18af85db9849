import Foundation

/// Why a table of persistence policies (``PersistencePolicies``) was refused. Each case names
/// the class.
public enum PersistencePolicyError: Error, Hashable, Sendable {
    /// A policy given for the empty class name.
    case emptyName
    /// A policy given for a class name Restack reserves for its notes of records left out of a
    /// save: `restack.not-saved` and `restack.over-budget`.
    case reservedName(String)
    /// A class name given a policy twice (compared byte for byte, as every name in Restack).
    case duplicate(String)
    /// A ``PersistencePolicy/restoredWithin(_:)`` age that is not finite and above zero.
    case badAge(className: String, age: TimeInterval)
}

extension PersistencePolicyError: CustomStringConvertible {
    /// A sentence that says what is wrong and names the class.
    public var description: String {
        switch self {
        case .emptyName:
            "a persistence policy needs a non-empty class name"
        case .reservedName(let name):
            "class \"\(name)\" is reserved by Restack for its notes of records left out of a save"
        case .duplicate(let name):
            "class \"\(name)\" is given a persistence policy twice"
        case .badAge(let name, let age):
            "class \"\(name)\": a restore age must be finite and above zero, not \(age) seconds"
        }
    }
}
