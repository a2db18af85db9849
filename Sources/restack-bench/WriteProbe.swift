import ArgumentParser
import Foundation
import Restack

/// One subject's saves of a write-cost workload in a process of their own: open the store, save
/// `--saves` states of the workload's sequence (from its `--first`), close the store, and print
/// the bytes the process handed to the kernel meanwhile (`/proc/self/io`'s `wchar`). Closing is
/// inside the measured window, so the writes SQLite defers (the checkpoint of the log into the
/// database file) count. Started by `WriteCostScenario`, under `strace` when it counts syncs.
struct WriteProbe: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "write-probe",
                                                    abstract: "Save a write-cost workload and print the bytes written (used by the write-cost scenario).",
                                                    shouldDisplay: false)

    @Option var kind: String
    @Option var path: String
    @Option var workload: String
    @Option var saves: Int
    @Option(help: "The index of the first save in the workload's sequence.")
    var first = 0

    func run() throws {
        guard let workload = WriteWorkload(rawValue: workload) else {
            throw ValidationError("unknown workload \(workload)")
        }
        let before = try Self.bytesWritten()
        func open() throws -> any BenchSubject {
            switch kind {
            case "restack": try RestackSubject(path: path, durability: .full)
            case "raw": try RawSQLite(path: path, synchronous: "FULL")
            default: try JSONFileStore(name: "JSON file", folder: URL(fileURLWithPath: path), fsync: true)
            }
        }
        do {
            let subject = try open()
            for save in first..<(first + saves) {
                try subject.save(workload.state(save: save), session: "main")
            }
        }   // the subject is released here: the store is closed (SQLite checkpoints its log)
        let after = try Self.bytesWritten()
        print(after - before)
    }

    /// The bytes this process has handed to `write` and its kin so far (`/proc/self/io`).
    static func bytesWritten() throws -> Int {
        try processIO("wchar")
    }
}
