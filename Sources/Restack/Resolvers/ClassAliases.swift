/// A table of class renames: each old class name with the name the class has now.
///
/// Build it from `"OldName" -> "NewName"` pairs. Chains are resolved (`A -> B` and `B -> C` give
/// `A -> C` and `B -> C`); a cycle, a name given two different new names, or an empty name is a
/// ``ClassAliasError`` that names them. Names are compared as exact strings, byte for byte, with
/// no Unicode normalisation, like every name in Restack.
///
/// ```swift
/// let aliases = try ClassAliases([
///     "InboxViewController": "MailboxController",
///     "MailboxController": "InboxController",
/// ])
/// let resolver = RecordResolver.knownClasses(["InboxController"], aliases: aliases)
/// ```
///
/// A ready-made resolver given aliases rebuilds a record whose class is an old name under the
/// new name (``ResolverOutcome/renamed(to:)``); see ``RecordResolver/renaming(_:)``.
public struct ClassAliases: Hashable, Sendable {
    /// Each old name with the end of its chain.
    private let current: [ExactString: String]
    /// The pairs as given, without repeats. Two tables are equal when they hold the same pairs,
    /// in any order (the synthesized `==` and `hash(into:)`: `current` follows from the pairs).
    package let pairs: Set<Pair>

    /// One rename: an old class name and the name it was given.
    public struct Pair: Hashable, Sendable {
        /// The class name the state may have been saved with.
        public var old: String
        /// The class name it was renamed to.
        public var new: String

        /// Creates a pair.
        public init(old: String, new: String) {
            self.old = old
            self.new = new
        }

        /// Whether two pairs hold the same exact names.
        public static func == (lhs: Pair, rhs: Pair) -> Bool {
            lhs.old.hasSameBytes(as: rhs.old) && lhs.new.hasSameBytes(as: rhs.new)
        }

        /// Hashes the exact bytes of both names.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(ExactString(old))
            hasher.combine(ExactString(new))
        }
    }

    /// An empty table: no class was renamed.
    public init() {
        current = [:]
        pairs = []
    }

    /// Creates a table from pairs written as a dictionary literal (which keeps repeated keys, so
    /// that a conflict is reported, not silently resolved).
    ///
    /// - Throws: ``ClassAliasError`` for an empty name, an old name given two new names, or a cycle.
    public init(_ renames: KeyValuePairs<String, String>) throws(ClassAliasError) {
        try self.init(renames.map { Pair(old: $0.key, new: $0.value) })
    }

    /// Creates a table from pairs.
    ///
    /// The same pair given twice is one pair.
    ///
    /// - Throws: ``ClassAliasError`` for an empty name, an old name given two new names, or a cycle.
    public init(_ renames: some Sequence<Pair>) throws(ClassAliasError) {
        var direct: [ExactString: String] = [:]
        var unique: [Pair] = []
        for pair in renames {
            if pair.old.isEmpty || pair.new.isEmpty {
                throw .emptyName(pair)
            }
            if let earlier = direct[ExactString(pair.old)] {
                guard earlier.hasSameBytes(as: pair.new) else {
                    throw .conflict(old: pair.old, new: [earlier, pair.new])
                }
                continue
            }
            direct[ExactString(pair.old)] = pair.new
            unique.append(pair)
        }
        var resolved: [ExactString: String] = [:]
        for pair in unique {
            // Follow the chain; a name seen twice on it is a cycle.
            var chain = [pair.old]
            var seen: Set<ExactString> = [ExactString(pair.old)]
            var name = pair.new
            while let next = resolved[ExactString(name)] ?? direct[ExactString(name)] {
                if resolved[ExactString(name)] != nil {
                    name = next
                    break
                }
                if !seen.insert(ExactString(name)).inserted {
                    let start = chain.firstIndex { $0.hasSameBytes(as: name) } ?? 0
                    throw .cycle(Array(chain[start...]) + [name])
                }
                chain.append(name)
                name = next
            }
            if seen.contains(ExactString(name)) {
                let start = chain.firstIndex { $0.hasSameBytes(as: name) } ?? 0
                throw .cycle(Array(chain[start...]) + [name])
            }
            for old in chain {
                resolved[ExactString(old)] = name
            }
        }
        current = resolved
        pairs = Set(unique)
    }

    /// The name a class has now: the end of the chain that starts at `name`, or `nil` when
    /// `name` is not an old name in this table.
    package func currentName(for name: String) -> String? {
        current[ExactString(name)]
    }

    /// Whether the table renames nothing.
    package var isEmpty: Bool { pairs.isEmpty }
}
