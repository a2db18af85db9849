import Foundation

/// One measured operation of one subject.
struct Row: Encodable {
    var scenario: String
    var subject: String
    var medianMicroseconds: Double
    var p99Microseconds: Double
    var samples: Int
}

/// What saves of one workload cost one subject's disk (the write-cost scenario).
struct WriteRow: Encodable {
    var workload: String
    var subject: String
    /// Bytes handed to the kernel per save (`wchar`), the store's closing included.
    var bytesPerSave: Double
    /// `fsync` and `fdatasync` calls per save; nil where strace could not count them.
    var syncsPerSave: Double?
    var saves: Int
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
    var writes: [WriteRow] = []
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
        if !writes.isEmpty {
            lines.append("")
            lines.append("| write cost (fsync) | subject | bytes per save | syncs per save | vs raw SQLite | vs JSON file | saves |")
            lines.append("|---|---|---|---|---|---|---|")
            for row in writes {
                let raw = writes.first { $0.workload == row.workload && $0.subject.hasPrefix("raw SQLite") }?.bytesPerSave
                let json = writes.first { $0.workload == row.workload && $0.subject.hasPrefix("JSON file") }?.bytesPerSave
                func ratio(_ base: Double?) -> String { base.map { String(format: "%.2fx", row.bytesPerSave / $0) } ?? "-" }
                let syncs = row.syncsPerSave.map { String(format: "%.2f", $0) } ?? "not counted"
                lines.append("| \(row.workload) | \(row.subject) | \(String(format: "%.0f", row.bytesPerSave)) | \(syncs) | \(ratio(raw)) | \(ratio(json)) | \(row.saves) |")
            }
        }
        lines.append("")
        for (name, value) in facts.sorted(by: { $0.key < $1.key }) {
            lines.append("- \(name): \(String(format: value >= 100 ? "%.0f" : "%.2f", value))")
        }
        lines.append("")
        lines.append("| target | measured | limit | result |")
        lines.append("|---|---|---|---|")
        for target in targets {
            lines.append("| \(target.name) | \(String(format: target.measured >= 1000 ? "%.0f" : "%.2f", target.measured))\(target.unit) | \(String(format: target.limit >= 1000 ? "%.0f" : "%.2f", target.limit))\(target.unit) | \(target.pass ? "PASS" : "FAIL") |")
        }
        return lines.joined(separator: "\n")
    }

    static func duration(_ microseconds: Double) -> String {
        microseconds >= 10_000 ? String(format: "%.1f ms", microseconds / 1000) : String(format: "%.0f µs", microseconds)
    }
}
