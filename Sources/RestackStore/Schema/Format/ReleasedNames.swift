/// The names a snapshot's tree blob (``TreeBlob``) writes as a number instead of their bytes:
/// slot names, kind names, setting names and the text values of settings, as the kinds of the
/// day they were released spelled them.
///
/// The list only numbers strings: the kinds stay the source of every name (their own files), and
/// a name that is not in the list (a new kind's, a new setting's) is written inline, so a new kind
/// needs no change here. The list is closed: a stored tree names an entry by its index, and a
/// version that meets an index it does not know reports the tree as damaged, so an entry is never
/// added, removed, reordered or changed (`ReleasedNamesTests` pins it). Numbering another name
/// would be a new tree format (``TreeBlob/format``), which older versions refuse to read.
enum ReleasedNames {
    /// The names, by index. Closed: never edited.
    static let all: [String] = [
        // Slots (migration 9).
        "left", "right", "records", "primary", "detail", "tabs", "base", "presented", "sidebar", "content",
        // Kinds.
        "drillDown", "stack", "split", "presentation", "columns",
        // Settings.
        "focus", "compact", "selected", "afterDrop",
        // Settings' text values not listed above.
        "merge", "omitDetail", "closeGap", "truncate",
    ]

    /// Each name's index in ``all``.
    static let indexes: [String: Int] = Dictionary(all.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })

    /// The name at `index`, or `nil` for an index the list does not have.
    static func name(_ index: UInt64) -> String? {
        index < UInt64(all.count) ? all[Int(index)] : nil
    }
}
