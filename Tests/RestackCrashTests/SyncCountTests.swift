import Foundation
import RestackTestSupport
import Testing

/// Durability measured, not assumed: the syncs of real saves, counted with `strace`
/// (installed by `.ci/run`; the tests are skipped where it is absent).
@Suite("Syncs counted with strace", .enabled(if: SyncCount.straceIsAvailable))
struct SyncCountTests {
    @Test func fullDurabilitySyncsTheWALAtEveryCommit() throws {
        let folder = try Scratch()
        let saves = 40
        let syncs = try SyncCount.walSyncs(["save", "--db", folder.path("s.sqlite"), "--session", "s", "--seed", "1",
                                            "--count", "\(saves)", "--durability", "full"])
        print("durability full: \(saves) saves, \(syncs) syncs of the WAL")
        #expect(syncs >= saves, "one sync of the WAL per acknowledged save at least")
    }

    @Test func normalDurabilityDoesNotSyncEachCommit() throws {
        let folder = try Scratch()
        let saves = 40
        let syncs = try SyncCount.walSyncs(["save", "--db", folder.path("s.sqlite"), "--session", "s", "--seed", "1",
                                            "--count", "\(saves)", "--durability", "normal"])
        print("durability normal: \(saves) saves, \(syncs) syncs of the WAL")
        #expect(syncs < saves / 4)
    }

    /// A restore begun at launch writes the crash-loop guard's count through the store's launch
    /// connection: with the store's durability, like every other write.
    @Test(arguments: [("full", true), ("normal", false)])
    func aRestoreBegunAtLaunchSyncsAsTheDurabilitySays(_ durability: String, syncsEachCommit: Bool) throws {
        let folder = try Scratch()
        let path = folder.path("s.sqlite")
        // Seed 2's first state has records (an empty state is restored by the general path).
        _ = try SyncCount.walSyncs(["save", "--db", path, "--session", "s", "--seed", "2", "--count", "1"])
        let begins = 20
        let syncs = try SyncCount.walSyncs(["begin", "--db", path, "--session", "s", "--count", "\(begins)", "--durability", durability])
        print("durability \(durability): \(begins) restores begun, \(syncs) syncs of the WAL")
        if syncsEachCommit {
            #expect(syncs >= begins, "one sync of the WAL per begun restore at least")
        } else {
            #expect(syncs < begins / 4)
        }
    }

    @Test func openingACurrentStoreAndRestoringSyncsNothing() throws {
        let folder = try Scratch()
        let path = folder.path("s.sqlite")
        _ = try SyncCount.walSyncs(["save", "--db", path, "--session", "s", "--seed", "1", "--count", "3"])
        let trace = try SyncCount.trace(["read", "--db", path, "--count", "1"])
        let syncs = trace.split(separator: "\n").filter { $0.contains("sync(") }
        #expect(syncs.isEmpty, "syncs at open: \(syncs)")
    }
}

enum SyncCount {
    static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static var straceIsAvailable: Bool {
        guard let strace else { return false }
        // ptrace may be forbidden in a container: try it once.
        guard let process = try? ChildProcess(strace, ["-o", "/dev/null", "/bin/true"], stderr: .nullDevice) else { return false }
        return process.wait() == .exited(0)
    }

    /// The `fsync`/`fdatasync` calls of a `restack-stress` run, with the path of each file
    /// descriptor (`strace -y`), one per line.
    static func trace(_ arguments: [String]) throws -> String {
        let folder = try Scratch()
        let output = folder.path("strace.out")
        let process = try ChildProcess(strace!, ["-f", "-y", "-e", "trace=fsync,fdatasync", "-o", output, Helper.binary.path] + arguments,
                                       stdout: .nullDevice, stderr: .nullDevice)
        #expect(process.wait() == .exited(0), "restack-stress \(arguments) under strace")
        return String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
    }

    /// How many syncs of the store's `-wal` file a `restack-stress` run made.
    static func walSyncs(_ arguments: [String]) throws -> Int {
        try trace(arguments).split(separator: "\n").filter { $0.contains("sync(") && $0.contains("-wal>") }.count
    }
}
