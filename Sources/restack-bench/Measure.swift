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

/// Runs each subject's operation once per round, so that the machine's drift reaches every subject
/// alike, in an order where each subject runs right after each subject (itself included) equally
/// often, give or take one. What ran just before matters: a subject that follows another one on the
/// same library finds that library's code and data in the CPU's caches. A plain rotation of Restack,
/// raw SQLite and the JSON file ran raw SQLite right after Restack twice as often as Restack right
/// after raw SQLite, which favoured raw SQLite in every restore.
func interleave(rounds: Int, subjects: Int, _ body: (_ round: Int, _ subject: Int) throws -> Void) rethrows {
    var follows = Array(repeating: Array(repeating: 0, count: subjects), count: subjects)
    var previous: Int?
    for round in 0..<rounds {
        var left = Array(0..<subjects)
        while !left.isEmpty {
            // The subject that has followed the previous one least; ties rotate with the round.
            let next = left.min { a, b in
                let countA = previous.map { follows[$0][a] } ?? 0, countB = previous.map { follows[$0][b] } ?? 0
                return (countA, (a - round % subjects + subjects) % subjects) < (countB, (b - round % subjects + subjects) % subjects)
            }!
            left.removeAll { $0 == next }
            if let previous { follows[previous][next] += 1 }
            previous = next
            try body(round, next)
        }
    }
}

/// Prints progress on stderr, so that stdout stays the report (and JSON stays clean).
func progress(_ message: String) {
    FileHandle.standardError.write(Data("restack-bench: \(message)\n".utf8))
}
