import ArgumentParser
import RestackTerminalText

/// `restore-inspect sessions --db PATH [--owner NAME] [--limit N] [--newest-first]`
struct Sessions: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the sessions of a store, with the extent of their history.",
        discussion: """
            Sessions are listed by name; --newest-first lists them by their newest snapshot, newest \
            first. --limit N prints the first N in that order; the table ends with the total count. \
            --json prints the same rows as an array. Every owner's sessions are listed, or with \
            --owner NAME only that owner's; an OWNER column names each session's owner when a \
            session of a named owner is listed ("(default)" for the default owner; "owner" in \
            JSON, null for the default owner).
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var listing: ListingOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let opened = try store.openForReading()
        var all = try store.owner == nil ? opened.sessionsOfEveryOwner() : opened.sessions()
        if listing.newestFirst {
            // Oldest first, so that the listing's reversal puts the newest first; ties by name.
            all = all.enumerated().sorted { a, b in
                let (x, y) = (a.element.latestSnapshotID ?? 0, b.element.latestSnapshotID ?? 0)
                return x != y ? x < y : a.offset > b.offset
            }.map(\.element)
        }
        let sessions = listing.apply(all)
        if output.json {
            return try printJSON(sessions.map(SessionJSON.init))
        }
        guard !sessions.isEmpty else {
            return try Stdout.line("no sessions in \(Text.oneLine(store.path))")
        }
        // A store without owners prints as it did before owners existed.
        let owners = sessions.contains { $0.owner != nil }
        var rows = [(owners ? ["OWNER"] : []) + ["SESSION", "SNAPSHOTS", "LATEST", "SAVED"]]
        rows += sessions.map { session in
            (owners ? [session.owner.map(Text.quoted) ?? "(default)"] : [])
                + [Text.quoted(session.name), "\(session.snapshotCount)",
                   session.latestSnapshotID.map(String.init) ?? "-", session.latestSavedAt.map(formatDate) ?? "-"]
        }
        try Stdout.line(Text.table(rows))
        try Stdout.line(listing.footer(shown: sessions.count, total: all.count, noun: "session"))
    }
}
