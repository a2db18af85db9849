/// Why a table of class renames (``ClassAliases``) was refused. Each case names the classes.
public enum ClassAliasError: Error, Hashable, Sendable {
    /// A pair whose old or new name is empty.
    case emptyName(ClassAliases.Pair)
    /// An old name given two different new names; `new` holds both, the earlier first.
    case conflict(old: String, new: [String])
    /// Renames that lead back to where they started: the names in order, the first repeated
    /// at the end (`["A", "B", "A"]` for `A -> B` and `B -> A`; `["A", "A"]` for `A -> A`).
    case cycle([String])
}

extension ClassAliasError: CustomStringConvertible {
    /// A sentence that says what is wrong and names the classes.
    public var description: String {
        switch self {
        case .emptyName(let pair):
            return "a class alias needs two non-empty names: \"\(pair.old)\" -> \"\(pair.new)\""
        case .conflict(let old, let new):
            let names = new.map { "\"\($0)\"" }.joined(separator: " and ")
            return "class \"\(old)\" is given two new names: \(names)"
        case .cycle(let names):
            let chain = names.map { "\"\($0)\"" }.joined(separator: " -> ")
            return "class aliases form a cycle: \(chain)"
        }
    }
}
