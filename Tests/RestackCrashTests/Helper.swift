import Foundation
import Restack
import RestackStore
import RestackTestSupport
import Testing

/// The `restack-stress` helper binary, beside the test bundle in the build folder, or
/// `$RESTACK_STRESS`.
enum Helper {
    static let binary = builtExecutable(named: "restack-stress", overriddenBy: "RESTACK_STRESS")

    /// Starts the helper with its stdout on a pipe.
    static func start(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(binary.path, arguments, stdout: .pipe, stderr: .nullDevice)
    }

    struct Ack: Hashable {
        var id: Int64
        var seed: UInt64
        var index: UInt64
    }

    /// The acknowledgements in the helper's output: complete lines only (a kill can cut the
    /// last one short, and a line cut short was not acknowledged).
    static func acks(in output: String) -> [Ack] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 4, parts[0] == "ack", let id = Int64(parts[1]),
                  let seed = UInt64(parts[2]), let index = UInt64(parts[3]) else { return nil }
            return Ack(id: id, seed: seed, index: index)
        }
    }

    /// How many reads a reader helper verified: the `v` of its "reads <n> verified <v>" line.
    static func verifiedReads(in output: String) -> Int {
        output.split(separator: "\n").reduce(0) { total, line in
            let parts = line.split(separator: " ")
            guard parts.count == 4, parts[0] == "reads", parts[2] == "verified", let verified = Int(parts[3]) else { return total }
            return total + verified
        }
    }

    /// An integer from the environment, or a default.
    static func environment(_ name: String, default value: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init) ?? value
    }
}

/// A temporary folder removed after the test.
typealias Scratch = TemporaryFolder

/// Whether a stored snapshot is exactly what the helper saved under its tag.
func isComplete(_ snapshot: StoredSnapshot) -> Bool {
    StressStates.isIntact(snapshot)
}
