import Foundation

/// One measured operation of one subject.
struct Row: Encodable {
    var scenario: String
    var subject: String
    var medianMicroseconds: Double
    var p99Microseconds: Double
    var samples: Int
}

/// A target from the issue, checked against ratios measured in this run.
struct Target: Encodable {
    var name: String
    var measured: Double
    var limit: Double
    var unit: String
    var pass: Bool

    init(_ name: String, measured: Double, atMost limit: Double, unit: String = "x") {
        self.name = name
        self.measured = measured
        self.limit = limit
        self.unit = unit
        self.pass = measured <= limit
    }
}

/// Everything one run measured.
struct Report: Encodable {
    var rows: [Row] = []
    var targets: [Target] = []
    var facts: [String: Double] = [:]

    mutating func add(_ scenario: String, _ subject: String, _ samples: Samples) {
        rows.append(Row(scenario: scenario, subject: subject, medianMicroseconds: samples.median, p99Microseconds: samples.p99, samples: samples.nanoseconds.count))
    }

    func median(_ scenario: String, _ subject: String) -> Double {
        rows.first { $0.scenario == scenario && $0.subject == subject }?.medianMicroseconds ?? .nan
    }

    /// The table: each scenario's subjects with their ratio to the first two baselines listed.
    func text() -> String {
        var lines = ["| scenario | subject | median | p99 | vs raw SQLite | vs JSON file | samples |", "|---|---|---|---|---|---|---|"]
        for row in rows {
            let raw = rows.first { $0.scenario == row.scenario && $0.subject.hasPrefix("raw SQLite") }?.medianMicroseconds
            let json = rows.first { $0.scenario == row.scenario && $0.subject.hasPrefix("JSON file") }?.medianMicroseconds
            func ratio(_ base: Double?) -> String { base.map { String(format: "%.2fx", row.medianMicroseconds / $0) } ?? "-" }
            lines.append("| \(row.scenario) | \(row.subject) | \(Self.duration(row.medianMicroseconds)) | \(Self.duration(row.p99Microseconds)) | \(ratio(raw)) | \(ratio(json)) | \(row.samples) |")
        }
        lines.append("")
        for (name, value) in facts.sorted(by: { $0.key < $1.key }) {
            lines.append("- \(name): \(String(format: value >= 100 ? "%.0f" : "%.2f", value))")
        }
        lines.append("")
        lines.append("| target | measured | limit | result |")
        lines.append("|---|---|---|---|")
        for target in targets {
            lines.append("| \(target.name) | \(String(format: "%.2f", target.measured))\(target.unit) | \(String(format: "%.2f", target.limit))\(target.unit) | \(target.pass ? "PASS" : "FAIL") |")
        }
        return lines.joined(separator: "\n")
    }

    static func duration(_ microseconds: Double) -> String {
        microseconds >= 10_000 ? String(format: "%.1f ms", microseconds / 1000) : String(format: "%.0f µs", microseconds)
    }
}
