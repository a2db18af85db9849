import Foundation
import GRDB
import PropertyBased
import RestackPropertyTesting
import RestackTestSupport
import Testing

/// restore-inspect on stores whose rows hold values of the wrong type: every command gives its
/// output or one line and exit 68 naming the table and column, never a crash; `check` exits 68.
@Suite("restore-inspect on damaged rows")
struct DamagedRowCommandTests {
    /// Every command that reads a store, with its arguments.
    static func commands(_ path: String) -> [[String]] {
        [
            ["sessions", "--db", path],
            ["history", "--db", path, "--session", "s"],
            ["show", "--db", path, "--session", "s"],
            ["export", "--db", path, "--session", "s"],
            ["plan", "--db", path, "--session", "s"],
            ["plan", "--db", path, "--session", "s", "--json"],
            ["show", "--db", path, "--session", "u"],
            ["plan", "--db", path, "--session", "u", "--json"],
            ["check", "--db", path],
            ["report", "--db", path],
            ["report", "--db", path, "--session", "s", "--json"],
        ]
    }

    /// Runs every command: each exits 0, 67 (the damage unlinked the session or snapshot) or
    /// 68 with one line, never by a signal. Returns the commands that exited 68, with stderr.
    static func runEverything(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [(command: String, stderr: String)] {
        var unreadable: [(String, String)] = []
        for command in commands(path) {
            let result = try CLI.run(command)
            let name = command.filter { !$0.hasPrefix("/") }.joined(separator: " ")
            #expect([0, 67, 68].contains(result.status), "\(name) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
            if result.status != 0 {
                #expect(result.stderr.hasPrefix("restore-inspect: error: "), "\(name): \(result.stderr)", sourceLocation: sourceLocation)
                #expect(result.stderr.split(separator: "\n").count == 1, "\(name): one line: \(result.stderr)", sourceLocation: sourceLocation)
            }
            if result.status == 68 {
                unreadable.append((name, result.stderr))
            }
        }
        return unreadable
    }

    @Test(arguments: DamagedStores.all)
    func everyCommandGivesATypedErrorOrItsOutput(_ damage: Damage) throws {
        let folder = try TemporaryFolder()
        let path = try DamagedStores.copyOfFixture(in: folder)
        try DamagedStores.apply(damage, to: path)
        let before = FileManager.default.contents(atPath: path)

        let unreadable = try Self.runEverything(path)
        let check = unreadable.first { $0.command.hasPrefix("check") }
        #expect(check?.stderr.contains(damage.columnName) == true, "check: \(check?.stderr ?? "exit 0")")
        // A damaged key detaches its row: commands may then name what the row left behind.
        for (command, stderr) in unreadable where damage.isRead || command.hasPrefix("check") {
            #expect(stderr.contains(damage.columnName), "\(command): \(stderr)")
        }
        if damage.isRead {
            #expect(unreadable.contains { !$0.command.hasPrefix("check") }, "no command but check noticed \(damage)")
        }
        #expect(FileManager.default.contents(atPath: path) == before, "inspection changed the file")
    }

    @Test func negativeAndHugeIdsAreShownAndSelectable() throws {
        let folder = try TemporaryFolder()
        let path = try DamagedStores.copyOfFixture(in: folder)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in
            for (old, new) in [(1, Int64(-7)), (2, Int64.max), (3, Int64.min)] {
                try db.execute(sql: "UPDATE restack_snapshot SET id = ? WHERE id = ?", arguments: [new, old])
            }
        }
        try queue.close()
        let history = try #require(try CLI.run(["history", "--db", path, "--session", "s", "--json"]).json as? [[String: Any]])
        #expect(history.map { ($0["id"] as? NSNumber)?.int64Value } == [-7, .max])
        let shown = try CLI.run(["show", "--db", path, "--session", "s", "--snapshot=-7", "--json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(((shown.json as? [String: Any])?["records"] as? [Any])?.count == 1)
        let exported = try CLI.run(["export", "--db", path, "--session", "s", "--snapshot", "\(Int64.max)"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("b\\u0000"))
        #expect(try CLI.run(["plan", "--db", path, "--session", "t"]).status == 0)
        // Readable, but no snapshot can be saved after Int64.max: check says so (issue 31).
        let check = try CLI.run(["check", "--db", path])
        #expect(check.status == 68)
        #expect(check.stdout.contains("restack_snapshot.id: the ids have reached 9223372036854775807"))
    }

    static let garbage = Gen.int(in: 0...11).map { kind -> String in
        ["NULL", "-1", "9223372036854775807", "-9223372036854775808", "1.5", "-1e308", "'x'", "''",
         "CAST(X'FFFE00' AS TEXT)", "X''", "X'00FF'", "'right'"][kind]
    }

    @Test(.timeLimit(.minutes(3)))
    func randomGarbageInRandomCellsNeverCrashesACommand() async throws {
        var exits = [String: Int]()
        let cell = zip(Gen.int(in: 0..<DamagedStores.writableColumns.count), Gen.int(in: 0...20), Self.garbage)
        await checkProperty(count: 20, input: cell.array(of: 1...3)) { cells in
            let folder = try TemporaryFolder()
            let path = try DamagedStores.copyOfFixture(in: folder)
            for (column, row, literal) in cells {
                let (table, name) = DamagedStores.writableColumns[column]
                try DamagedStores.write(literal, into: table, column: name, row: row, at: path)
            }
            let unreadable = try Self.runEverything(path)
            exits[unreadable.isEmpty ? "all read" : "some exit 68", default: 0] += 1
        }
        print("random damage through restore-inspect: 20 stores x \(Self.commands("").count) commands, \(exits.sorted { $0.key < $1.key })")
        #expect(exits["some exit 68", default: 0] > 0, "the garbage must reach the commands")
    }
}
