import ArgumentParser

/// `--limit N --newest-first`: how much of a listing to print, in which order.
struct ListingOptions: ParsableArguments {
    // Numeric options parse their value unconditionally: `--limit -1` reaches validate() and
    // gets the message `0` gets, instead of being taken for a short option ("Missing value").
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Print at most this many rows: the first ones in the listing's order.", valueName: "n"))
    var limit: Int?

    @Flag(help: "List the newest first.")
    var newestFirst = false

    func validate() throws {
        if let limit, limit < 1 {
            throw ValidationError("--limit must be 1 or more, not \(limit).")
        }
    }

    /// The rows to print: `items` (oldest first) in the chosen order, cut to the limit.
    func apply<Item>(_ items: [Item]) -> [Item] {
        let ordered = newestFirst ? Array(items.reversed()) : items
        return limit.map { Array(ordered.prefix($0)) } ?? ordered
    }

    /// `3 snapshots`, or `showing 2 of 3 snapshots` when the limit cut the listing.
    func footer(shown: Int, total: Int, noun: String) -> String {
        let plural = total == 1 ? noun : noun + "s"
        return shown == total ? "\(total) \(plural)" : "showing \(shown) of \(total) \(plural)"
    }
}
