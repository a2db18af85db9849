import Foundation

/// Wall-clock samples of one operation by one subject.
struct Samples {
    var nanoseconds: [UInt64] = []

    mutating func time<T>(_ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        nanoseconds.append(DispatchTime.now().uptimeNanoseconds - start)
        return result
    }

    private func percentile(_ fraction: Double) -> Double {
        guard !nanoseconds.isEmpty else { return .nan }
        let sorted = nanoseconds.sorted()
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
        return Double(sorted[index])
    }

    /// The median, in microseconds.
    var median: Double { percentile(0.5) / 1000 }
    /// The 99th percentile, in microseconds.
    var p99: Double { percentile(0.99) / 1000 }
}

/// Runs each subject's operation once per round, in an order that rotates every round, so that
/// the machine's drift reaches every subject alike.
func interleave(rounds: Int, subjects: Int, _ body: (_ round: Int, _ subject: Int) throws -> Void) rethrows {
    for round in 0..<rounds {
        for offset in 0..<subjects {
            try body(round, (round + offset) % subjects)
        }
    }
}

/// Prints progress on stderr, so that stdout stays the report (and JSON stays clean).
func progress(_ message: String) {
    FileHandle.standardError.write(Data("restack-bench: \(message)\n".utf8))
}
