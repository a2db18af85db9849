import Foundation
import RestackTestSupport
import Testing

/// The example's own tests, in its package (Examples/RestackMail/Tests): its navigation state
/// across relaunches, commands, keys, drawing and the words of its status line, in process.
/// `swift test` runs them from here, so that Restack's one test command runs everything.
@Suite("restack-mail's own tests")
struct ExampleOwnTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RESTACK_MAIL"] == nil, "$RESTACK_MAIL names an app built elsewhere"))
    func theExamplesOwnTestsPass() throws {
        let output = try ExampleBuild.runItsTests()
        let text = output.stdoutText + output.stderrText
        #expect(output.termination == .exited(0), "\(text.suffix(8000))")
        #expect(text.contains("✔ Test run with"), "\(text.suffix(2000))")
    }
}
