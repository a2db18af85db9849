import ArgumentParser

/// Options whose value is a number: `--snapshot N`, `--from N`, `--to N`, `--limit N`.
///
/// Each is declared with `parsing: .unconditional`, so that a negative value (`--limit -1`)
/// reaches its check and gets the range message that `0` gets, instead of being taken for a
/// short option and reported as a missing value.
enum NumberOption {
    /// A snapshot id: 1 or more (ids start at 1), or a usage error that says so.
    static func snapshotID(_ argument: String) throws -> Int64 {
        guard let id = Int64(argument) else {
            throw ValidationError("\(Text.quoted(argument)) is not a snapshot id; give a whole number from `history`")
        }
        guard id >= 1 else {
            throw ValidationError("a snapshot id is 1 or more, not \(id)")
        }
        return id
    }
}
