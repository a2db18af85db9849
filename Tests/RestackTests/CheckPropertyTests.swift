import Foundation
import PropertyBased
import RestackPropertyTesting
import Testing

/// The property helper every test target uses: a body that throws fails the test, where
/// `propertyCheck` alone would swallow the error and pass.
@Suite("Property checks")
struct CheckPropertyTests {
    struct Thrown: Error {}

    @Test func aPropertyWhoseBodyThrowsFailsTheTest() async {
        var runs = 0
        // Known issues: the error recorded by checkProperty, and propertyCheck's report of the
        // failing input. Were the error swallowed, no issue would be recorded and
        // withKnownIssue would fail this test.
        await withKnownIssue("checkProperty records a thrown error as an issue") {
            await checkProperty(count: 5, input: Gen.int(in: 0...9)) { _ in
                runs += 1
                throw Thrown()
            }
        } matching: { issue in
            issue.error is Thrown || issue.comments.contains { $0.rawValue.contains("Failure occured with input") }
        }
        #expect(runs >= 1)
    }

    @Test func aPropertyThatHoldsRecordsNothing() async {
        var runs = 0
        await checkProperty(count: 20, input: Gen.int(in: 0...9)) { value in
            runs += 1
            #expect((0...9).contains(value))
        }
        #expect(runs == 20)
    }

    /// No test calls `propertyCheck` directly, where a throwing body would pass.
    @Test func everyPropertyGoesThroughCheckProperty() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        let direct = "property" + "Check("
        var properties = 0
        for file in files {
            let source = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            #expect(!source.contains(direct), "\(file) calls propertyCheck directly; use checkProperty")
            properties += source.components(separatedBy: "checkProperty(").count - 1
        }
        print("property checks: \(properties) calls to checkProperty in \(files.count) test files")
        #expect(properties >= 10)
    }
}
