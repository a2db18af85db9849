import Foundation
import Testing

/// State files are read with a size limit derived from the store's caps, in bounded memory: an
/// endless or huge input is refused quickly with exit 65 naming the limit, and any state within
/// the caps, however its text is escaped, fits under it.
@Suite("restore-inspect input size")
struct InputLimitTests {
    /// The limit for the default caps, as `StateFileInput.byteLimit` derives it and the README
    /// documents it: 6 x 1 MiB + 512 x 1,000 records + 64 KiB.
    static let limit = 6 * 1_048_576 + 512 * 1000 + 64 * 1024

    /// The number in "over the input limit of N bytes".
    static func namedLimit(_ stderr: String) -> Int? {
        guard let range = stderr.range(of: "over the input limit of ") else { return nil }
        return Int(stderr[range.upperBound...].prefix { $0.isNumber })
    }

    /// A refusal of an unbounded input: 65, the limit named, quickly, in little memory.
    func expectRefusedQuickly(_ run: CLI.ShapedRun, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.timedOut, "\(what) was killed after its time bound", sourceLocation: sourceLocation)
        expectFailure(run.result, code: 65, mentioning: "over the input limit of \(Self.limit) bytes", sourceLocation: sourceLocation)
        #expect(run.seconds < 10, "\(what) took \(run.seconds) s", sourceLocation: sourceLocation)
        if let kib = run.maxResidentKiB {
            #expect(kib < 200 * 1024, "\(what): peak memory \(kib) KiB", sourceLocation: sourceLocation)
        }
        print("input size: \(what): exit \(run.result.status) in \(String(format: "%.2f", run.seconds)) s, peak memory \(run.maxResidentKiB.map { "\($0) KiB" } ?? "not measured")")
    }

    @Test func devZeroIsRefusedQuicklyInBoundedMemory() throws {
        let scratch = try Scratch()
        let store = scratch.path("store.sqlite")
        let plan = try CLI.runShaped(["plan", "--input", "/dev/zero"], timeout: 60, measuringMemory: true)
        expectRefusedQuickly(plan, "plan --input /dev/zero")
        let imported = try CLI.runShaped(["import", "--db", store, "--session", "s", "--input", "-"],
                                         redirections: "</dev/zero", timeout: 60, measuringMemory: true)
        expectRefusedQuickly(imported, "import --input - </dev/zero")
        #expect(!FileManager.default.fileExists(atPath: store), "a refused import creates no store")
    }

    @Test func anEndlessPipeIsRefusedQuicklyInBoundedMemory() throws {
        let run = try CLI.runShaped(["plan", "--input", "-"], source: #"yes '{"formatVersion": 1, "left": ['"#,
                                    timeout: 60, measuringMemory: true)
        expectRefusedQuickly(run, "yes | plan --input -")
        // A named pipe as the path: the same.
        let scratch = try Scratch()
        let fifo = scratch.path("endless.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let named = try CLI.runShaped(["plan", "--input", fifo], source: "yes > '\(fifo)'", timeout: 60, measuringMemory: true)
        expectRefusedQuickly(named, "plan --input FIFO fed by yes")
    }

    @Test func aHugeFileIsRefusedWithoutBeingRead() throws {
        let scratch = try Scratch()
        // A sparse terabyte: reading it whole would take minutes and all the memory there is.
        let path = scratch.path("huge.json")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.truncateFile(atOffset: 1 << 40)
        handle.closeFile()
        for run in [try CLI.runShaped(["plan", "--input", path], timeout: 60),
                    try CLI.runShaped(["plan", "--input", "-"], redirections: "<'\(path)'", timeout: 60)] {
            #expect(!run.timedOut)
            expectFailure(run.result, code: 65, mentioning: "is 1099511627776 bytes, over the input limit of \(Self.limit) bytes")
            #expect(run.seconds < 10)
        }
    }

    @Test func aFileAtTheLimitIsReadAndOneByteMoreIsNot() throws {
        let scratch = try Scratch()
        let document = #"{"formatVersion": 1, "left": [{"identifier": "inbox"}]}"#
        // JSON allows any amount of whitespace after the document.
        let atLimit = scratch.write("at.json", document + String(repeating: " ", count: Self.limit - document.utf8.count))
        let overLimit = scratch.write("over.json", document + String(repeating: " ", count: Self.limit + 1 - document.utf8.count))
        let read = try CLI.run(["plan", "--input", atLimit, "--json"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(((read.json as? [String: Any])?["left"] as? [Any])?.count == 1)
        expectFailure(try CLI.run(["plan", "--input", overLimit]), code: 65,
                      mentioning: "is \(Self.limit + 1) bytes, over the input limit of \(Self.limit) bytes")
        // Through a pipe, where the size is not known beforehand, the same bytes give the same answers.
        let piped = try CLI.runShaped(["plan", "--input", "-", "--json"], source: "cat '\(atLimit)'")
        #expect(piped.result.status == 0, "\(piped.result.stderr)")
        let pipedOver = try CLI.runShaped(["plan", "--input", "-"], source: "cat '\(overLimit)'")
        expectFailure(pipedOver.result, code: 65, mentioning: "from stdin is over the input limit of \(Self.limit) bytes")
    }

    /// The limit is not too tight: a state at every default cap whose text is all control
    /// characters (6 bytes of JSON a byte, the worst case) imports, exports and imports again.
    @Test func aStateAtTheCapsWithTheWorstEscapingFits() throws {
        let scratch = try Scratch()
        let store = scratch.path("store.sqlite")
        let recordCount = 1000
        let textBytes = 1_048_576 / recordCount   // identifier bytes per record, under the snapshot cap
        let identifier = String(repeating: "\u{1}", count: textBytes)
        let records = (0..<recordCount - 1).map { _ in ["identifier": identifier, "class": NSNull()] as [String: Any] }
        let document: [String: Any] = ["formatVersion": 1, "left": records, "right": ["identifier": identifier]]
        let data = try JSONSerialization.data(withJSONObject: document)
        let file = scratch.path("caps.json")
        try data.write(to: URL(fileURLWithPath: file))
        let imported = try CLI.run(["import", "--db", store, "--session", "caps", "--input", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        let exported = try CLI.run(["export", "--db", store, "--session", "caps"])
        #expect(exported.status == 0)
        let exportedBytes = exported.stdout.utf8.count
        print("input size: a state at the caps with all-control text exports to \(exportedBytes) bytes; the limit is \(Self.limit)")
        #expect(exportedBytes > 6 * recordCount * textBytes, "the text was escaped 6 bytes a byte")
        #expect(exportedBytes < Self.limit)
        let again = try CLI.run(["import", "--db", store, "--session", "caps again", "--input", "-"], stdin: Data(exported.stdout.utf8))
        #expect(again.status == 0, "\(again.stderr)")
    }
}
