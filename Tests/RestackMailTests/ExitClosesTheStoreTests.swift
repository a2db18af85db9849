import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// Every way restack-mail ends, 50 times each: `quit`, closed standard input, SIGTERM, SIGHUP,
/// and an error after the store was opened. After each, the folder holds the `.sqlite` file
/// alone: the app closed its store (the last connection's close checkpoints the log into the
/// file), so that a copy of the file alone is the whole store.
@Suite("restack-mail closes its store on every exit")
struct ExitClosesTheStoreTests {
    static let runs = 50

    /// The files beside the store: `-wal`, `-shm`, `-journal`.
    static func sideFiles(in folder: TemporaryFolder) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).filter {
            $0.hasPrefix("mail.sqlite") && $0 != "mail.sqlite"
        }
    }

    /// Runs `exit` in `runs` fresh folders, two at a time; returns the side files left, by run.
    static func sideFilesAfter(_ exit: @escaping @Sendable (_ db: String) throws -> Int32, expecting status: Int32) throws -> [Int: [String]] {
        let found = Locked<[Int: [String]]>([:])
        let statuses = Locked<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for run in stride(from: lane, to: runs, by: 2) {
                guard let folder = try? TemporaryFolder() else { continue }
                let db = folder.path("mail.sqlite")
                let got = (try? exit(db)) ?? -1
                statuses.update { $0.append(got) }
                let left = sideFiles(in: folder)
                if !left.isEmpty { found.update { $0[run] = left } }
            }
        }
        #expect(statuses.value.count == runs)
        #expect(statuses.value.allSatisfy { $0 == status }, "exit statuses: \(Set(statuses.value))")
        return found.value
    }

    @Test func quit() throws {
        let left = try Self.sideFilesAfter({ db in
            try MailProcess.script(["--db", db, "--width", "80"], commands: ["open inbox", "quit"]).status
        }, expecting: 0)
        #expect(left.isEmpty, "side files after quit: \(left)")
    }

    @Test func closedStandardInput() throws {
        let left = try Self.sideFilesAfter({ db in
            try MailProcess.script(["--db", db, "--width", "80"], commands: ["open inbox"]).status
        }, expecting: 0)
        #expect(left.isEmpty, "side files after the end of input: \(left)")
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func politeSignal(_ number: Int32) throws {
        let left = try Self.sideFilesAfter({ db in
            try MailProcess.signalled(["--db", db, "--width", "80"], after: "open inbox", shows: "opened inbox", signal: number)
        }, expecting: 128 + number)
        #expect(left.isEmpty, "side files after signal \(number): \(left)")
    }

    /// A store whose newest snapshot row is damaged: the restore fails, the app says so and
    /// exits 1, with the store it had opened closed. (Session `s`: the one `DamagedStores` damages.)
    @Test func error() throws {
        let template = try TemporaryFolder()
        let damaged = template.path("mail.sqlite")
        let arguments = ["--width", "80", "--session", "s"]
        _ = try MailProcess.script(["--db", damaged] + arguments, commands: ["open inbox", "quit"])
        try DamagedStores.apply(Damage(table: "restack_snapshot", column: "shape", literal: "'bogus'", kind: "text", isRead: true), to: damaged)
        let sample = try MailProcess.script(["--db", damaged] + arguments, commands: ["quit"])
        #expect(sample.stderr.hasPrefix("restack-mail: error: cannot restore: "), "\(sample.stderr)")
        let left = try Self.sideFilesAfter({ db in
            try FileManager.default.copyItem(atPath: damaged, toPath: db)
            return try MailProcess.script(["--db", db] + arguments, commands: ["quit"]).status
        }, expecting: 1)
        #expect(left.isEmpty, "side files after an error: \(left)")
    }
}

/// A value shared by the lanes of a test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        lock.lock(); defer { lock.unlock() }
        return stored
    }

    func update(_ change: (inout Value) -> Void) {
        lock.lock(); defer { lock.unlock() }
        change(&stored)
    }
}
