import Foundation
import Restack
import Testing

/// Class aliases: chains resolved, cycles, conflicts and empty names refused with a typed error
/// naming them, exact names, and the ready-made resolvers rebuilding old names as renamed.
@Suite("Class aliases")
struct ClassAliasesTests {
    @Test func chainsAreResolvedToTheirEnd() throws {
        let aliases = try ClassAliases(["A": "B", "B": "C", "X": "Y"])
        #expect(aliases.currentName(for: "A") == "C")
        #expect(aliases.currentName(for: "B") == "C")
        #expect(aliases.currentName(for: "X") == "Y")
        #expect(aliases.currentName(for: "C") == nil)
        #expect(aliases.currentName(for: "Y") == nil)
        // Order does not matter.
        let reversed = try ClassAliases(["B": "C", "X": "Y", "A": "B"])
        #expect(reversed.currentName(for: "A") == "C")
        #expect(reversed == aliases)
    }

    @Test func aLongChainInAnyOrderEndsAtTheLastName() throws {
        let names = (0...2000).map { "C\($0)" }
        var pairs = zip(names, names.dropFirst()).map { ClassAliases.Pair(old: $0, new: $1) }
        var rng = SystemRandomNumberGenerator()
        pairs.shuffle(using: &rng)
        let aliases = try ClassAliases(pairs)
        for name in names.dropLast() {
            #expect(aliases.currentName(for: name) == "C2000")
        }
    }

    @Test func cyclesAreRefusedNamingTheClasses() {
        #expect(throws: ClassAliasError.cycle(["A", "A"])) { try ClassAliases(["A": "A"]) }
        #expect(throws: ClassAliasError.cycle(["A", "B", "A"])) { try ClassAliases(["A": "B", "B": "A"]) }
        #expect(throws: ClassAliasError.cycle(["B", "C", "D", "B"])) { try ClassAliases(["A": "B", "B": "C", "C": "D", "D": "B"]) }
        do {
            _ = try ClassAliases(["Inbox": "Mailbox", "Mailbox": "Inbox"])
            Issue.record("a cycle was accepted")
        } catch {
            #expect(error.description == #"class aliases form a cycle: "Inbox" -> "Mailbox" -> "Inbox""#)
        }
    }

    @Test func conflictingEntriesAreRefusedAndRepeatsAreOne() throws {
        #expect(throws: ClassAliasError.conflict(old: "A", new: ["B", "C"])) { try ClassAliases(["A": "B", "A": "C"]) }
        let repeated = try ClassAliases(["A": "B", "A": "B"])
        #expect(repeated.pairs == [ClassAliases.Pair(old: "A", new: "B")])
        #expect(throws: ClassAliasError.emptyName(.init(old: "", new: "B"))) { try ClassAliases(["": "B"]) }
        #expect(throws: ClassAliasError.emptyName(.init(old: "A", new: ""))) { try ClassAliases(["A": ""]) }
    }

    @Test func namesAreExactBytes() throws {
        // Precomposed and decomposed "é" are two names: no conflict, no chain between them.
        let aliases = try ClassAliases(["Caf\u{E9}": "One", "Cafe\u{301}": "Two", "A\u{0}B": "Nul", "\u{202E}RTL": "\u{200D}"])
        #expect(aliases.currentName(for: "Caf\u{E9}") == "One")
        #expect(aliases.currentName(for: "Cafe\u{301}") == "Two")
        #expect(aliases.currentName(for: "A\u{0}B") == "Nul")
        #expect(aliases.currentName(for: "A") == nil)
        #expect(aliases.currentName(for: "\u{202E}RTL") == "\u{200D}")
        // A cycle through decomposed names is still found.
        #expect(throws: ClassAliasError.cycle(["e\u{301}", "x", "e\u{301}"])) { try ClassAliases(["e\u{301}": "x", "x": "e\u{301}"]) }
        #expect(throws: Never.self) { try ClassAliases(["\u{E9}": "x", "x": "e\u{301}"]) }
    }

    @Test func knownClassesRebuildsAnOldNameAsRenamedWhenTheNewNameIsKnown() throws {
        let aliases = try ClassAliases(["InboxViewController": "MailboxController", "MailboxController": "InboxController"])
        let resolver = RecordResolver.knownClasses(["InboxController"], aliases: aliases)
        let old = RestorationRecord(identifier: "inbox", className: "InboxViewController")
        #expect(resolver.outcome(for: old) == .renamed(to: "InboxController"))
        #expect(resolver.outcome(for: RestorationRecord(identifier: "i", className: "InboxController")) == .rebuild)
        #expect(resolver.outcome(for: RestorationRecord(identifier: "g", className: "GoneController")) == .classGone)
        #expect(resolver.outcome(for: RestorationRecord(identifier: "n", className: nil)) == .classGone)
        // An alias to a name the app does not know is still gone.
        let unknownTarget = RecordResolver.knownClasses(["Other"], aliases: aliases)
        #expect(unknownTarget.outcome(for: old) == .classGone)

        let plan = Restorer.plan(RestorationTree.drillDown(left: [old]), resolver: resolver)
        #expect(plan.left.first?.record.className == "InboxController")
        #expect(plan.left.first?.renamedFrom == "InboxViewController")
    }

    @Test func acceptAllAndAnyResolverTakeAliases() throws {
        let aliases = try ClassAliases(["Old": "New"])
        #expect(RecordResolver.acceptAll.renaming(aliases).outcome(for: RestorationRecord(identifier: "a", className: "Old")) == .renamed(to: "New"))
        #expect(RecordResolver.acceptAll.renaming(aliases).outcome(for: RestorationRecord(identifier: "a", className: "Other")) == .rebuild)
        // The inner resolver is asked about the record under its new name, and may refuse it.
        let inner = RecordResolver { (record: RestorationRecord) -> ResolverOutcome in
            record.className == "New" ? .stalePayload : .rebuild
        }
        #expect(inner.renaming(aliases).outcome(for: RestorationRecord(identifier: "a", className: "Old")) == .stalePayload)
        // An empty table changes nothing.
        #expect(RecordResolver.knownClasses(["Old"], aliases: ClassAliases()).outcome(for: RestorationRecord(identifier: "a", className: "Old")) == .rebuild)
    }
}
