// restack-stress: a test helper, not for users. It hammers a store so that the crash and
// concurrency tests can kill it or run several at once.
//
//   restack-stress save --db PATH --session NAME --seed S [--count N] [--reopen]
//       Saves StressStates.state(seed: S, index: i) for i = 0, 1, ... (forever when N is 0),
//       printing "ack <snapshot id> <seed> <index>" only after each save's transaction committed.
//       With --reopen, each save opens the store and closes it afterwards, as a process per save
//       would (the last connection's close checkpoints the log and deletes the side files).
//   restack-stress read --db PATH --count N
//       Lists sessions and restores each one, over N rounds that find at least one session (a
//       round before the first save does not count), checking each restored snapshot against
//       StressStates.state(seed:index:) for its tag; prints "reads <n> verified <v>". A snapshot
//       that is not exactly what was saved is an error.
//   restack-stress restore --db PATH --session NAME --count N [--app-version V]
//       Begins and confirms N restores of the session (each recording its outcome, under app
//       version V), printing "confirmed <n>" at the end.
//   restack-stress begin --db PATH --session NAME --count N
//       Begins N restores of the session without confirming them, as N launches that crash
//       while rebuilding would (the crash-loop threshold is set out of reach, so that each is
//       the usual case), printing "begun <n>" at the end.
//   restack-stress logout --db PATH
//       Deletes everything of the owner (SnapshotStore.deleteOwner()), printing "logged out".
//   Every mode takes --durability full|normal (full by default) and --owner NAME (the store's
//   owner; the default owner without it).
// Any error is printed as "error <message>" and exits 1.

import Foundation
import RestackStore
import RestackTestSupport

/// Writes a line straight to the file descriptor: nothing waits in a buffer when the process
/// is killed, so a printed acknowledgement is one the test will see.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func option(_ name: String) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: name), index + 1 < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[index + 1]
}

func fail(_ message: String) -> Never {
    say("error \(message)")
    exit(1)
}

guard CommandLine.arguments.count > 1, let path = option("--db") else {
    fail("usage: restack-stress (save|read) --db PATH ...")
}
let count = UInt64(option("--count") ?? "0") ?? 0
// Keep every snapshot, so that every acknowledged save can be checked.
let durability: SnapshotStore.Durability = option("--durability") == "normal" ? .normal : .full
let options = SnapshotStore.Options(retention: .init(keepLast: Int.max / 2),
                                    crashLoopThreshold: CommandLine.arguments[1] == "begin" ? Int.max / 2 : 2,
                                    durability: durability, appVersion: option("--app-version"),
                                    outcomeRetention: .init(keepLast: Int.max / 2), owner: option("--owner"))

let reopen = CommandLine.arguments.contains("--reopen")
do {
    // With --reopen no store stays open between saves: each is opened for its save.
    let opened = reopen ? nil : try SnapshotStore(path: path, options: options)
    func store() throws -> SnapshotStore { try opened ?? SnapshotStore(path: path, options: options) }
    switch CommandLine.arguments[1] {
    case "save":
        guard let session = option("--session"), let seed = UInt64(option("--seed") ?? "") else {
            fail("save needs --session and --seed")
        }
        var index: UInt64 = 0
        while count == 0 || index < count {
            let state = StressStates.state(seed: seed, index: index)
            let info = try store().save(state, session: session, appVersion: StressStates.tag(seed: seed, index: index))
            say("ack \(info.id) \(seed) \(index)")
            index += 1
        }
    case "restore":
        guard let session = option("--session") else { fail("restore needs --session") }
        var confirmed: UInt64 = 0
        while confirmed < max(count, 1) {
            guard case .restore(let restoration) = try store().beginRestore(session: session) else { fail("nothing restored: expired with no expiry set, or never saved") }
            try store().confirmRestore(restoration)
            confirmed += 1
        }
        say("confirmed \(confirmed)")
    case "begin":
        guard let session = option("--session") else { fail("begin needs --session") }
        var begun: UInt64 = 0
        while begun < max(count, 1) {
            guard case .restore = try store().beginRestore(session: session) else { fail("nothing restored: expired with no expiry set, or never saved") }
            begun += 1
        }
        say("begun \(begun)")
    case "logout":
        try store().deleteOwner()
        say("logged out")
    case "read":
        var reads = 0
        var rounds: UInt64 = 0
        let deadline = Date().addingTimeInterval(120)
        while rounds < max(count, 1) {
            let sessions = try store().sessions()
            guard !sessions.isEmpty else {
                guard Date() < deadline else { fail("no session to read after 120 s") }
                Thread.sleep(forTimeInterval: 0.001)
                continue
            }
            for session in sessions {
                guard let snapshot = try store().restore(session: session.name).restoration?.snapshot else {
                    fail("session \(session.name) answered expired, with no expiry set")
                }
                guard StressStates.isIntact(snapshot) else {
                    fail("torn snapshot \(snapshot.info.id) of \(session.name): \(snapshot.info.recordCount) records, tag \(snapshot.info.appVersion ?? "none")")
                }
                reads += 1
            }
            rounds += 1
        }
        say("reads \(reads) verified \(reads)")
    default:
        fail("unknown mode \(CommandLine.arguments[1])")
    }
} catch {
    fail("\(error)")
}
